// One question's answers in a window are found through Answer("questionId", hour of "createdAt")
// (answers/answer-hours.ts; docs/analytics.md "Answers by question and hour"). The index finds
// the hours of the window, the rows' own instants cut an end inside an hour: a window cut inside an
// hour must count exactly the answers whose instant is in it, and every reader of a question's answers
// by time (the raw path, the moved hours off UTC, a restriction by answer, text analytics, root cause)
// must name the hours as the index does, in any session time zone, or it reads all of the question's answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { capturedStatements, planNodes as nodes, planOf as planOfStatement, type PlanNode } from "../../test/query-plans.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { loadViewer } from "../viewer.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import type { Visibility } from "../results-scope/response-scope.js";
import { answerTimeWithin } from "./answer-hours.js";
import { textAnalytics } from "../text-analytics/service.js";
import { rootCause } from "../root-cause/service.js";
import { answerSums } from "../analytics/engine.js";

const hourMs = 3_600_000;

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
          { questionId: s.questions.slider.id, n: (i % 5) / 4 },
          { questionId: s.questions.text.id, text: `comment ${i}` },
        ],
      })),
    );
    // Many more responses of the same days that answer only the slider: a plan that starts from the
    // organisation's responses of the window must then read them all, one that starts from the NPS
    // question's hours does not, so the planner's choice says whether the hours are usable.
    await insertTestResponses(
      prisma,
      org.organization.id,
      Array.from({ length: 3000 }, (_, i) => ({
        surveyId: s.survey.id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        createdAt: new Date(noon - 12 * hourMs + ((i * 57_731) % (48 * hourMs))),
        answers: [{ questionId: s.questions.slider.id, n: (i % 5) / 4 }],
      })),
    );
    // Answer rows of the NPS question by hour: answers a code cannot hold (a second answer to one
    // question of a response) of hidden responses, which no count includes. Coded answers (texts too,
    // since migration 20261129080000) leave "Answer" nearly empty, and on an empty table the planner's
    // choice of index says nothing.
    await insertTestResponses(
      prisma,
      org.organization.id,
      Array.from({ length: 3000 }, (_, i) => ({
        surveyId: s.survey.id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        hidden: true,
        createdAt: new Date(noon - 12 * hourMs + ((i * 91_813) % (48 * hourMs))),
        answers: [
          { questionId: s.questions.nps.id, n: i % 11 },
          { questionId: s.questions.nps.id, n: (i + 1) % 11 },
        ],
      })),
    );
    await prisma.$executeRawUnsafe(`ANALYZE "Answer"`);
    await prisma.$executeRawUnsafe(`ANALYZE "Response"`);
  });
  afterAll(async () => prisma?.$disconnect());

  const visibility = (): Visibility => ({ organizationId: org.organization.id, unitIds: null, units: [], restrictSummaryToTeam: false });
  const filters = (extra: Record<string, unknown> = {}) =>
    parseResultsFilters({ from: "2026-03-10", to: "2026-03-10", ...extra }, { now: new Date(noon + 12 * hourMs) });

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
    [noon, noon + hourMs], // whole hours: the hours alone
    [noon - hourMs, noon + 2 * hourMs], // whole hours, several
    [noon + 1, noon + hourMs - 1], // cut inside both ends
    [noon - 1, noon + 1], // across the hour, a millisecond either side
    [noon + 30 * 60_000, noon + 2 * hourMs], // from the middle of an hour to a whole one
    [noon, noon + 90 * 60_000], // from a whole hour to the middle of one
    [noon - 2 * hourMs, noon + 6 * hourMs], // every instant
    [noon + 2 * hourMs + 1, noon + 5 * hourMs], // inside hours that hold nothing
  ];

  it("a window counts exactly the answers whose instant is in it, whole hours or cut inside them", async () => {
    for (const [from, to] of windows) {
      const expected = instants.filter((at) => at >= from && at < to).length;
      expect(await counted(prisma, from, to), `${new Date(from).toISOString()} – ${new Date(to).toISOString()}`).toBe(expected);
    }
    expect(await counted(prisma, noon - 2 * hourMs, noon + 6 * hourMs)).toBe(instants.length);
  });

  it("names the window by the hours alone when both ends are whole hours (one range for the planner to estimate), and cuts the ends otherwise", () => {
    expect(answerTimeWithin("a", "$1", "$2", true)).not.toContain(`a."createdAt" >=`);
    expect(answerTimeWithin("a", "$1", "$2", false)).toContain(`a."createdAt" >= $1`);
  });

  const captured = (run: (db: PrismaClient) => Promise<unknown>) => capturedStatements(databaseUrl!, run);
  const planOf = (text: string, values: unknown[], zone = "UTC") => planOfStatement(prisma, text, values, zone);
  const hourScans = (plan: PlanNode) => nodes(plan).filter((n) => n["Index Name"] === "Answer_questionId_hour_idx" && n["Index Cond"]?.includes("date_bin"));

  it("every reader of a question's answers by time can use the index by question and hour, in any session time zone", async () => {
    const [index] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'Answer' AND indexname IN ('Answer_questionId_hour_idx', 'Answer_questionId_createdAt_idx')`,
    );
    // The new index, and not the old one.
    expect(index!.n).toBe(1);
    const admin = await loadViewer(prisma, org.users.admin.id, "accessToken");
    const readers: Record<string, (db: PrismaClient) => Promise<unknown>> = {
      "raw path, window cut inside hours": (db) =>
        answerSums(db, visibility(), filters(), {
          questionIds: [s.questions.nps.id],
          window: { from: new Date(noon + 1), to: new Date(noon + hourMs - 1) },
          groupBy: null,
          source: "raw",
        }),
      "raw path, whole hours": (db) =>
        answerSums(db, visibility(), filters(), {
          questionIds: [s.questions.nps.id],
          window: { from: new Date(noon), to: new Date(noon + hourMs) },
          groupBy: null,
          source: "raw",
        }),
      "moved hours of a series off UTC": (db) =>
        answerSums(db, visibility(), filters({ utcOffset: 600 }), {
          questionIds: [s.questions.nps.id],
          window: { from: new Date(noon - 12 * hourMs), to: new Date(noon + 36 * hourMs) },
          groupBy: "daily",
          source: "rollup",
        }),
      "restriction by answer": (db) =>
        answerSums(db, visibility(), filters({ restrictByAnswer: [{ questionId: s.questions.slider.id, gte: 0.5 }] }), {
          questionIds: [s.questions.nps.id],
          window: { from: new Date(noon), to: new Date(noon + 6 * hourMs) },
          groupBy: null,
          source: "raw",
        }),
      "text analytics": (db) => textAnalytics({ prisma: db, viewer: admin } as unknown as DomainContext, { filters: { from: "2026-03-10", to: "2026-03-10" } }),
      "root cause": (db) =>
        rootCause({ prisma: db, viewer: admin } as unknown as DomainContext, {
          filters: { from: "2026-03-10", to: "2026-03-10" },
          outcomeQuestionId: s.questions.nps.id,
          minSampleSize: 10,
        }),
    };
    for (const [name, run] of Object.entries(readers)) {
      // The statements that read answers of questions by time: every one names the hours.
      const reads = (await captured(run)).filter(
        (x) => /FROM "Answer" (a|ra|x)\b/.test(x.text) && /"questionId" = /.test(x.text) && /"createdAt"|date_bin/.test(x.text),
      );
      const byHour = reads.filter((x) => x.text.includes(`date_bin('1 hour'::interval`));
      expect(byHour.length, name).toBeGreaterThan(0);
      for (const zone of ["UTC", "Asia/Kolkata"]) {
        const plans = await Promise.all(byHour.map((x) => planOf(x.text, x.values, zone)));
        expect(
          plans.some((p) => hourScans(p).length > 0),
          `${name} (${zone}): ${JSON.stringify(plans.flatMap((p) => nodes(p).map((n) => n["Index Name"] ?? n["Node Type"])))}`,
        ).toBe(true);
      }
    }
  });
  it("text analytics finds a window's coded texts through the index of responses with a text by survey and hour, in any session time zone", async () => {
    const admin = await loadViewer(prisma, org.users.admin.id, "accessToken");
    const sent = await captured((db) =>
      textAnalytics({ prisma: db, viewer: admin } as unknown as DomainContext, {
        filters: { from: "2026-03-10", to: "2026-03-10" },
        questionId: s.questions.text.id,
      }),
    );
    const texts = sent.filter((x) => x.text.startsWith(`SELECT t."answerId"`));
    expect(texts).toHaveLength(1);
    for (const zone of ["UTC", "Asia/Kolkata"]) {
      const plan = await planOf(texts[0]!.text, texts[0]!.values, zone);
      const scans = nodes(plan).filter((n) => n["Index Name"] === "Response_texts_surveyId_hour_idx" && n["Index Cond"]?.includes("date_bin"));
      expect(scans.length, `${zone}: ${JSON.stringify(nodes(plan).map((n) => n["Index Name"] ?? n["Node Type"]))}`).toBeGreaterThan(0);
    }
  });
});
