// Whether this run's PostgreSQL and Redis answer (global-setup.ts checks them once per run), for
// test files that need them. A file that needs a missing service is skipped and says so, under its
// own name, on stderr: outside CI only, since under CI=true global-setup fails the whole run instead.
//
//   describe.skipIf(skipWithout("PostgreSQL"))("…", () => { … });
//
// The harness's `noDatabase` is `skipWithout("PostgreSQL")`, so every file that starts a test app
// warns when PostgreSQL is missing.
import path from "node:path";
import { expect, inject } from "vitest";
import { adminDatabaseUrl } from "./support.js";

export type TestService = "PostgreSQL" | "Redis";

/** The run's migrated scratch database; null when PostgreSQL does not answer. */
export const databaseUrl = inject("databaseUrl");
/** Redis; null when it does not answer (the api then runs without it). */
export const redisUrl = inject("redisUrl");

const where: Record<TestService, string> = {
  PostgreSQL: adminDatabaseUrl,
  Redis: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
};
const warned = new Set<string>();

/** True (and one warning per file and service) when a service this file needs does not answer. */
export function skipWithout(...services: TestService[]): boolean {
  const missing = services.filter((s) => (s === "PostgreSQL" ? !databaseUrl : !redisUrl));
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "this test file");
  for (const service of missing) {
    const key = `${file}\0${service}`;
    if (warned.has(key)) continue;
    warned.add(key);
    console.warn(
      `SKIPPED ${file}: ${service} does not answer at ${where[service]}, so its tests that need it did not run (with CI=true the run fails instead)`,
    );
  }
  return missing.length > 0;
}
