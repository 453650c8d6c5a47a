// The engine weighs the hours a daily or weekday series off UTC moves to another local day
// (engine.ts movedShareOf; docs/analytics.md "Weighing the moved hours"): from the hourly response
// roll-ups of up to seven whole UTC days spread over the window. Here each day has its own mix of
// evening and morning responses, so the share depends on which days are sampled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { loadViewer } from "../viewer.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import type { Visibility } from "../results-scope/response-scope.js";
import { answerPathOf, movedShareOf } from "./engine.js";
import { getQuestionResult } from "./results.js";

const dayMs = 86_400_000;
const hourMs = 3_600_000;

describe.skipIf(noDatabase)("weighing the moved hours", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let s: TestSurvey;
  // Twenty whole UTC days from 1 April 2026; day d has d + 1 responses at 20:00 UTC (moved at +10 h:
  // hours 14–23) and 10 at 08:00 UTC (never moved east of UTC).
  const first = Date.UTC(2026, 3, 1);
  const days = 20;
  const now = new Date(first + 25 * dayMs);

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Moved hours");
    s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    const tp = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Kiosk", s.survey.id);
    const at = (d: number, h: number, i: number) => new Date(first + d * dayMs + h * hourMs + i * 60_000);
    const responses = [];
    for (let d = 0; d < days; d++) {
      for (let i = 0; i <= d; i++) responses.push(at(d, 20, i));
      for (let i = 0; i < 10; i++) responses.push(at(d, 8, i));
    }
    await insertTestResponses(
      prisma,
      org.organization.id,
      responses.map((createdAt, i) => ({
        surveyId: s.survey.id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        createdAt,
        answers: [{ questionId: s.questions.nps.id, n: i % 11 }],
      })),
    );
  });
  afterAll(async () => prisma?.$disconnect());

  const visibility = (): Visibility => ({ organizationId: org.organization.id, unitIds: null, units: [], restrictSummaryToTeam: false });
  const filters = (utcOffset: number) => parseResultsFilters({ from: "2026-04-01", to: "2026-04-20", utcOffset }, { now });
  const q = (from: number, to: number) => ({ questionIds: [s.questions.nps.id], window: { from: new Date(from), to: new Date(to) } });

  it("samples seven days spread evenly over the window, the middle of seven equal parts", async () => {
    // Of 20 days, the parts' middles are days 1, 4, 7, 10, 12, 15 and 18: (d + 1) evening responses each.
    const sampled = [1, 4, 7, 10, 12, 15, 18];
    const moved = sampled.reduce((n, d) => n + d + 1, 0);
    const share = await movedShareOf(prisma, visibility(), filters(600), q(first, first + days * dayMs));
    expect(share).toBeCloseTo(moved / (moved + 10 * sampled.length), 9);
    // West of UTC the first hours move: at -9 h hours 0–8 hold the mornings.
    const west = await movedShareOf(prisma, visibility(), filters(-540), q(first, first + days * dayMs));
    expect(west).toBeCloseTo((10 * sampled.length) / (moved + 10 * sampled.length), 9);
    // Three days: each of them.
    const three = await movedShareOf(prisma, visibility(), filters(600), q(first + 2 * dayMs, first + 5 * dayMs));
    expect(three).toBeCloseTo((3 + 4 + 5) / (3 + 4 + 5 + 30), 9);
  });

  it("a window with no whole UTC day moves nothing: share 0 and the roll-up path", async () => {
    const part = q(first + 3 * dayMs + 6 * hourMs, first + 3 * dayMs + 22 * hourMs);
    expect(await movedShareOf(prisma, visibility(), filters(600), part)).toBe(0);
    expect((await answerPathOf(prisma, visibility(), filters(600), "daily", part)).kind).toBe("rollup");
  });

  it("a question's result by local day says which path served it: the raw rows where the moved hours hold much", async () => {
    const admin = await loadViewer(prisma, org.users.admin.id, "accessToken");
    const ctx = { prisma, viewer: admin } as unknown as DomainContext;
    const result = (utcOffset: number, groupBy: string) =>
      getQuestionResult(ctx, s.questions.nps.id, { from: "2026-04-01", to: "2026-04-20", utcOffset, groupBy }, { now });
    const weighed = await result(600, "daily");
    expect(weighed.source).toBe("raw");
    expect((await result(600, "weekday")).source).toBe("raw");
    // At +2 h the moved hours (22–23 UTC) hold nothing; a monthly series is not weighed.
    const usual = await result(120, "daily");
    expect(usual.source).toBe("rollup");
    expect((await result(600, "monthly")).source).toBe("rollup");
    // Either way the same figures as the raw rows.
    for (const [utcOffset, groupBy] of [
      [600, "daily"],
      [120, "daily"],
    ] as const) {
      const served = await result(utcOffset, groupBy);
      const raw = await getQuestionResult(ctx, s.questions.nps.id, { from: "2026-04-01", to: "2026-04-20", utcOffset, groupBy }, { now, source: "raw" });
      expect({ ...served, source: "raw" }).toEqual(raw);
    }
  });
});
