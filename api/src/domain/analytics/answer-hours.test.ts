// One question's answers in a window are found through Answer("questionId", hour of "createdAt")
// (results-scope/answer-hours.ts; docs/analytics.md "Answers by question and hour"). The index finds the hours of
// the window, the rows' own instants cut its ends: a window cut inside an hour must count exactly the
// answers whose instant is in it, in any session time zone, and the reads must be able to use the index.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import type { Visibility } from "../results-scope/response-scope.js";
import { answerSums, rawAnswerSumsSql } from "./engine.js";
import { answerHoursWithin } from "../results-scope/answer-hours.js";

const hourMs = 3_600_000;

type PlanNode = { "Node Type": string; "Index Name"?: string; "Index Cond"?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe.skipIf(noDatabase)("answers by question and hour", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let s: TestSurvey;
  // Fixed instants around the hours 12:00 and 13:00 UTC of 10 March 2026 (the filters get a "now" of their own).
  const noon = Date.UTC(2026, 2, 10, 12);
  const instants = [-hourMs - 1, -1, 0, 1, 30 * 60_000, hourMs - 1, hourMs, hourMs + 1, 2 * hourMs - 1, 2 * hourMs, 5 * hourMs + 7].map((d) => noon + d);

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Answers by hour");
    s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    const tp = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id);
    await insertTestResponses(
      prisma,
      org.organization.id,
      instants.map((at, i) => ({
        surveyId: s.survey.id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        createdAt: new Date(at),
        answers: [
          { questionId: s.questions.nps.id, n: i % 11 },
          { questionId: s.questions.text.id, text: `comment ${i}` },
        ],
      })),
    );
  });
  afterAll(async () => prisma?.$disconnect());

  const visibility = (): Visibility => ({ organizationId: org.organization.id, unitIds: null, units: [], restrictSummaryToTeam: false });
  const filters = () => parseResultsFilters({ from: "2026-03-10", to: "2026-03-10" }, { now: new Date(noon + 12 * hourMs) });

  /** The raw rows' count of the NPS question's answers in [from, to), as the engine reads it. */
  const counted = async (db: PrismaClient, from: number, to: number) => {
    const rows = await answerSums(db, visibility(), filters(), {
      questionIds: [s.questions.nps.id],
      window: { from: new Date(from), to: new Date(to) },
      groupBy: null,
      source: "raw",
    });
    return Number(rows.find((r) => r.value === "*")?.count ?? 0);
  };
  const windows: [number, number][] = [
    [noon, noon + hourMs], // whole hour
    [noon + 1, noon + hourMs - 1], // cut inside both ends
    [noon - 1, noon + 1], // across the hour, a millisecond either side
    [noon + 30 * 60_000, noon + 2 * hourMs], // from the middle of an hour
    [noon - 2 * hourMs, noon + 6 * hourMs], // every instant
    [noon + 2 * hourMs + 1, noon + 5 * hourMs], // inside hours that hold nothing
  ];

  it("a window cut inside an hour counts exactly the answers whose instant is in it", async () => {
    for (const [from, to] of windows) {
      const expected = instants.filter((at) => at >= from && at < to).length;
      expect(await counted(prisma, from, to), new Date(from).toISOString()).toBe(expected);
    }
    expect(await counted(prisma, noon - 2 * hourMs, noon + 6 * hourMs)).toBe(instants.length);
  });

  it("the hours are the same in any session time zone (Asia/Kolkata: half-hour offset)", async () => {
    // The instants as text with their zone (the engine's own connections run in UTC: db/client.ts).
    const count = async (db: PrismaClient, from: number, to: number) => {
      const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "Answer" a WHERE a."questionId" = $1
           AND ${answerHoursWithin("a", "$2::timestamptz", "$3::timestamptz")} AND a."createdAt" >= $2::timestamptz AND a."createdAt" < $3::timestamptz`,
        s.questions.nps.id,
        new Date(from).toISOString(),
        new Date(to).toISOString(),
      );
      return row!.n;
    };
    const aborted = new Error("rolled back on purpose");
    await expect(
      prisma.$transaction(async (tx) => {
        const db = tx as unknown as PrismaClient;
        await db.$executeRawUnsafe(`SET LOCAL TIME ZONE 'Asia/Kolkata'`);
        for (const [from, to] of windows)
          expect(await count(db, from, to), new Date(from).toISOString()).toBe(instants.filter((at) => at >= from && at < to).length);
        throw aborted;
      }),
    ).rejects.toBe(aborted);
  });

  it("the raw read of a question's answers in a window can go through the index by question and hour", async () => {
    const [index] = await prisma.$queryRawUnsafe<{ indexdef: string }[]>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'Answer' AND indexname = 'Answer_questionId_hour_idx'`,
    );
    expect(index?.indexdef).toContain("date_bin");
    const [old] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'Answer' AND indexname = 'Answer_questionId_createdAt_idx'`,
    );
    expect(old!.n).toBe(0);
    // With sequential scans priced out (this table is small), the planner must find an index path:
    // the hour condition is what makes the index usable for the window.
    const { sql, values } = rawAnswerSumsSql(
      visibility(),
      filters(),
      [s.questions.nps.id],
      { from: new Date(noon + 1), to: new Date(noon + hourMs - 1) },
      null,
    );
    const aborted = new Error("rolled back on purpose");
    await expect(
      prisma.$transaction(async (tx) => {
        const db = tx as unknown as PrismaClient;
        await db.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
        const [plan] = await db.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${sql}`, ...values);
        const scans = nodes(plan!["QUERY PLAN"][0].Plan).filter((n) => n["Index Name"] === "Answer_questionId_hour_idx");
        expect(scans.length).toBeGreaterThan(0);
        expect(scans[0]!["Index Cond"]).toContain("date_bin");
        throw aborted;
      }),
    ).rejects.toBe(aborted);
  });
});
