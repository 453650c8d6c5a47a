// A scratch database on the real PostgreSQL for one suite: created, migrated, and always dropped.
import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { deployMigrations } from "../../api/src/db/migrations.js";
import type { BenchContext } from "./suite.js";

export const adminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function serverVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const res = await client.query<{ server_version: string }>("SHOW server_version");
    return res.rows[0]?.server_version ?? "?";
  } finally {
    await client.end().catch(() => {});
  }
}

const ownerComment = () => `bench scratch database; host=${os.hostname()} pid=${process.pid}`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Drops scratch databases left by earlier runs of this machine whose process is gone (a run killed
 * outright: tsx answers a second Ctrl-C, or a busy child, with SIGKILL, and no `finally` runs then).
 */
export async function dropAbandonedScratchDatabases(log: (message: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  try {
    const res = await client.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname LIKE 'bench\\_%'`,
    );
    for (const row of res.rows) {
      const owner = /^bench scratch database; host=(.*) pid=(\d+)$/.exec(row.comment ?? "");
      if (!owner || owner[1] !== os.hostname() || processAlive(Number(owner[2]))) continue;
      await client.query(`DROP DATABASE IF EXISTS "${row.datname.replace(/"/g, '""')}" WITH (FORCE)`);
      log(`dropped ${row.datname}, left behind by an interrupted run (pid ${owner[2]})`);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `fn` with the URL of a fresh, migrated database named `bench_<label>_<random>`, dropped afterwards. */
export async function withScratchDatabase<T>(ctx: BenchContext, label: string, fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `bench_${label.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    ctx.log(`dropped scratch database ${name}`);
  };
  await adminQuery(`CREATE DATABASE "${name}"`);
  const unregister = ctx.onCleanup(drop);
  await adminQuery(`COMMENT ON DATABASE "${name}" IS '${ownerComment()}'`);
  try {
    ctx.log(`scratch database ${name}: deploying migrations`);
    await deployMigrations(url.toString());
    return await fn(url.toString());
  } finally {
    unregister();
    await drop();
  }
}
