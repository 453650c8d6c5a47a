// Streams the feedback list's rows out of PostgreSQL through a server-side cursor (DECLARE … CURSOR
// inside one transaction, FETCH in batches), so an export of a million responses holds one batch in
// memory at a time. The consumer's promise is awaited before the next FETCH: a slow file writer
// slows the reading down instead of letting rows pile up.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { countQuery, normaliseRow, rowsQuery, type FeedbackListPlan, type RawRow } from "./query.js";

export const streamBatchSize = 2_000;
/** An export may run long; the transaction holding the cursor must not be cut at Prisma's default 5 s. */
const transactionTimeoutMs = 6 * 60 * 60 * 1000;

export async function countRows(prisma: PrismaClient, plan: FeedbackListPlan): Promise<number> {
  const q = countQuery(plan);
  const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(q.text, ...q.values);
  return Number(row?.n ?? 0);
}

/** Calls `onBatch` with successive batches of rows (newest first) until the scope is exhausted. */
export async function streamRows(
  prisma: PrismaClient,
  plan: FeedbackListPlan,
  onBatch: (rows: RawRow[]) => Promise<void>,
  batchSize = streamBatchSize,
): Promise<number> {
  const q = rowsQuery(plan);
  let total = 0;
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`DECLARE feedback_list_cursor NO SCROLL CURSOR FOR ${q.text}`, ...q.values);
      for (;;) {
        const raw = await tx.$queryRawUnsafe<Record<string, unknown>[]>(`FETCH ${Math.floor(batchSize)} FROM feedback_list_cursor`);
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
