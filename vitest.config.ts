import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "api",
          environment: "node",
          include: ["api/src/**/*.test.ts", "codegen/**/*.test.ts", "tests/**/*.test.ts"],
          globalSetup: ["api/src/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one PostgreSQL database per run; each file makes its own organisations.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      "web/vitest.config.ts",
    ],
  },
});
