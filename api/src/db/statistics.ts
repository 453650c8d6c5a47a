// Planner statistics kept fresh by the app itself where nothing else does it.
//
// PostgreSQL plans every analytics read from its statistics (row counts, value distributions). They
// come from ANALYZE, which autovacuum runs on a server with `autovacuum = on`; but the embedded
// database (PGlite, one backend in single-user mode) has no autovacuum at all, and a server can have
// it switched off. Without statistics a table the seed just filled looks empty: the planner then
// joins answers and responses with nested loops over whole ranges, and restricting the results by an
// answer took 14.6 s on the demo organisation's 10,000 responses, minutes on a loaded machine
// (docs/analytics.md "Filters at speed"). So:
// - the demo seed (and the benchmark generators) run ANALYZE after their bulk load;
// - `startStatisticsKeeper` (main.ts), where autovacuum does not run, checks every minute which
//   tables changed by more than autovacuum's own default threshold since their last ANALYZE
//   (50 rows + 10 % of the table, `n_mod_since_analyze`) or were never analysed, and ANALYZEs those.
//   Several api processes take turns through a transaction's advisory lock.
import type { PrismaClient } from "../generated/prisma/client.js";

type Db = Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe">;
type Client = Db & Pick<PrismaClient, "$transaction">;

/** Autovacuum's default analyze threshold: 50 rows plus 10 % of the table's rows. */
export const analyzeThreshold = { base: 50, scale: 0.1 } as const;

const lockKey = 0x5747_a7a1; // pg_try_advisory_lock key of the keeper (any process)

/**
 * The tables of the current schema whose statistics are stale: changed by more than the threshold
 * since their last ANALYZE, or holding rows and never analysed.
 */
export async function staleTables(db: Db): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT s.relname AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()
        AND (s.n_mod_since_analyze > $1::int + $2::float8 * greatest(c.reltuples, 0)
             OR (s.last_analyze IS NULL AND s.last_autoanalyze IS NULL AND c.reltuples < 0 AND s.n_live_tup > 0))
      ORDER BY s.relname`,
    analyzeThreshold.base,
    analyzeThreshold.scale,
  );
  return rows.map((r) => r.name);
}

/** ANALYZEs the stale tables (none when another process holds the keeper's lock); answers their names. */
export async function analyzeStaleTables(db: Client): Promise<string[]> {
  // One transaction (ANALYZE may run in one): the lock is the transaction's, on the connection that ANALYZEs.
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRawUnsafe<{ ok: boolean }[]>(`SELECT pg_try_advisory_xact_lock(${lockKey}) AS ok`);
      if (!lock?.ok) return [];
      const tables = await staleTables(tx);
      for (const t of tables) await tx.$executeRawUnsafe(`ANALYZE "${t.replace(/"/g, '""')}"`);
      return tables;
    },
    { maxWait: 30_000, timeout: 10 * 60_000 },
  );
}

/** Whether the server's autovacuum runs (never in PGlite's single-user backend, whatever it reports). */
export async function autovacuumRuns(db: Db, embedded: boolean): Promise<boolean> {
  if (embedded) return false;
  const [row] = await db.$queryRawUnsafe<{ on: string }[]>(`SELECT current_setting('autovacuum') AS on`);
  return row?.on === "on";
}

/**
 * Where autovacuum does not run, ANALYZEs stale tables now and then every `intervalMs` (default a
 * minute). Answers a stop function; errors go to `onError` and the next round tries again.
 */
export async function startStatisticsKeeper(
  db: Client,
  opts: { embedded: boolean; intervalMs?: number; log?: (message: string) => void; onError?: (error: unknown) => void },
): Promise<() => Promise<void>> {
  if (await autovacuumRuns(db, opts.embedded)) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  const round = () => {
    running = analyzeStaleTables(db)
      .then((tables) => {
        if (tables.length) opts.log?.(`statistics: analysed ${tables.join(", ")}`);
      })
      .catch((error) => opts.onError?.(error));
    return running;
  };
  // The first round in the background: a start does not wait for ANALYZE of a large database.
  void round();
  const timer = setInterval(round, opts.intervalMs ?? 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
