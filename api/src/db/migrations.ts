// Applies the committed SQL migrations (prisma/migrations/*/migration.sql) with plain `pg`, so the
// runtime never needs a Prisma schema engine. The bookkeeping is Prisma's own: the
// `_prisma_migrations` table with the same columns and sha-256 checksums, so the official
// `prisma migrate deploy` (where the native engine exists) sees the same history.
//
// - Migrations are applied in directory-name order, each in its own transaction together with its
//   `_prisma_migrations` row: a failing migration leaves no trace and is retried on the next run.
//   (So a migration must not use statements that cannot run in a transaction, such as
//   CREATE INDEX CONCURRENTLY.)
// - A PostgreSQL advisory lock (the key Prisma's own migrate commands use) serialises concurrent
//   deployers: the second process waits, then finds nothing left to apply.
// - An applied migration whose file has changed since (checksum mismatch) or a migration left
//   failed by another tool stops the deploy with a clear error; nothing is applied then.
// Works against PostgreSQL 15+ and against PGlite served through pglite-socket.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** The repository's migrations directory. */
export const defaultMigrationsDir = fileURLToPath(new URL("../../../prisma/migrations", import.meta.url));

/** Prisma's advisory lock key for migrations (shared with `prisma migrate`). */
const MIGRATION_LOCK_KEY = 72707369;
const LOCK_WAIT_MS = 10 * 60 * 1000;

export interface LocalMigration {
  name: string;
  sql: string;
  checksum: string;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** The hex sha-256 Prisma records for a migration script. */
export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

function checksumMatches(sql: string, recorded: string): boolean {
  // Prisma also accepts a script whose only change is its line endings (a git checkout on Windows).
  return (
    migrationChecksum(sql) === recorded ||
    migrationChecksum(sql.replace(/\r\n/g, "\n")) === recorded ||
    migrationChecksum(sql.replace(/\r?\n/g, "\r\n")) === recorded
  );
}

/** Reads `<dir>/<name>/migration.sql` for every migration directory, in name order. */
export async function readMigrations(migrationsDir: string = defaultMigrationsDir): Promise<LocalMigration[]> {
  if (!existsSync(migrationsDir)) return [];
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory() && existsSync(path.join(migrationsDir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort();
  const out: LocalMigration[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
    out.push({ name, sql, checksum: migrationChecksum(sql) });
  }
  return out;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

async function acquireLock(client: pg.Client, log: (msg: string) => void): Promise<void> {
  // Polling with pg_try_advisory_lock rather than blocking in pg_advisory_lock: the wait is
  // bounded, and a single-backend server (PGlite) can never block on itself.
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    const res = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [MIGRATION_LOCK_KEY]);
    if (res.rows[0]?.ok) return;
    if (!told) {
      log("waiting for another process to finish migrating the database...");
      told = true;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${LOCK_WAIT_MS / 1000}s waiting for the migration lock (advisory lock ${MIGRATION_LOCK_KEY}).`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function appliedRows(client: pg.Client): Promise<AppliedRow[]> {
  const res = await client.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
  );
  return res.rows;
}

/** Checks the recorded history against the local migrations; throws on edits and failed migrations. */
function verifyHistory(local: LocalMigration[], rows: AppliedRow[]): Set<string> {
  const applied = new Set<string>();
  const byName = new Map(local.map((m) => [m.name, m]));
  for (const row of rows) {
    if (row.rolled_back_at) continue;
    if (!row.finished_at) {
      throw new Error(
        `Migration ${row.migration_name} failed in an earlier run and is recorded as unfinished in _prisma_migrations. ` +
          `Repair the database by hand, then mark it rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() ` +
          `WHERE migration_name = '${row.migration_name}' AND finished_at IS NULL) before deploying again.`,
      );
    }
    const file = byName.get(row.migration_name);
    if (file && !checksumMatches(file.sql, row.checksum)) {
      throw new Error(
        `Migration ${row.migration_name} was modified after it was applied to this database ` +
          `(checksum in _prisma_migrations ${row.checksum}, file ${file.checksum}). ` +
          `Applied migrations must not be edited: restore the file and add a new migration for the change.`,
      );
    }
    applied.add(row.migration_name);
  }
  return applied;
}

/**
 * Applies the pending migrations to the database at `databaseUrl` and returns the names of the ones
 * it applied (empty when the database is up to date).
 */
export async function deployMigrations(databaseUrl: string, opts?: { log?: (msg: string) => void; migrationsDir?: string }): Promise<string[]> {
  const log = opts?.log ?? (() => {});
  const local = await readMigrations(opts?.migrationsDir ?? defaultMigrationsDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  // A broken connection surfaces as a failed query; without a listener it would crash the process.
  client.on("error", () => {});
  await client.connect();
  const done: string[] = [];
  let locked = false;
  try {
    await acquireLock(client, log);
    locked = true;
    await client.query(CREATE_TABLE);
    const rows = await appliedRows(client);
    const applied = verifyHistory(local, rows);
    const localNames = new Set(local.map((m) => m.name));
    const unknown = [...applied].filter((n) => !localNames.has(n));
    if (unknown.length > 0) {
      log(`warning: the database has migrations that are not in the migrations directory: ${unknown.join(", ")}`);
    }
    for (const m of local) {
      if (applied.has(m.name)) continue;
      log(`applying migration ${m.name}`);
      const started = Date.now();
      await client.query("BEGIN");
      try {
        // Another deployer sharing this session (PGlite has one backend) may have got here first.
        const again = await client.query(
          `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          [m.name],
        );
        if ((again.rowCount ?? 0) > 0) {
          await client.query("ROLLBACK");
          continue;
        }
        const id = randomUUID();
        await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`, [
          id,
          m.checksum,
          m.name,
        ]);
        // No parameters: the simple query protocol runs the whole multi-statement script.
        await client.query(m.sql);
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(`Migration ${m.name} failed and was rolled back: ${message}`, { cause: err });
      }
      done.push(m.name);
      log(`applied migration ${m.name} in ${Date.now() - started} ms`);
    }
    if (done.length === 0) log("database is up to date");
    return done;
  } finally {
    if (locked) await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
