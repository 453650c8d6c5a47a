// Streams the feedback list's rows out of PostgreSQL through a server-side cursor (DECLARE … CURSOR
// inside one transaction, FETCH in batches), so an export of a million responses holds one batch in
// memory at a time. The consumer's promise is awaited before the next FETCH: a slow file writer
// slows the reading down instead of letting rows pile up.
//
// With a DATABASE_URL the export reads on a connection of its own through `pg` (half the cost per row
// of going through Prisma's raw queries, and no pool connection held for minutes): in the export's
// own process (./export-child.ts). The embedded database (no URL) goes through the Prisma client in
// an interactive transaction (`streamRows`).
import pg from "pg";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { utcSession } from "../../db/client.js";
import { countQuery, normaliseRow, rowsQuery, type Db, type FeedbackListPlan, type RawRow } from "./query.js";

const streamBatchSize = 500;
/** An export may run long; the transaction holding the cursor must not be cut at Prisma's default 5 s. */
const transactionTimeoutMs = 6 * 60 * 60 * 1000;

export type OnBatch = (rows: RawRow[]) => Promise<void>;

export async function countRows(db: Db, plan: FeedbackListPlan): Promise<number> {
  const q = countQuery(plan);
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(q.text, ...q.values);
  return Number(row?.n ?? 0);
}

/** The planner's `Db` over one pg connection (the planning queries of an export's own process). */
export function pgDb(client: pg.Client): Db {
  return {
    $queryRawUnsafe: (async (text: string, ...values: unknown[]) => (await client.query(text, values)).rows) as Db["$queryRawUnsafe"],
  };
}

/** A connection of the export's own, with a name that shows in pg_stat_activity, in UTC (`utcSession`). */
export async function connectExportClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "feedback-list-export", options: utcSession });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** Runs a statement on the connection holding the cursor (a pg client, or Prisma's transaction). */
type RunSql = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The cursor loop, once for both connections: DECLARE, FETCH batches into `onBatch`, CLOSE. */
async function runCursor(run: RunSql, plan: FeedbackListPlan, onBatch: OnBatch, batchSize: number): Promise<number> {
  const q = rowsQuery(plan);
  await run(`DECLARE feedback_list_cursor NO SCROLL CURSOR FOR ${q.text}`, q.values);
  const fetch = `FETCH ${Math.floor(batchSize)} FROM feedback_list_cursor`;
  let total = 0;
  for (;;) {
    const rows = await run(fetch);
    if (!rows.length) break;
    total += rows.length;
    await onBatch(rows.map(normaliseRow));
    if (rows.length < batchSize) break;
  }
  await run(`CLOSE feedback_list_cursor`);
  return total;
}

/**
 * Runs the cursor on a pg connection already inside a transaction (the export's own process):
 * calls `onBatch` with successive batches of rows (newest first) until the scope is exhausted;
 * answers the row count.
 */
export function streamRowsOnClient(client: pg.Client, plan: FeedbackListPlan, onBatch: OnBatch, batchSize = streamBatchSize): Promise<number> {
  return runCursor(async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows, plan, onBatch, batchSize);
}

/**
 * The same through the Prisma client, in an interactive transaction (the embedded database, which
 * has no URL for a connection of the export's own).
 */
export async function streamRows(prisma: PrismaClient, plan: FeedbackListPlan, onBatch: OnBatch, batchSize = streamBatchSize): Promise<number> {
  return prisma.$transaction(
    (tx) => runCursor((text, values = []) => tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values), plan, onBatch, batchSize),
    {
      timeout: transactionTimeoutMs,
      maxWait: 30_000,
    },
  );
}
