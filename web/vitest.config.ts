import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

// web/ is this project's root, both standalone (--config web/vitest.config.ts) and as an entry of
// the root vitest.config.ts (test.projects), where Vitest roots a project at its config's folder.
// The same Babel plugins as web/vite.config.ts (Relay graphql tags, Lingui macros).
const babelPlugins = ["relay", "@lingui/babel-plugin-lingui-macro"];

const webRoot = fileURLToPath(new URL(".", import.meta.url)).replace(/\/$/, "");

export default defineProject({
  root: webRoot,
  plugins: [react({ babel: { plugins: babelPlugins } })],
  test: {
    name: "web",
    dir: webRoot,
    environment: "jsdom",
    // = web/src/**/*.test.{ts,tsx} from the repository root
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: [fileURLToPath(new URL("./src/test/setup.ts", import.meta.url))],
    restoreMocks: true,
    // Generous: a render test that takes 5 s on a busy two-core machine is slow, not wrong (the
    // first render of a screen loads its lazy chunks through Vite's transform).
    testTimeout: 30_000,
  },
});
