import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { babelPlugins } from "./vite.config";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// A self-contained Vitest project; the root vitest.config.ts lists it under test.projects.
export default defineProject({
  root: repoRoot,
  plugins: [react({ babel: { plugins: babelPlugins } })],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["web/src/**/*.test.{ts,tsx}"],
    setupFiles: ["web/src/test/setup.ts"],
    restoreMocks: true,
  },
});
