// Streams the feedback list's rows out of PostgreSQL through a server-side cursor (DECLARE … CURSOR
// inside one transaction, FETCH in batches), so an export of a million responses holds one batch in
// memory at a time. The consumer's promise is awaited before the next FETCH: a slow file writer
// slows the reading down instead of letting rows pile up.
//
// With a DATABASE_URL the export reads on a connection of its own through `pg` (half the cost per row
// of going through Prisma's raw queries, and no pool connection held for minutes): in the export's
// own process (./export-child.ts) or, with `streamRows`, in this one. The embedded database (no URL)
// goes through the Prisma client in an interactive transaction.
import pg from "pg";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { countQuery, normaliseRow, rowsQuery, type Db, type FeedbackListPlan, type RawRow } from "./query.js";

export const streamBatchSize = 500;
/** An export may run long; the transaction holding the cursor must not be cut at Prisma's default 5 s. */
const transactionTimeoutMs = 6 * 60 * 60 * 1000;

export type StreamSource = { prisma: PrismaClient; config?: { databaseUrl?: string | undefined } };
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

/** A connection of the export's own, with a name that shows in pg_stat_activity. */
export async function connectExportClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "feedback-list-export" });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * Runs the cursor on a pg connection already inside a transaction: calls `onBatch` with successive
 * batches of rows (newest first) until the scope is exhausted; answers the row count.
 */
export async function streamRowsOnClient(client: pg.Client, plan: FeedbackListPlan, onBatch: OnBatch, batchSize = streamBatchSize): Promise<number> {
  const q = rowsQuery(plan);
  await client.query(`DECLARE feedback_list_cursor NO SCROLL CURSOR FOR ${q.text}`, q.values);
  const fetch = `FETCH ${Math.floor(batchSize)} FROM feedback_list_cursor`;
  let total = 0;
  for (;;) {
    const { rows } = await client.query<Record<string, unknown>>(fetch);
    if (!rows.length) break;
    total += rows.length;
    await onBatch(rows.map(normaliseRow));
    if (rows.length < batchSize) break;
  }
  await client.query(`CLOSE feedback_list_cursor`);
  return total;
}

/** Calls `onBatch` with successive batches of rows (newest first) until the scope is exhausted; answers the row count. */
export async function streamRows(source: StreamSource, plan: FeedbackListPlan, onBatch: OnBatch, batchSize = streamBatchSize): Promise<number> {
  const url = source.config?.databaseUrl;
  if (url) {
    const client = await connectExportClient(url);
    try {
      await client.query("BEGIN READ ONLY");
      const total = await streamRowsOnClient(client, plan, onBatch, batchSize);
      await client.query("COMMIT");
      return total;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      await client.end().catch(() => {});
    }
  }
  const q = rowsQuery(plan);
  const fetch = `FETCH ${Math.floor(batchSize)} FROM feedback_list_cursor`;
  let total = 0;
  await source.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`DECLARE feedback_list_cursor NO SCROLL CURSOR FOR ${q.text}`, ...q.values);
      for (;;) {
        const raw = await tx.$queryRawUnsafe<Record<string, unknown>[]>(fetch);
        if (!raw.length) break;
        total += raw.length;
        await onBatch(raw.map(normaliseRow));
        if (raw.length < batchSize) break;
      }
      await tx.$executeRawUnsafe(`CLOSE feedback_list_cursor`);
    },
    { timeout: transactionTimeoutMs, maxWait: 30_000 },
  );
  return total;
}
