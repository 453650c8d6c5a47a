// The analytics pool's connection settings: PostgreSQL itself reports them on a connection of the pool.
import { describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { loadConfig } from "../config.js";
import { analyticsWorkMem, createAnalyticsLimits } from "./analytics.js";

describe.skipIf(noDatabase)("analytics pool", () => {
  it("runs with the statement timeout and the work_mem of its raw-row aggregates, JIT off", async () => {
    const limits = createAnalyticsLimits(loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl ?? "", ANALYTICS_STATEMENT_TIMEOUT_MS: "7000" }));
    try {
      const [row] = await limits.analyticsPrisma!.$queryRawUnsafe<{ work_mem: string; statement_timeout: string; jit: string }[]>(
        `SELECT current_setting('work_mem') AS work_mem, current_setting('statement_timeout') AS statement_timeout, current_setting('jit') AS jit`,
      );
      expect(analyticsWorkMem).toBe("32MB");
      expect(row).toEqual({ work_mem: "32MB", statement_timeout: "7s", jit: "off" });
    } finally {
      await limits.close();
    }
  });
});
