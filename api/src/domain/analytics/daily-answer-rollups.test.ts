// The answer roll-ups are daily only (docs/analytics.md "Daily answer roll-ups only"): a read takes
// the whole UTC days of its window from "RollupAnswerDay" and the rest from the raw rows. A series by
// local day, week, month or weekday off UTC counts each UTC day under its own date and moves the
// answers of the hours that belong to another local day from the raw rows. Every case here must give
// what the raw rows give: offsets east and west of UTC, windows cut at local midnight, responses in
// the hours next to midnight, a hidden response, and responses still pending (not in any roll-up).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertPendingTestResponses, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { parseResultsFilters, type GroupBy } from "../results-scope/filters.js";
import type { Visibility } from "../results-scope/response-scope.js";
import { answerPathOf, answerSums, movedShareForRaw, movedShareOf, type AnswerSums } from "./engine.js";
import { rebuildRollups } from "./rollups.js";

const dayMs = 86_400_000;
const hourMs = 3_600_000;

describe.skipIf(noDatabase)("daily answer roll-ups: the hours they do not hold come from the raw rows", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let doors: string[];
  // Twelve whole UTC days over a month, a year and an ISO year's boundary (2026-W01 starts on Monday
  // 29 Dec 2025). Fixed dates: ingestion's clock plays no part (the rows are inserted), and the
  // filters are parsed with a "now" of their own.
  const first = Date.UTC(2025, 11, 26);
  const days = 12;
  // Every hour next to a UTC midnight (the ones the offsets below move), and some in between.
  const hours = [0, 1, 2, 3, 4, 5, 9, 13, 18, 19, 20, 21, 22, 23];

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Daily roll-ups");
    s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    doors = [
      (await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "North door", s.survey.id)).id,
      (await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "South door", s.survey.id)).id,
    ];
    const gone = (await prisma.unit.create({ data: { organizationId: org.organization.id, name: "Closed shop", parentId: org.units.root.id } })).id;
    let i = 0;
    const responses = [];
    for (let d = 0; d < days; d++)
      for (const h of hours) {
        i++;
        responses.push({
          surveyId: s.survey.id,
          touchpointId: doors[i % 2]!,
          // Mostly the Stores team; some of the Online team's, and some of a team deleted since
          // (a response keeps its team's code, which then names no team: the roll-ups count it under unit code 0).
          unitId: i % 5 === 0 ? org.units.unitB.id : i % 23 === 0 ? gone : org.units.unitA.id,
          createdAt: new Date(first + d * dayMs + h * hourMs + (i % 50) * 60_000),
          hidden: i % 37 === 0,
          answers: [
            { questionId: s.questions.nps.id, n: (i * 7) % 11 },
            { questionId: s.questions.slider.id, n: ((i * 13) % 101) / 100 },
            { questionId: s.questions.multi.id, choices: i % 3 ? ["mx", "my"] : ["mz"] },
          ],
        });
      }
    // Rolled up (markResponsesChanged), as the applier leaves them; then the team is deleted and the
    // organisation's roll-ups rebuilt, so the deleted team's answers count under unit code 0.
    await insertTestResponses(prisma, org.organization.id, responses);
    await prisma.unit.delete({ where: { id: gone } });
    await rebuildRollups(prisma, org.organization.id);
    const [codeZero] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "RollupAnswerDay" WHERE "unitCode" = 0 AND "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = $1)`,
      org.organization.id,
    );
    expect(codeZero!.n).toBeGreaterThan(0);
  });
  afterAll(async () => prisma?.$disconnect());

  /** The organisation's admin (every team), or a viewer of the Stores team. */
  let teamOnly = false;
  const visibility = (): Visibility => ({
    organizationId: org.organization.id,
    unitIds: teamOnly ? [org.units.unitA.id, org.units.unitA1.id] : null,
    units: [],
    restrictSummaryToTeam: false,
  });
  const questions = () => [s.questions.nps.id, s.questions.slider.id, s.questions.multi.id];
  const sorted = (rows: AnswerSums[]) =>
    rows
      .map((r) => ({ ...r, count: Number(r.count), sum: Math.round(Number(r.sum) * 1e6) / 1e6 }))
      .sort((a, b) => `${a.qid}|${a.grp}|${a.value}`.localeCompare(`${b.qid}|${b.grp}|${b.value}`));

  /** The same read from the roll-up path and from the raw rows; answers the roll-up path's rows. */
  const same = async (db: PrismaClient, utcOffset: number, groupBy: GroupBy | null, fromDay: number, toDay: number, extra: Record<string, unknown> = {}) => {
    const iso = (d: number) => new Date(first + d * dayMs).toISOString().slice(0, 10);
    const f = parseResultsFilters({ from: iso(fromDay), to: iso(toDay), utcOffset, ...extra }, { now: new Date(first + days * dayMs) });
    // From local midnight of fromDay to local midnight of toDay: cut inside UTC days unless the offset is 0.
    const window = { from: new Date(first + fromDay * dayMs - utcOffset * 60_000), to: new Date(first + toDay * dayMs - utcOffset * 60_000) };
    expect((await answerPathOf(db, visibility(), f, groupBy)).kind).toBe("rollup");
    const q = { questionIds: questions(), window, groupBy };
    // "rollup": the roll-up path even where the engine would weigh the moved hours and read raw.
    const rollup = sorted(await answerSums(db, visibility(), f, { ...q, source: "rollup" }));
    const raw = sorted(await answerSums(db, visibility(), f, { ...q, source: "raw" }));
    expect(rollup, JSON.stringify({ utcOffset, groupBy, fromDay, toDay, extra, teamOnly })).toEqual(raw);
    return rollup;
  };

  const groupings: (GroupBy | null)[] = [null, "source", "daily", "weekNumber", "monthly", "weekday"];

  it("gives the raw rows' answer at offsets east and west of UTC, for every grouping the roll-ups serve", async () => {
    for (const utcOffset of [0, 60, 120, 180, 600, -60, -300, -720, 840])
      for (const groupBy of groupings) {
        const rows = await same(prisma, utcOffset, groupBy, 1, days - 1);
        expect(rows.length).toBeGreaterThan(0);
      }
    // One window of a single local day.
    for (const groupBy of groupings) {
      await same(prisma, 120, groupBy, 3, 4);
      await same(prisma, -300, groupBy, 3, 4);
    }
  });

  it("gives the raw rows' answer for a viewer of one team and under a touchpoint filter", async () => {
    for (const utcOffset of [0, 120, -300])
      for (const groupBy of groupings) {
        await same(prisma, utcOffset, groupBy, 1, days - 1, { touchpointIds: [doors[1]] });
        teamOnly = true;
        try {
          const rows = await same(prisma, utcOffset, groupBy, 1, days - 1);
          expect(rows.length).toBeGreaterThan(0);
        } finally {
          teamOnly = false;
        }
      }
  });

  it("counts each answer under its local day (checked by hand for one day at UTC+2)", async () => {
    const rows = await same(prisma, 120, "daily", 1, days - 1);
    const label = new Date(first + 4 * dayMs).toISOString().slice(0, 10);
    const npsOfDay = rows.find((r) => r.qid === s.questions.nps.id && r.grp === label && r.value === "*")!;
    // Local day 4 at UTC+2: UTC day 3 from 22:00 (hours 22, 23) and UTC day 4 until 22:00 (the other 12 hours), less hidden ones.
    const inDay = (d: number, h: number) => {
      const i = d * hours.length + hours.indexOf(h) + 1;
      return i % 37 === 0 ? 0 : 1;
    };
    const expected = [22, 23].reduce((n, h) => n + inDay(3, h), 0) + hours.filter((h) => h < 22).reduce((n, h) => n + inDay(4, h), 0);
    expect(npsOfDay.count).toBe(expected);
    expect(expected).toBeGreaterThan(10);
  });

  it("weighs the hours a daily or weekday series moves: past a quarter of the responses it reads the raw rows, with the same answer", async () => {
    const window = { from: new Date(first + dayMs), to: new Date(first + (days - 1) * dayMs) };
    const read = async (utcOffset: number, groupBy: GroupBy) => {
      const f = parseResultsFilters({ from: "2025-12-27", to: "2026-01-06", utcOffset }, { now: new Date(first + days * dayMs) });
      const q = { questionIds: questions(), window, groupBy };
      return {
        share: await movedShareOf(prisma, visibility(), f, q),
        path: await answerPathOf(prisma, visibility(), f, groupBy, q),
        unweighed: (await answerPathOf(prisma, visibility(), f, groupBy)).kind,
        served: sorted(await answerSums(prisma, visibility(), f, q)),
        raw: sorted(await answerSums(prisma, visibility(), f, { ...q, source: "raw" })),
      };
    };
    // The data answers at 14 hours of each UTC day. East of UTC the last hours move to the next
    // local day: at +2 h hours 22 and 23 (2 of 14), at +10 h hours 18–23 (6 of 14); west of it the
    // first ones: at -5 h hours 0–4 (5 of 14). (Hidden responses are in no roll-up: a little less.)
    const plus2 = await read(120, "daily");
    expect(plus2.share).toBeGreaterThan(0.1);
    expect(plus2.share).toBeLessThan(2 / 14 + 0.01);
    expect(plus2.path.kind).toBe("rollup");
    const plus10 = await read(600, "daily");
    expect(plus10.share).toBeGreaterThan(0.4);
    expect(plus10.share).toBeLessThan(6 / 14 + 0.01);
    expect(plus10.path).toEqual({ kind: "raw", reason: expect.stringContaining("% of the responses fall in the hours moved") });
    const minus5 = await read(-300, "weekday");
    expect(minus5.share).toBeGreaterThan(movedShareForRaw);
    expect(minus5.path.kind).toBe("raw");
    // Without the read's questions and window, or for a series that moves few days, nothing is weighed.
    expect(plus10.unweighed).toBe("rollup");
    expect((await read(600, "monthly")).path.kind).toBe("rollup");
    expect((await read(0, "daily")).share).toBe(0);
    // Either way the served answer is the raw rows'.
    for (const r of [plus2, plus10, minus5]) {
      expect(r.served.length).toBeGreaterThan(0);
      expect(r.served).toEqual(r.raw);
    }
  });

  it("responses still pending (in no roll-up) count once, under their local day, inside and next to the edge hours", async () => {
    const aborted = new Error("rolled back on purpose");
    await expect(
      prisma.$transaction(
        async (tx) => {
          const db = tx as unknown as PrismaClient;
          // 23:30 UTC (the next local day east of UTC), 00:30 UTC (the previous one west of it), and noon.
          await insertPendingTestResponses(
            db,
            org.organization.id,
            [first + 5 * dayMs + 23.5 * hourMs, first + 6 * dayMs + 0.5 * hourMs, first + 6 * dayMs + 12 * hourMs].map((at) => ({
              surveyId: s.survey.id,
              touchpointId: doors[0]!,
              unitId: org.units.unitA.id,
              createdAt: new Date(at),
              answers: [
                { questionId: s.questions.nps.id, n: 10 },
                { questionId: s.questions.multi.id, choices: ["mx"] },
              ],
            })),
          );
          for (const utcOffset of [0, 120, -300])
            for (const groupBy of groupings) {
              const rows = await same(db, utcOffset, groupBy, 1, days - 1);
              if (groupBy === null) {
                const tens = rows.find((r) => r.qid === s.questions.nps.id && r.value === "10")!;
                const before = (await same(prisma, utcOffset, null, 1, days - 1)).find((r) => r.qid === s.questions.nps.id && r.value === "10")?.count ?? 0;
                expect(tens.count).toBe(before + 3);
              }
            }
          throw aborted;
        },
        { timeout: 60_000, maxWait: 30_000 },
      ),
    ).rejects.toBe(aborted);
  });
});
