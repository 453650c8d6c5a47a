// Before the api tests: check that the real PostgreSQL and Redis answer, create one database for
// this run and migrate it. With CI=true a missing service fails the run; elsewhere the tests that
// need it are skipped, each file with a warning naming it (services.ts).
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { adminDatabaseUrl as adminUrl, createScratchDatabase, postgresAnswers } from "./support.js";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | null;
    redisUrl: string | null;
  }
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export default async function setup(project: TestProject) {
  const ci = process.env.CI === "true";
  const [hasPostgres, hasRedis] = await Promise.all([postgresAnswers(), redisAnswers()]);
  const missing = [!hasPostgres && `PostgreSQL at ${adminUrl}`, !hasRedis && `Redis at ${redisUrl}`].filter(Boolean);
  if (missing.length && ci) throw new Error(`CI=true and these services do not answer: ${missing.join(", ")}`);
  if (missing.length) console.warn(`Skipping integration tests that need: ${missing.join(", ")}`);
  project.provide("redisUrl", hasRedis ? redisUrl : null);
  if (!hasPostgres) {
    project.provide("databaseUrl", null);
    return;
  }
  const database = await createScratchDatabase("feedback_test");
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}
