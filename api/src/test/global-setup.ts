// Before the api tests: check that the real PostgreSQL and Redis answer, create one database for
// this run and migrate it. With CI=true a missing service fails the run; elsewhere the tests that
// need it are skipped (and say so).
import pg from "pg";
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { deployMigrations } from "../db/migrations.js";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | null;
    redisUrl: string | null;
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
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
  const name = `feedback_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await deployMigrations(url.toString());
  project.provide("databaseUrl", url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}
