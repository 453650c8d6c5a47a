// Builds the widget script (entry.ts) into one small IIFE file, dist/widget/widget.js, as part of
// `npm run build:web` (a plugin of web/vite.config.ts) and in the size test.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
export const widgetEntry = path.join(here, "entry.ts");
export const widgetOutDir = path.resolve(here, "../../../dist/widget");
/** The widget's budget: at most 20 KB gzipped, so a page that embeds it stays fast (docs/widget.md). */
export const widgetGzipBudget = 20 * 1024;

export async function buildWidget(outDir = widgetOutDir): Promise<string> {
  await build({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: "es2020",
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: widgetEntry, formats: ["iife"], name: "feedbackWidgetScript", fileName: () => "widget.js" },
    },
  });
  return `${outDir}/widget.js`;
}

/** After the web client's build, builds the widget beside it (dist/widget/widget.js). */
export function widgetBuildPlugin(): Plugin {
  return {
    name: "feedback-widget",
    apply: "build",
    async closeBundle() {
      await buildWidget();
    },
  };
}
