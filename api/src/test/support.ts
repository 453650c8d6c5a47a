// Test and benchmark support without Vitest: free loopback ports and scratch databases on the
// real PostgreSQL (created, migrated, dropped). The Vitest harness and the bench build on it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultMigrationsDir, deployMigrations } from "../db/migrations.js";

/** The PostgreSQL server tests use; its `postgres` database is only used to create others. */
export const adminDatabaseUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function postgresAnswers(url = adminDatabaseUrl): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
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

async function adminQuery(sql: string, adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/** The migrations a deploy applies to a database made `{ before: migration }`: that one and every later one, in order. */
export async function migrationsFrom(migration: string): Promise<string[]> {
  return [migration, ...(await readdir(defaultMigrationsDir)).filter((n) => n > migration && !n.endsWith(".toml")).sort()];
}

/** Runs `work` with a client of the database at `url`, ended afterwards (a migration test's reads and writes). */
export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** The columns of `table` whose names start with `prefix`: name, SQL type, NOT NULL (a migration test's check). */
export async function columnsLike(c: pg.Client, table: string, prefix: string): Promise<{ name: string; type: string; notNull: boolean }[]> {
  const rows = await c.query<{ name: string; type: string; notNull: boolean }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attnotnull AS "notNull" FROM pg_attribute
      WHERE attrelid = format('%I', $1::text)::regclass AND attname LIKE $2 || '%' AND NOT attisdropped ORDER BY attnum`,
    [table, prefix],
  );
  return rows.rows;
}

/**
 * A new database named `<prefix>_<random>`, with every migration applied, or (`before`: a test of one
 * migration) only the migrations before the one named, so the test can fill in rows as the earlier
 * code left them and then deploy the rest.
 */
export async function createScratchDatabase(prefix: string, adminUrl = adminDatabaseUrl, opts: { before?: string } = {}): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new Error(`scratch database prefix must be lower-case letters, digits and _: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database "${name}"`, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dir = "";
  try {
    if (opts.before) {
      dir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
      await cp(defaultMigrationsDir, dir, { recursive: true });
      for (const entry of await readdir(dir)) if (entry >= opts.before && !entry.endsWith(".toml")) await rm(path.join(dir, entry), { recursive: true });
    }
    await deployMigrations(url.toString(), { migrationsDir: dir || undefined });
  } catch (error) {
    await adminQuery(`drop database if exists "${name}" with (force)`, adminUrl);
    throw error;
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`, adminUrl),
  };
}

/** Whether Debian's Chromium (the PDF printer) is installed. */
export const chromiumPresent = existsSync("/usr/bin/chromium");

/** Whether pdftotext (poppler-utils) is there to read a PDF back. */
export const pdftotextPresent = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
