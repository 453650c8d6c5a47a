import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two cores: two test files at a time (each api file runs its own server).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "api",
          environment: "node",
          include: ["api/src/**/*.test.ts", "shared/src/**/*.test.ts", "codegen/**/*.test.ts", "tests/**/*.test.ts"],
          globalSetup: ["api/src/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one PostgreSQL database per run; each file makes its own organisations.
          fileParallelism: true,
        },
      },
      "web/vitest.config.ts",
    ],
  },
});
