// Planner statistics kept fresh by the app itself where nothing else does it.
//
// PostgreSQL plans every analytics read from its statistics (row counts, value distributions). They
// come from ANALYZE, which autovacuum runs on a server with `autovacuum = on`; but the embedded
// database (PGlite, one backend in single-user mode) has no autovacuum at all, and a server can have
// it switched off (this machine's has). Without statistics a table the seed just filled looks empty:
// restricting the demo's results by one answer (10,000 responses) planned as nested loops over whole
// ranges and kept the one embedded connection busy for minutes, every screen waiting behind it; after
// ANALYZE the same screens answered in 0.1–0.4 s (docs/analytics.md "Filters at speed"). So:
// - the demo seed (and the benchmark generators) analyse after their bulk load;
// - `startStatisticsKeeper` (main.ts), where autovacuum does not run, checks every minute which tables
//   are stale and ANALYZEs those. Several api processes take turns through an advisory lock.
//
// A table is stale when it holds rows and was never analysed, when it grew by more than a fifth (and 8
// pages) since its last ANALYZE (pg_class: survives restarts, also PGlite's unclean ones, which lose
// the activity counters), or when it changed by more than autovacuum's own default threshold (50 rows
// + 10 %, `n_mod_since_analyze`: also updates and deletes).
import type { PrismaClient } from "../generated/prisma/client.js";

/** What the functions need of a client: Prisma's, or PGlite's own in tests. */
export type StatisticsDb = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
};
type Client = StatisticsDb & { $transaction<R>(fn: (tx: StatisticsDb) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R> };

/** Autovacuum's default analyze threshold: 50 rows plus 10 % of the table's rows. */
export const analyzeThreshold = { base: 50, scale: 0.1 } as const;
/** Growth since the last ANALYZE that makes a table stale: a fifth of its pages, and at least 8. */
export const growthBeforeAnalyze = { share: 0.2, minimumPages: 8 } as const;

const lockKey = 0x5747_a7a1; // pg_try_advisory_xact_lock key of the keeper (any process)

export type TableState = {
  table: string;
  /** reltuples ≥ 0: analysed (or vacuumed) at least once. */
  analysed: boolean;
  analysedRows: number;
  analysedPages: number;
  pages: number;
  /** Rows changed since the last ANALYZE, as the activity counters tell (null: no counters). */
  modified: number | null;
};

/** The schema's tables: their size now, at their last ANALYZE, and the changes counted since. */
export async function tableStates(db: StatisticsDb): Promise<TableState[]> {
  const rows = await db.$queryRawUnsafe<{ table: string; reltuples: number; relpages: number; pages: bigint | number; modified: bigint | number | null }[]>(
    `SELECT c.relname AS "table", c.reltuples::float8 AS reltuples, c.relpages,
            pg_relation_size(c.oid) / current_setting('block_size')::int AS pages,
            s.n_mod_since_analyze AS modified
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  return rows.map((r) => ({
    table: r.table,
    analysed: Number(r.reltuples) >= 0,
    analysedRows: Math.max(0, Number(r.reltuples)),
    analysedPages: Number(r.relpages),
    pages: Number(r.pages),
    modified: r.modified === null ? null : Number(r.modified),
  }));
}

export function isStale(t: TableState): boolean {
  if (!t.analysed) return t.pages > 0 || (t.modified ?? 0) > 0;
  const grown = t.pages - t.analysedPages;
  if (grown >= growthBeforeAnalyze.minimumPages && grown > t.analysedPages * growthBeforeAnalyze.share) return true;
  return t.modified !== null && t.modified > analyzeThreshold.base + analyzeThreshold.scale * t.analysedRows;
}

/** The stale tables' names. */
export async function staleTables(db: StatisticsDb): Promise<string[]> {
  return (await tableStates(db)).filter(isStale).map((t) => t.table);
}

/** ANALYZEs the stale tables (none when another process holds the keeper's lock); answers their names. */
export async function analyzeStaleTables(db: Client | Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe" | "$transaction">): Promise<string[]> {
  // One transaction (ANALYZE may run in one): the lock is the transaction's, on the connection that ANALYZEs.
  return (db as Client).$transaction(
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
export async function autovacuumRuns(db: StatisticsDb, embedded: boolean): Promise<boolean> {
  if (embedded) return false;
  const [row] = await db.$queryRawUnsafe<{ on: string }[]>(`SELECT current_setting('autovacuum') AS on`);
  return row?.on === "on";
}

/**
 * Where autovacuum does not run, ANALYZEs stale tables now and then every `intervalMs` (default a
 * minute). Answers a stop function; errors go to `onError` and the next round tries again.
 */
export async function startStatisticsKeeper(
  db: Pick<PrismaClient, "$queryRawUnsafe" | "$executeRawUnsafe" | "$transaction">,
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
