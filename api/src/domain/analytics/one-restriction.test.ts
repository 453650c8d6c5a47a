// One restriction item (the commonest filter: "NPS 9–10", "single choice A") served by the response
// bit strings against the raw rows, real PostgreSQL: random seeded responses over ten days in two
// units, some pending (not yet applied), some hidden, some over the limit, and another organisation's
// responses in the same window. Every question's result (and the table view) must equal the raw
// path's, in several groupings and offsets; after changes (hide, over-limit, delete) recomputed
// through markResponsesChanged, and forgotten (not recomputed), which must show. (Until 27 Nov 2026 a
// co-occurrence roll-up served these: docs/analytics.md "Built: the bit strings replace the
// co-occurrence roll-up".)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, type TestSurvey } from "../../test/analytics-survey.js";
import {
  bucketsOf,
  insertSeededResponses,
  seeded,
  type SeededRow,
  seededBase,
  seededWindow,
  shareLinkCaller,
  withoutSource,
} from "../../test/seeded-responses.js";
import { getQuestionResult, getResults } from "./results.js";
import { markResponsesChanged } from "./rollups.js";
import { rollupApplierLockKey, settleRollups } from "./rollup-applier.js";
import pg from "pg";
import { answerPathOf, servedResponseCount } from "./engine.js";
import { buildScope, callerVisibility } from "../results-scope/response-scope.js";
import { parseResultsFilters } from "../results-scope/filters.js";

type Row = SeededRow;

describe.skipIf(noDatabase)("one restriction item served by the response bit strings, equal to the raw rows", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let so: TestSurvey;
  let tps: { id: string; unitId: string }[];
  let rows: Row[];
  // Another applier, as far as PostgreSQL can tell: holds the applier's advisory lock while the first
  // test reads, so the pending responses stay pending (reads add them from the raw rows).
  const holder = new pg.Client({ connectionString: databaseUrl! });
  const base = seededBase;
  const window = seededWindow;

  const caller = () => shareLinkCaller(t.prisma, org);
  const strip = withoutSource;

  const insert = (organizationId: string, survey: TestSurvey, touchpoints: { id: string; unitId: string }[], n: number, rnd: () => number) =>
    insertSeededResponses(t.prisma, { organizationId, survey, touchpoints, n, rnd, base });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Cooc");
    other = await createOrganizationFixture(t.prisma, "CoocOther");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    so = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.unitA.id);
    tps = [];
    for (const [name, unitId] of [
      ["Door", org.units.unitA.id],
      ["Till", org.units.unitA1.id],
      ["Web", org.units.unitB.id],
    ] as const)
      tps.push({ id: (await createTestTouchpoint(t.prisma, org.organization.id, unitId, name, s.survey.id)).id, unitId });
    const otherTp = await createTestTouchpoint(t.prisma, other.organization.id, other.units.unitA.id, "Door", so.survey.id);
    const rnd = seeded(18);
    rows = await insert(org.organization.id, s, tps, 400, rnd);
    const otherRows = await insert(other.organization.id, so, [{ id: otherTp.id, unitId: other.units.unitA.id }], 150, rnd);
    // Over the limit: stored, never counted.
    const over = rows.filter((_, i) => i % 17 === 3).map((r) => r.id);
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "overLimit" = true WHERE "id" = ANY($1::text[])`, over);
    // Three quarters applied (recomputed from the raw rows), the rest left pending for the applier.
    const applied = rows.filter((_, i) => i % 4 !== 0);
    const pending = rows.filter((_, i) => i % 4 === 0);
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock($1::bigint)", [rollupApplierLockKey]);
    // Pending first: a recompute leaves pending responses out (the applier adds them).
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      pending.map((r) => r.id),
    );
    await markResponsesChanged(t.prisma, org.organization.id, bucketsOf(applied));
    await markResponsesChanged(t.prisma, other.organization.id, bucketsOf(otherRows));
    // Planner statistics, as db/statistics.ts keeps them (without, the raw path's plans take a minute here).
    await t.prisma.$executeRawUnsafe(`ANALYZE "Response", "Answer"`);
  });
  afterAll(async () => {
    await holder.end().catch(() => undefined);
    await t?.close();
  });

  const items = () => {
    const q = s.questions;
    return [
      { name: "NPS 9–10", item: { questionId: q.nps.id, values: [9, 10] } },
      { name: "NPS range 7 ≤ v < 9", item: { questionId: q.nps.id, gte: 7, lt: 9 } },
      { name: "smiley 0.75 or 1", item: { questionId: q.smiley.id, values: [0.75, 1] } },
      { name: "slider 0.375 (within 1e-6)", item: { questionId: q.slider.id, values: [0.3750001] } },
      { name: "slider ≥ 0.5", item: { questionId: q.slider.id, gte: 0.5 } },
      { name: "single choice A or C", item: { questionId: q.single.id, values: ["ca", "cc"] } },
      { name: "emotion happy", item: { questionId: q.emotion.id, values: ["happy"] } },
    ];
  };
  const views = [
    { groupBy: "daily", utcOffset: 0 },
    { groupBy: "source", utcOffset: 0 },
    { groupBy: "monthly", utcOffset: 0 },
    { groupBy: "weekday", utcOffset: 0 },
    { groupBy: "source", utcOffset: 120 },
    { groupBy: "source", utcOffset: -330 },
    { groupBy: "weekNumber", utcOffset: 0, unitIdOf: "unitA" as const },
  ];

  it("serves every one-item restriction from the bit strings, equal to the raw rows, pending responses included", async () => {
    try {
      await served();
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1::bigint)", [rollupApplierLockKey]);
    }
  });
  async function served() {
    expect(await t.prisma.rollupPending.count()).toBeGreaterThan(50);
    for (const { name, item } of items())
      for (const view of views) {
        const filters = {
          ...window,
          groupBy: view.groupBy,
          utcOffset: view.utcOffset,
          restrictByAnswer: [item],
          ...(view.unitIdOf ? { unitId: org.units[view.unitIdOf].id } : {}),
          options: { satisfactionReport: true },
        };
        const f = parseResultsFilters(filters);
        expect((await answerPathOf(t.prisma, { organizationId: org.organization.id }, f, f.groupBy)).kind, name).toBe("bits");
        const served = await getResults(caller(), filters);
        expect(served.every((r) => r.source === "rollup")).toBe(true);
        const raw = await getResults(caller(), filters, { source: "raw" });
        expect(raw.length).toBeGreaterThan(0);
        expect(strip(served), `${name} ${JSON.stringify(view)}`).toEqual(strip(raw));
        // Something matched: the comparison is not between two empty answers.
        expect(raw.find((r) => r.questionId === item.questionId)!.mainResult!.count).toBeGreaterThan(0);
      }
    expect(await t.prisma.rollupPending.count()).toBeGreaterThan(50);
  }

  it("a touchpoint filter (the organisation's count apart) and the survey filter give the raw answer too", async () => {
    const item = { questionId: s.questions.nps.id, values: [10] };
    const filters = { ...window, touchpointIds: [tps[0]!.id], surveyIds: [s.survey.id], restrictByAnswer: [item] };
    const q = s.questions.single.id;
    const served = await getQuestionResult(caller(), q, filters);
    expect(served.source).toBe("rollup");
    const { source: _a, ...a } = served;
    const { source: _b, ...b } = await getQuestionResult(caller(), q, filters, { source: "raw" });
    expect(a).toEqual(b);
    expect(a.organizationNowCount.overallCount).toBeGreaterThan(a.mainResult!.count);
  });

  it("counts the feedback list's total from the bit strings, hidden responses where the caller manages them from the raw rows", async () => {
    const v = await callerVisibility(caller(), "results");
    for (const { name, item } of items())
      for (const extra of [{}, { utcOffset: 180 }, { unitId: org.units.unitA.id }, { touchpointIds: [tps[2]!.id] }])
        for (const hiddenAlsoInUnits of [[], [org.units.unitA1.id, org.units.unitB.id]]) {
          const f = parseResultsFilters({ ...window, ...extra, restrictByAnswer: [item] });
          const scope = buildScope(v, f, { alias: "r", hiddenAlsoInUnits });
          const [raw] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
          expect(await servedResponseCount(t.prisma, v, f, hiddenAlsoInUnits), `${name} ${JSON.stringify(extra)}`).toBe(raw!.n);
        }
    // Several items (AND) too.
    const two = parseResultsFilters({ ...window, restrictByAnswer: [items()[0]!.item, items()[5]!.item] });
    const twoScope = buildScope(v, two, { alias: "r" });
    const [twoRaw] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${twoScope.sql}`, ...twoScope.params);
    expect(await servedResponseCount(t.prisma, v, two)).toBe(twoRaw!.n);
  });

  it("counts the unfiltered list's total from the response roll-ups (pending and hidden ones included as the raw rows count them)", async () => {
    const v = await callerVisibility(caller(), "results");
    // More responses, left pending: the applier is held off (the lock) while the totals are read.
    await holder.query("SELECT pg_advisory_lock($1::bigint)", [rollupApplierLockKey]);
    let served = 0;
    try {
      const fresh = await insert(org.organization.id, s, tps, 40, seeded(99));
      rows.push(...fresh);
      await t.prisma.$executeRawUnsafe(
        `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
        fresh.map((r) => r.id),
      );
      const [pending] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "RollupPending"`);
      expect(pending!.n).toBeGreaterThanOrEqual(40);
      // Windows cut inside the data (local midnights at 21:00 and 05:00 UTC): the hours at either end.
      const inner = { from: "2026-03-12", to: "2026-03-15" };
      for (const extra of [
        {},
        { utcOffset: 180 },
        { utcOffset: -300 },
        { ...inner, utcOffset: 180 },
        { ...inner, utcOffset: -300 },
        { unitId: org.units.unitA.id },
        { touchpointIds: [tps[2]!.id] },
        { surveyIds: [s.survey.id] },
        { groupBy: "metadata", groupByMetaKey: "store" },
      ])
        for (const hiddenAlsoInUnits of [[], [org.units.unitA1.id, org.units.unitB.id]]) {
          const f = parseResultsFilters({ ...window, ...extra });
          const scope = buildScope(v, f, { alias: "r", hiddenAlsoInUnits });
          const [raw] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
          const count = await servedResponseCount(t.prisma, v, f, hiddenAlsoInUnits);
          expect(count, `${JSON.stringify(extra)} ${hiddenAlsoInUnits.length}`).toBe(raw!.n);
          expect(raw!.n).toBeGreaterThan(0);
          served++;
        }
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1::bigint)", [rollupApplierLockKey]);
    }
    expect(served).toBe(18);
    // A half-hour offset and metadata filters are not the roll-ups': the response bit strings count
    // them; an organisation not built yet leaves them to the caller (the raw rows).
    for (const f of [
      parseResultsFilters({ ...window, utcOffset: 330 }),
      parseResultsFilters({ ...window, metaDataMatch: { items: [{ key: "k", value: "v" }] } }),
    ]) {
      const scope = buildScope(v, f, { alias: "r" });
      const [raw] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
      expect(await servedResponseCount(t.prisma, v, f)).toBe(raw!.n);
      await t.prisma.$executeRawUnsafe(
        `INSERT INTO "ResponseBitsState" ("organizationId", built) VALUES ($1, false) ON CONFLICT ("organizationId") DO UPDATE SET built = false`,
        org.organization.id,
      );
      expect(await servedResponseCount(t.prisma, v, f)).toBeNull();
      await t.prisma.$executeRawUnsafe(`UPDATE "ResponseBitsState" SET built = true WHERE "organizationId" = $1`, org.organization.id);
    }
  });

  it("never shows another organisation's responses: its question restricts nothing here", async () => {
    const item = { questionId: so.questions.nps.id, values: [9, 10] };
    const served = await getResults(caller(), { ...window, restrictByAnswer: [item] });
    expect(served.every((r) => (r.mainResult?.count ?? 0) === 0)).toBe(true);
    // And our own restriction counts none of theirs: the whole table equals the raw path's (checked above)
    // and no bit string of ours names their questions, while theirs do.
    const named = (organizationId: string) =>
      t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "ResponseBits" WHERE "organizationId" = $1 AND field = ANY($2::text[])`,
        organizationId,
        Object.values(so.questions).map((x) => `a:${x.id}`),
      );
    expect((await named(org.organization.id))[0]!.n).toBe(0);
    expect((await named(other.organization.id))[0]!.n).toBeGreaterThan(0);
  });

  it("stays equal after the applier, after hiding and over-limit changes; a change not recomputed shows", async () => {
    await settleRollups(t.prisma);
    const item = { questionId: s.questions.nps.id, values: [9, 10] };
    const filters = { ...window, groupBy: "daily", restrictByAnswer: [item] };
    const same = async () => expect(strip(await getResults(caller(), filters))).toEqual(strip(await getResults(caller(), filters, { source: "raw" })));
    await same();
    // Hide some promoters' responses, mark others over the limit, delete one: recomputed.
    const promoters = await t.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT r."id" FROM "Response" r JOIN "EveryAnswer" a ON a."responseId" = r."id" WHERE r."organizationId" = $1 AND a."questionId" = $2 AND a."numericValue" >= 9 AND r."hidden" = false AND r."overLimit" = false ORDER BY r."id" LIMIT 6`,
      org.organization.id,
      item.questionId,
    );
    const ids = promoters.map((p) => p.id);
    expect(ids.length).toBe(6);
    const changed = ids.map((id) => rows.find((r) => r.id === id)!).map((r) => ({ createdAt: r.c, surveyId: r.s, touchpointId: r.t }));
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "hidden" = true WHERE "id" = ANY($1::text[])`, ids.slice(0, 2));
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "overLimit" = true WHERE "id" = ANY($1::text[])`, ids.slice(2, 4));
    await t.prisma.$executeRawUnsafe(`DELETE FROM "Response" WHERE "id" = $1`, ids[4]);
    await markResponsesChanged(t.prisma, org.organization.id, changed.slice(0, 5));
    await same();
    // A change the bit strings are not told of: the served answer differs (the test would catch an
    // applier or a recompute that forgot the bits).
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "hidden" = true WHERE "id" = $1`, ids[5]);
    const served = await getResults(caller(), filters);
    const raw = await getResults(caller(), filters, { source: "raw" });
    expect(strip(served)).not.toEqual(strip(raw));
    await markResponsesChanged(t.prisma, org.organization.id, changed.slice(5));
    await same();
  });
});
