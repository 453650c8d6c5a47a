// Planner statistics (ANALYZE). On a PostgreSQL server autovacuum keeps them; PGlite, the embedded
// database, runs no autovacuum, so its tables never had any. Without statistics the planner guessed
// and a filtered results query on the demo's 10,000 responses (restrict by answer) planned as loops
// over whole tables: the one embedded connection was busy for minutes and every screen waited. After
// ANALYZE the same screens answered in 0.1–0.3 s. Bulk loads (the demo seed) analyse right after
// they commit, in both modes; embedded mode also re-analyses tables that grew (docs/decisions.md
// "Planner statistics").
/** What the functions need of a client: Prisma's, or PGlite's own in tests. */
export type StatisticsDb = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
};
type Db = StatisticsDb;

/** A table is stale when it was never analysed or has grown by more than this share since. */
export const growthBeforeAnalyze = 0.2;
/** …and by at least this many pages (small tables change plans little). */
const minimumGrowthPages = 8;

export type TableSize = { table: string; analysedPages: number; analysed: boolean; pages: number };

/** The schema's tables with their size now and at their last ANALYZE. */
export async function tableSizes(db: Db): Promise<TableSize[]> {
  const rows = await db.$queryRawUnsafe<{ table: string; relpages: number; reltuples: number; pages: bigint | number }[]>(
    `SELECT c.relname AS "table", c.relpages, c.reltuples,
            pg_relation_size(c.oid) / current_setting('block_size')::int AS pages
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
  );
  // reltuples is -1 until a table's first ANALYZE or VACUUM (PostgreSQL 14 and later).
  return rows.map((r) => ({ table: r.table, analysedPages: Number(r.relpages), analysed: Number(r.reltuples) >= 0, pages: Number(r.pages) }));
}

export function isStale(t: TableSize): boolean {
  if (!t.analysed) return true;
  const grown = t.pages - t.analysedPages;
  return grown >= minimumGrowthPages && grown > t.analysedPages * growthBeforeAnalyze;
}

/** ANALYZEs the tables that were never analysed or grew since; answers their names. */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const stale = (await tableSizes(db)).filter(isStale).map((t) => t.table);
  for (const table of stale) await db.$executeRawUnsafe(`ANALYZE "${table.replaceAll('"', '""')}"`);
  return stale;
}

/**
 * Embedded mode's stand-in for autovacuum's analyse half: checks every `intervalMs` (one cheap
 * catalogue query) and analyses what went stale. Answers a stop function that waits for a running pass.
 */
export function keepStatisticsFresh(db: Db, opts: { intervalMs: number; log: (message: string) => void }): () => Promise<void> {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = (async () => {
      const started = performance.now();
      try {
        const analysed = await analyzeStaleTables(db);
        if (analysed.length) opts.log(`planner statistics updated (${analysed.join(", ")}) in ${Math.round(performance.now() - started)} ms`);
      } catch (error) {
        opts.log(`planner statistics: ${String(error)}`);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(pass, opts.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
