// The statements a piece of code sends, and their plans: for the tests that check which index a read
// uses (answers/answer-hours.test.ts, answers/response-hours.test.ts,
// analytics/response-ordinals.test.ts).
import { expect } from "vitest";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createCountingPrisma } from "./counting-prisma.js";

export type PlanNode = { "Node Type": string; "Index Name"?: string; "Index Cond"?: string; Plans?: PlanNode[] };

/** A plan's nodes, the node itself first. */
export const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

/** Every statement the code under `run` sends, with its values (a client of its own that records them). */
export async function capturedStatements(databaseUrl: string, run: (db: PrismaClient) => Promise<unknown>) {
  const { prisma: db, sent } = createCountingPrisma(databaseUrl, 2, { record: true });
  try {
    await run(db);
  } finally {
    await db.$disconnect();
  }
  return sent;
}

/** The plan of a statement with sequential scans priced out (a test's tables are small), in a session time zone; rolled back. */
export async function planOf(prisma: PrismaClient, text: string, values: unknown[], zone = "UTC"): Promise<PlanNode> {
  const aborted = new Error("rolled back on purpose");
  let plan: PlanNode | null = null;
  await expect(
    prisma.$transaction(async (tx) => {
      const db = tx as unknown as PrismaClient;
      await db.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
      await db.$executeRawUnsafe(`SET LOCAL TIME ZONE '${zone}'`);
      const [row] = await db.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${text}`, ...values);
      plan = row!["QUERY PLAN"][0].Plan;
      throw aborted;
    }),
  ).rejects.toBe(aborted);
  return plan!;
}
