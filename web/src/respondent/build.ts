// Builds the respondent page (web/respond.html, served at /s/{id} and /t/{id}) on its own, after the
// web client, with Preact's React-compatible runtime in place of React: the page is opened on phones
// over mobile networks and must stay under 60 KB compressed with everything it loads (issue 18,
// docs/decisions.md "A light respondent page"). The components are the same React code; only the
// runtime they are bundled with differs. Tests (Vitest, jsdom) run them on React; the end-to-end tests
// run this build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** React's entry points, mapped to preact/compat's (exact names only: "react-relay" is not "react"). */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export async function buildRespondentPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: "warn",
    publicDir: false,
    plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } })],
    resolve: { alias: preactAliases },
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: "hidden",
      reportCompressedSize: false,
      rolldownOptions: { input: { respond: path.join(webRoot, "respond.html") } },
    },
  });
}

/** After the web client's build, builds the respondent page beside it (dist/web/respond.html). */
export function respondentBuildPlugin(outDir: string): Plugin {
  return {
    name: "feedback-respondent-page",
    apply: "build",
    closeBundle: {
      sequential: true,
      async handler() {
        await buildRespondentPage(outDir);
      },
    },
  };
}
