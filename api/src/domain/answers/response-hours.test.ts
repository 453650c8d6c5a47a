// An organisation's and a survey's responses by time are found through "Response_organizationId_hour_idx"
// and "Response_surveyId_hour_idx", indexes on (organizationId) and (surveyId) with the hour of
// "createdAt" (migration 20261129100000_response_time_by_hour; docs/analytics.md "The time indexes by
// hour"). The hours find the rows, the instants cut an end inside an hour and order each hour's rows:
// a window cut inside an hour must hold exactly the responses whose instant is in it, newest first
// must be the instants' order (ties by id) across hours and pages, and every reader of responses by
// time must name the hours as the indexes do, in any session time zone, or it reads every response of
// the organisation.
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
import { buildScope, type Visibility } from "../results-scope/response-scope.js";
import { feedbackListConnection } from "../feedback-list/list.js";
import { answerSums, servedResponseCount } from "../analytics/engine.js";
import { ResponseLimiter } from "../respondent/response-limit.js";
import { buildBitsStep } from "../analytics/response-bits.js";

const hourMs = 3_600_000;

const hourIndexes = ["Response_organizationId_hour_idx", "Response_surveyId_hour_idx", "Response_hidden_organizationId_hour_idx"];

describe.skipIf(noDatabase)("responses by organisation or survey and hour", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let other: TestSurvey;
  // Fixed instants around 12:00 and 13:00 UTC of 10 March 2026, two of them shared by two responses each.
  const noon = Date.UTC(2026, 2, 10, 12);
  const instants = [-hourMs - 1, -1, 0, 0, 1, 30 * 60_000, hourMs - 1, hourMs, hourMs, hourMs + 1, 2 * hourMs - 1, 5 * hourMs + 7].map((d) => noon + d);
  let ours: { id: string; at: number }[] = [];

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Responses by hour");
    s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    other = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    const tp = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id);
    const otherTp = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Hall", other.survey.id);
    const ids = await insertTestResponses(
      prisma,
      org.organization.id,
      instants.map((at, i) => ({
        surveyId: s.survey.id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        createdAt: new Date(at),
        answers: [{ questionId: s.questions.nps.id, n: i % 11 }],
      })),
    );
    ours = ids.map((id, i) => ({ id, at: instants[i]! }));
    // The other survey's responses: `count` of them from `start`, the i-th `stride` ms further on within
    // `span` ms (the same i % 11 NPS answer each), hidden or not.
    const otherResponses = (count: number, start: number, stride: number, span: number, hidden = false) =>
      insertTestResponses(
        prisma,
        org.organization.id,
        Array.from({ length: count }, (_, i) => ({
          surveyId: other.survey.id,
          touchpointId: otherTp.id,
          unitId: org.units.unitA.id,
          hidden,
          createdAt: new Date(start + ((i * stride) % span)),
          answers: [{ questionId: other.questions.nps.id, n: i % 11 }],
        })),
      );
    // Many more responses of the same days to the other survey: a plan that reads the organisation's
    // every response differs from one that reads the window's hours, and a read of one survey's
    // responses by the organisation's index reads all of these too.
    await otherResponses(3000, noon - 12 * hourMs, 57_731, 48 * hourMs);
    // Responses of the month before, outside every window below and the response limit's month: a
    // count of the month by the hours then reads fewer rows than one of the whole organisation (which
    // the organisation's other indexes, as its ordinals' by group, would give just as well).
    await otherResponses(2000, Date.UTC(2026, 1, 1), 86_413_331, 27 * 24 * hourMs);
    // Hidden responses of the other survey, which a manager of the team counts apart (the partial index
    // of hidden responses by hour, migration 20261129120000).
    await otherResponses(300, noon - 12 * hourMs, 91_813, 48 * hourMs, true);
    await prisma.$executeRawUnsafe(`ANALYZE "Response"`);
  });
  afterAll(async () => prisma?.$disconnect());

  const visibility = (): Visibility => ({ organizationId: org.organization.id, unitIds: null, units: [], restrictSummaryToTeam: false });
  const filters = (extra: Record<string, unknown> = {}) =>
    parseResultsFilters({ from: "2026-03-10", to: "2026-03-10", ...extra }, { now: new Date(noon + 12 * hourMs) });
  const newestFirst = (rows: { id: string; at: number }[]) =>
    [...rows].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);

  it("a window counts exactly the responses whose instant is in it, whole hours or cut inside them", async () => {
    const windows: [number, number][] = [
      [noon, noon + hourMs],
      [noon - hourMs, noon + 2 * hourMs],
      [noon + 1, noon + hourMs - 1],
      [noon - 1, noon + 1],
      [noon + 30 * 60_000, noon + 2 * hourMs],
      [noon, noon + 90 * 60_000],
      [noon + 2 * hourMs + 1, noon + 5 * hourMs],
    ];
    for (const [from, to] of windows) {
      const scope = buildScope(visibility(), { ...filters({ surveyId: [s.survey.id] }), from: new Date(from), to: new Date(to) });
      const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
      expect(row!.n, `${new Date(from).toISOString()} – ${new Date(to).toISOString()}`).toBe(instants.filter((at) => at >= from && at < to).length);
    }
  });

  it("the feedback list pages newest first, ties by id, across hours and pages", async () => {
    const admin = await loadViewer(prisma, org.users.admin.id, "accessToken");
    const ctx = { prisma, viewer: admin } as unknown as DomainContext;
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const c = await feedbackListConnection(ctx, { filters: { from: "2026-03-10", to: "2026-03-10", surveyId: [s.survey.id] }, first: 3, after });
      seen.push(...c.edges.map((e) => e.node.formatted.row.id));
      if (!c.hasNextPage) break;
      after = c.edges.at(-1)!.cursor;
    }
    expect(seen).toEqual(newestFirst(ours));
  });

  const captured = (run: (db: PrismaClient) => Promise<unknown>) => capturedStatements(databaseUrl!, run);
  const planOf = (text: string, values: unknown[], zone = "UTC") => planOfStatement(prisma, text, values, zone);
  const hourScans = (plan: PlanNode) => nodes(plan).filter((n) => hourIndexes.includes(n["Index Name"] ?? "") && n["Index Cond"]?.includes("date_bin"));

  it("the time indexes are by hour, and every reader of responses by time ranges them by the hours, in any session time zone", async () => {
    const indexes = await prisma.$queryRawUnsafe<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE tablename = 'Response' ORDER BY 1`);
    const names = indexes.map((i) => i.indexname);
    expect(names).toEqual(expect.arrayContaining(hourIndexes));
    expect(names).not.toContain("Response_organizationId_createdAt_idx");
    expect(names).not.toContain("Response_surveyId_createdAt_idx");
    expect(names).not.toContain("Response_hidden_organizationId_createdAt_idx");
    const admin = await loadViewer(prisma, org.users.admin.id, "accessToken");
    const ctx = (db: PrismaClient) => ({ prisma: db, viewer: admin }) as unknown as DomainContext;
    const readers: Record<string, (db: PrismaClient) => Promise<unknown>> = {
      "feedback list, first page of the organisation": (db) => feedbackListConnection(ctx(db), { filters: { from: "2026-03-10", to: "2026-03-10" }, first: 5 }),
      "feedback list, a page after a cursor inside an hour": async (db) => {
        const first = await feedbackListConnection(ctx(db), { filters: { from: "2026-03-10", to: "2026-03-10", surveyId: [s.survey.id] }, first: 4 });
        return feedbackListConnection(ctx(db), {
          filters: { from: "2026-03-10", to: "2026-03-10", surveyId: [s.survey.id] },
          first: 4,
          after: first.edges.at(-1)!.cursor,
        });
      },
      "raw path of one survey's question, window cut inside hours": (db) =>
        answerSums(db, visibility(), filters(), {
          questionIds: [s.questions.nps.id],
          window: { from: new Date(noon + 1), to: new Date(noon + 2 * hourMs - 1) },
          groupBy: null,
          source: "raw",
        }),
      "raw path of one survey's question, whole hours": (db) =>
        answerSums(db, visibility(), filters(), {
          questionIds: [s.questions.nps.id],
          window: { from: new Date(noon), to: new Date(noon + 2 * hourMs) },
          groupBy: null,
          source: "raw",
        }),
      "the hidden responses a manager of the team counts apart": (db) =>
        servedResponseCount(db, visibility(), filters({ restrictByAnswer: [{ questionId: s.questions.nps.id, gte: 0 }] }), [org.units.unitA.id]),
      "the month's count of a response limit": (db) => new ResponseLimiter(db, 0).reserve(org.organization.id, 1_000_000, new Date(noon)),
      "a step of building the response bit strings": async (db) => {
        await db.$executeRawUnsafe(
          `INSERT INTO "ResponseBitsState" ("organizationId", built, "buildAfter", "buildAfterId") VALUES ($1, false, $2::timestamptz, $3)
           ON CONFLICT ("organizationId") DO UPDATE SET built = false, "buildAfter" = EXCLUDED."buildAfter", "buildAfterId" = EXCLUDED."buildAfterId"`,
          org.organization.id,
          new Date(noon + 1).toISOString(),
          "0",
        );
        return db.$transaction((tx) => buildBitsStep(tx as unknown as PrismaClient, 5, { only: [org.organization.id] }));
      },
    };
    for (const [name, run] of Object.entries(readers)) {
      // The statements that read responses by time: every one names the hours.
      const reads = (await captured(run)).filter((x) => /FROM "Response" r\b/.test(x.text) && /date_bin\('1 hour'::interval, r\."createdAt"/.test(x.text));
      expect(reads.length, name).toBeGreaterThan(0);
      for (const zone of ["UTC", "Asia/Kolkata"]) {
        const plans = await Promise.all(reads.map((x) => planOf(x.text, x.values, zone)));
        expect(
          plans.some((p) => hourScans(p).length > 0),
          `${name} (${zone}): ${JSON.stringify(plans.flatMap((p) => nodes(p).map((n) => n["Index Name"] ?? n["Node Type"])))}`,
        ).toBe(true);
        // The hidden responses through their own partial index, by the window's hours.
        if (name.startsWith("the hidden responses"))
          expect(
            plans.some((p) => hourScans(p).some((n) => n["Index Name"] === "Response_hidden_organizationId_hour_idx")),
            `${name} (${zone}): ${JSON.stringify(plans.flatMap((p) => nodes(p).map((n) => n["Index Name"] ?? n["Node Type"])))}`,
          ).toBe(true);
      }
    }
  });
});
