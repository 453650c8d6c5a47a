// Streams the feedback list's rows out of PostgreSQL through a server-side cursor (DECLARE … CURSOR
// inside one transaction, FETCH in batches), so an export of a million responses holds one batch in
// memory at a time. The consumer's promise is awaited before the next FETCH: a slow file writer
// slows the reading down instead of letting rows pile up.
//
// With a DATABASE_URL the export reads on a connection of its own through `pg` (half the cost per row
// of going through Prisma's raw queries, and no pool connection held for minutes); the embedded
// database (no URL) goes through the Prisma client in an interactive transaction.
import pg from "pg";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { countQuery, normaliseRow, rowsQuery, type FeedbackListPlan, type RawRow } from "./query.js";

export const streamBatchSize = 500;
/** An export may run long; the transaction holding the cursor must not be cut at Prisma's default 5 s. */
const transactionTimeoutMs = 6 * 60 * 60 * 1000;

export type StreamSource = { prisma: PrismaClient; config?: { databaseUrl?: string | undefined } };

export async function countRows(prisma: PrismaClient, plan: FeedbackListPlan): Promise<number> {
  const q = countQuery(plan);
  const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(q.text, ...q.values);
  return Number(row?.n ?? 0);
}

/** Calls `onBatch` with successive batches of rows (newest first) until the scope is exhausted; answers the row count. */
export async function streamRows(
  source: StreamSource,
  plan: FeedbackListPlan,
  onBatch: (rows: RawRow[]) => Promise<void>,
  batchSize = streamBatchSize,
): Promise<number> {
  const q = rowsQuery(plan);
  const declare = `DECLARE feedback_list_cursor NO SCROLL CURSOR FOR ${q.text}`;
  const fetch = `FETCH ${Math.floor(batchSize)} FROM feedback_list_cursor`;
  let total = 0;
  const url = source.config?.databaseUrl;
  if (url) {
    const client = new pg.Client({ connectionString: url, application_name: "feedback-list-export" });
    client.on("error", () => {});
    await client.connect();
    try {
      await client.query("BEGIN READ ONLY");
      await client.query(declare, q.values);
      for (;;) {
        const { rows } = await client.query<Record<string, unknown>>(fetch);
        if (!rows.length) break;
        total += rows.length;
        await onBatch(rows.map(normaliseRow));
        if (rows.length < batchSize) break;
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      await client.end().catch(() => {});
    }
    return total;
  }
  await source.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(declare, ...q.values);
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
