// The response bit strings (response-bits.ts) against the raw rows, real PostgreSQL: seeded responses
// over ten days in three teams with metadata (a key some responses lack, JSON null, an empty value),
// some pending (not yet applied), some hidden, some over the limit, and another organisation's
// responses in the same window. Every filter the roll-ups cannot serve (several restriction items,
// multiple choice, an emotion's numbers, metadata match strict and not, grouping by metadata) must
// give the raw path's results, summary and list total, in several groupings, offsets and scopes;
// after the applier, after hides, shows, deletes and over-limit changes recomputed through
// markResponsesChanged, and not after a change nobody was told of (which must show).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
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
import { buildScope, callerVisibility } from "../results-scope/response-scope.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import { getResults } from "./results.js";
import { getSummary } from "./summary.js";
import { markResponsesChanged, rebuildRollups } from "./rollups.js";
import { rollupApplierLockKey, settleRollups } from "./rollup-applier.js";
import {
  answerPathOf,
  answerSums,
  countedInServer,
  listMetaKeyCounts,
  listMetaKeys,
  listOverview,
  listSampleIds,
  pageSinceOf,
  responseSums,
  servedResponseCount,
} from "./engine.js";
import { bitsBlock, metadataValuesPerBlock } from "./response-bits.js";
import { poolOf } from "../../db/client.js";
import { scopedToOrganization } from "../tenancy.js";
import { testPassword } from "../../test/fixtures.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { apiCall } from "../../test/rest-client.js";

type Row = SeededRow;

describe.skipIf(noDatabase)("response bit strings: every filter the roll-ups cannot serve, equal to the raw rows", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let so: TestSurvey;
  let tps: { id: string; unitId: string }[];
  let rows: Row[];
  const holder = new pg.Client({ connectionString: databaseUrl! });
  const base = seededBase;
  const window = seededWindow;
  const caller = () => shareLinkCaller(t.prisma, org);
  const strip = withoutSource;

  // Metadata: a store most have (some JSON null or empty), a visit kind, a number (->> gives its text).
  const metadata = (rnd: () => number) => {
    const m: Record<string, unknown> = {};
    const store = rnd();
    if (store < 0.8) m.store = ["S1", "S2", "S3"][Math.floor(rnd() * 3)];
    else if (store < 0.87) m.store = null;
    else if (store < 0.92) m.store = "";
    if (rnd() < 0.7) m.visit = rnd() < 0.5 ? "first" : "repeat";
    if (rnd() < 0.3) m.n = Math.floor(rnd() * 3);
    return m;
  };
  const insert = (organizationId: string, survey: TestSurvey, touchpoints: { id: string; unitId: string }[], n: number, rnd: () => number) =>
    insertSeededResponses(t.prisma, { organizationId, survey, touchpoints, n, rnd, base, metadata, emotionValues: [1, 0.5, 0.25] });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Bits");
    other = await createOrganizationFixture(t.prisma, "BitsOther");
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
    const rnd = seeded(1807);
    rows = await insert(org.organization.id, s, tps, 500, rnd);
    const otherRows = await insert(other.organization.id, so, [{ id: otherTp.id, unitId: other.units.unitA.id }], 150, rnd);
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET "overLimit" = true WHERE "id" = ANY($1::text[])`,
      rows.filter((_, i) => i % 17 === 3).map((r) => r.id),
    );
    // A fifth left pending for the applier (held off: another "applier" holds its lock).
    const pending = rows.filter((_, i) => i % 5 === 0);
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock($1::bigint)", [rollupApplierLockKey]);
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      pending.map((r) => r.id),
    );
    // Both organisations built from their raw rows (pending ones left to the applier).
    await rebuildRollups(t.prisma, org.organization.id);
    await markResponsesChanged(t.prisma, other.organization.id, bucketsOf(otherRows));
    await rebuildRollups(t.prisma, other.organization.id);
    await t.prisma.$executeRawUnsafe(`ANALYZE "Response", "Answer"`);
  });
  afterAll(async () => {
    await holder.end().catch(() => undefined);
    await t?.close();
  });

  const filterCases = () => {
    const q = s.questions;
    return [
      {
        name: "NPS 9–10 and single choice A or C",
        restrictByAnswer: [
          { questionId: q.nps.id, values: [9, 10] },
          { questionId: q.single.id, values: ["ca", "cc"] },
        ],
      },
      { name: "multiple choice mx or mz", restrictByAnswer: [{ questionId: q.multi.id, values: ["mx", "mz"] }] },
      {
        name: "emotion by its number (≥ 0.5) and smiley < 0.5",
        restrictByAnswer: [
          { questionId: q.emotion.id, gte: 0.5 },
          { questionId: q.smiley.id, lt: 0.5 },
        ],
      },
      {
        name: "slider 0.375 within 1e-6 and multiple choice my",
        restrictByAnswer: [
          { questionId: q.slider.id, values: [0.3750001] },
          { questionId: q.multi.id, values: ["my"] },
        ],
      },
      {
        name: "metadata strict: store S1 or S2, and visit first",
        metaDataMatch: {
          strict: true,
          items: [
            { key: "store", value: "S1" },
            { key: "store", value: "S2" },
            { key: "visit", value: "first" },
          ],
        },
      },
      {
        name: "metadata not strict: store S3 or visit repeat or n 2",
        metaDataMatch: {
          strict: false,
          items: [
            { key: "store", value: "S3" },
            { key: "visit", value: "repeat" },
            { key: "n", value: "2" },
          ],
        },
      },
      { name: "metadata empty value", metaDataMatch: { strict: true, items: [{ key: "store", value: "" }] } },
      { name: "grouped by store", groupBy: "metadata", groupByMetaKey: "store" },
      { name: "grouped by store, NPS 0–6", groupBy: "metadata", groupByMetaKey: "store", restrictByAnswer: [{ questionId: q.nps.id, lt: 7 }] },
      {
        name: "metadata and an answer",
        metaDataMatch: { strict: true, items: [{ key: "visit", value: "repeat" }] },
        restrictByAnswer: [{ questionId: q.nps.id, values: [10] }],
      },
    ];
  };
  const views: Record<string, unknown>[] = [
    { groupBy: "daily" },
    { groupBy: "source" },
    { groupBy: "weekday" },
    { groupBy: "monthly", unitId: "unitA" },
    { groupBy: "source", utcOffset: 120 },
    { groupBy: "source", utcOffset: -330 },
    { groupBy: "daily", from: "2026-03-12", to: "2026-03-15", utcOffset: 180 },
    // One day at an offset: no whole UTC day, every part from the raw rows.
    { groupBy: "daily", from: "2026-03-12", to: "2026-03-12", utcOffset: 180 },
    { groupBy: "source", from: "2026-03-13", to: "2026-03-13", utcOffset: -330 },
    { groupBy: "weekNumber", touchpointIds: [1], surveyIds: true },
  ];
  const filtersOf = (c: Record<string, unknown>, view: Record<string, unknown>) => {
    const { name: _n, ...rest } = c;
    const out: Record<string, unknown> = { ...window, ...view, ...rest, options: { satisfactionReport: true } };
    if (view.unitId) out.unitId = org.units[view.unitId as "unitA"].id;
    if (view.touchpointIds) out.touchpointIds = [tps[1]!.id];
    if (view.surveyIds) out.surveyIds = [s.survey.id];
    return out;
  };

  /** The metadata keys of every response in a scope (JSON null values too), most frequent first, as plain SQL. */
  const rawMetaKeyCounts = (scope: { sql: string; params: unknown[] }, max: number) =>
    t.prisma.$queryRawUnsafe<{ key: string; n: number }[]>(
      `SELECT k.key, count(*)::int AS n FROM "Response" r
        CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(r.metadata) = 'object' THEN r.metadata ELSE '{}'::jsonb END) k(key)
        WHERE ${scope.sql} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${max}`,
      ...scope.params,
    );
  const rawMetaKeys = async (scope: { sql: string; params: unknown[] }, max: number) => (await rawMetaKeyCounts(scope, max)).map((r) => r.key);

  it("serves results, the summary and the list total under every such filter, equal to the raw rows, pending responses included", async () => {
    try {
      expect(await t.prisma.rollupPending.count()).toBeGreaterThan(50);
      const v = await callerVisibility(caller(), "results");
      let compared = 0;
      let bounded = 0;
      let sampled = 0;
      let keyed = 0;
      for (const c of filterCases())
        for (const view of views) {
          const filters = filtersOf(c, view);
          const label = `${c.name} ${JSON.stringify(view)}`;
          const f = parseResultsFilters(filters);
          const path = await answerPathOf(t.prisma, { organizationId: org.organization.id }, f, f.groupBy);
          const bitsGroupable = f.groupBy !== "hourly" && (f.utcOffset === 0 || f.groupBy === "source" || f.groupBy === "metadata");
          expect(path.kind, label).toBe(bitsGroupable ? "bits" : "raw");
          const served = await getResults(caller(), filters);
          const raw = await getResults(caller(), filters, { source: "raw" });
          expect(strip(served), label).toEqual(strip(raw));
          // Every case matches responses over several days (one day may hold none of a sparse case).
          const severalDays = view.from !== view.to || view.from === undefined;
          if (severalDays)
            expect(
              raw.some((r) => (r.mainResult?.count ?? 0) > 0),
              label,
            ).toBe(true);
          // Response sums (count, satisfaction, NPS classes) under the same filters, as the summary's
          // engine reads them; exact up to the order floating-point sums are added in.
          const sums = await responseSums(t.prisma, v, f, { window: { from: f.from, to: f.to }, groupBy: f.groupBy });
          const rawSums = await responseSums(t.prisma, v, f, { window: { from: f.from, to: f.to }, groupBy: f.groupBy, source: "raw" });
          if (severalDays) expect(rawSums.length, label).toBeGreaterThan(0);
          const round = (xs: typeof sums) => xs.map((x) => ({ ...x, satSum: Number(x.satSum).toFixed(9) }));
          expect(round(sums), label).toEqual(round(rawSums));
          for (const hiddenAlsoInUnits of [[], [org.units.unitA1.id, org.units.unitB.id]]) {
            const scope = buildScope(v, f, { alias: "r", hiddenAlsoInUnits });
            const [count] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
            expect(await servedResponseCount(t.prisma, v, f, hiddenAlsoInUnits), label).toBe(count!.n);
            // The list's reads in one statement: the same total, surveys and meta_ keys as the raw rows.
            const overview = await listOverview(t.prisma, v, f, hiddenAlsoInUnits, 100);
            expect(overview, label).not.toBeNull();
            const surveys = await t.prisma.$queryRawUnsafe<{ id: string }[]>(
              `SELECT r."surveyId" AS id FROM "Response" r WHERE ${scope.sql} GROUP BY 1 ORDER BY count(*) DESC, 1`,
              ...scope.params,
            );
            expect(overview, label).toMatchObject({ total: count!.n, surveyIds: surveys.map((x) => x.id), metaKeys: await rawMetaKeys(scope, 100) });
            expect((await listOverview(t.prisma, v, f, hiddenAlsoInUnits, 2))?.metaKeys, `${label} 2 keys`).toEqual(await rawMetaKeys(scope, 2));
            // The list page's lower bound on creation time leaves the newest rows as they are, before a
            // keyset page's last row too: inside the window, at a UTC midnight, after it, before it.
            const since = pageSinceOf(overview!.days, 30);
            const top = async (bound: Date | null, before: Date | null = null, n = 30) =>
              (
                await t.prisma.$queryRawUnsafe<{ id: string }[]>(
                  `SELECT r."id" FROM "Response" r WHERE ${scope.sql}${bound ? ` AND r."createdAt" >= '${bound.toISOString()}'::timestamptz` : ""}${before ? ` AND r."createdAt" < '${before.toISOString()}'::timestamptz` : ""} ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${n}`,
                  ...scope.params,
                )
              ).map((r) => r.id);
            const day = 86_400_000;
            for (const before of [
              new Date(f.to.getTime() - 2 * day - 3_600_000),
              new Date(Math.floor(f.to.getTime() / day) * day - 2 * day),
              new Date(f.to.getTime() + day),
              new Date(f.from.getTime() - 3_600_000),
            ]) {
              const bound = pageSinceOf(overview!.days, 10, before);
              if (bound) expect(await top(bound, before, 10), `${label} before ${before.toISOString()}`).toEqual(await top(null, before, 10));
              if (before < f.from) expect(bound, label).toBeNull();
            }
            if (since) {
              bounded++;
              expect(await top(since), label).toEqual(await top(null));
            }
            // The list's meta_ columns: every matching response's keys, most frequent first (a limit of
            // 2 tests the order: store and visit are the most frequent, n the least).
            for (const max of [100, 2]) {
              const keys = await listMetaKeyCounts(t.prisma, v, f, hiddenAlsoInUnits, max);
              expect(keys, `${label} meta_ keys, at most ${max}`).toEqual(await rawMetaKeyCounts(scope, max));
              keyed++;
            }
            // The list's meta_ column sample, the newest n matching responses, found through the bit
            // strings (with the pending, the hidden the caller manages and the hours at either end
            // from the raw rows): the raw rows' newest n, from the day the sample can reach or not.
            for (const n of [7, 5000]) {
              const newest = (
                await t.prisma.$queryRawUnsafe<{ id: string }[]>(
                  `SELECT r."id" FROM "Response" r WHERE ${scope.sql} ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${n}`,
                  ...scope.params,
                )
              ).map((r) => r.id);
              const sinceN = pageSinceOf(overview!.days, n);
              for (const bound of [sinceN, null]) {
                const ids = await listSampleIds(t.prisma, v, f, hiddenAlsoInUnits, n, bound);
                expect(ids, `${label} sample of ${n} ${bound ? "bounded" : "whole window"}`).toEqual(newest);
                sampled++;
              }
            }
          }
          compared++;
        }
      expect(compared).toBe(100);
      expect(sampled).toBe(100 * 2 * 2 * 2);
      expect(keyed).toBe(100 * 2 * 2);
      // Most cases match 30 responses within a few days: the bound applied.
      expect(bounded).toBeGreaterThan(60);
      expect(await t.prisma.rollupPending.count()).toBeGreaterThan(50);
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1::bigint)", [rollupApplierLockKey]);
    }
    // Every filter case × view, each compared with the raw rows: 43–46 s on a quiet 2-core machine,
    // over 60 s under load (a CI run with a benchmark beside it timed out on the default 60 s, with and
    // without the touchpoint code); a speed limit this test is not about.
  }, 240_000);

  it("the feedback list (pages, totals, columns) under every such filter is the same with the bit strings as without, for an admin and an editor who sees hidden responses", async () => {
    await settleRollups(t.prisma);
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    const tokens = [await signIn(org.users.admin.email), await signIn(org.users.editorA.email)];
    const built = (on: boolean) => t.prisma.$executeRawUnsafe(`UPDATE "ResponseBitsState" SET built = $2 WHERE "organizationId" = $1`, org.organization.id, on);
    let pages = 0;
    for (const c of filterCases())
      for (const view of [{}, { utcOffset: 120 }, { unitId: "unitA" }, { from: "2026-03-12", to: "2026-03-12", utcOffset: 180 }]) {
        const { options: _o, ...filters } = filtersOf(c, view);
        for (const token of tokens)
          for (const page of [1, 2]) {
            const body = { filters, page, pageSize: 20 };
            await built(true);
            const served = await apiCall(t.baseUrl, "POST", "/results/list", token, body);
            await built(false);
            const raw = await apiCall(t.baseUrl, "POST", "/results/list", token, body);
            await built(true);
            expect(served.status, `${c.name} ${JSON.stringify(view)}`).toBe(200);
            expect(served.body, `${c.name} ${JSON.stringify(view)} page ${page}`).toEqual(raw.body);
            if (served.body.data.length > 0) pages++;
          }
      }
    // Pages with rows, not only empty ones.
    expect(pages).toBeGreaterThan(90);
    // As above: a loop over every case, 13–14 s on a quiet 2-core machine, 44–60 s under load.
  }, 240_000);

  it("the list's sample is looked up by id only while the matches are sparse; dense ones are left to the raw rows", async () => {
    await settleRollups(t.prisma);
    const v = await callerVisibility(caller(), "results");
    const [nps, , , , , , , grouped] = filterCases();
    const dense = parseResultsFilters(filtersOf(grouped!, { groupBy: "daily" }));
    const sparse = parseResultsFilters(filtersOf(nps!, { groupBy: "daily" }));
    // Below the floor every sample is looked up by id.
    expect(await listSampleIds(t.prisma, v, dense, [], 40, null)).toHaveLength(40);
    // With no floor, a fifth of the days' responses decides: grouping alone matches every response.
    const noFloor = { floor: 0, share: 0.2 };
    expect(await listSampleIds(t.prisma, v, dense, [], 40, null, noFloor)).toBeNull();
    const ids = await listSampleIds(t.prisma, v, sparse, [], 40, null, noFloor);
    const scope = buildScope(v, sparse, { alias: "r" });
    const newest = await t.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT r."id" FROM "Response" r WHERE ${scope.sql} ORDER BY r."createdAt" DESC, r."id" DESC LIMIT 40`,
      ...scope.params,
    );
    expect(ids).toEqual(newest.map((r) => r.id));
  });

  it("the summary at a half-hour offset (the roll-ups' hours do not fall on its days) is served per touchpoint, equal to the raw rows", async () => {
    for (const extra of [{ utcOffset: 330 }, { utcOffset: -570, unitId: org.units.unitA.id }]) {
      const summary = await getSummary(caller(), { ...window, ...extra });
      expect(summary.count.now).toBeGreaterThan(0);
      expect(summary).toEqual(await getSummary(caller(), { ...window, ...extra }, { source: "raw" }));
    }
  });

  it("another organisation's question or metadata restricts nothing here, and its bits are its own", async () => {
    const served = await getResults(caller(), {
      ...window,
      restrictByAnswer: [
        { questionId: so.questions.nps.id, values: [9, 10] },
        { questionId: s.questions.nps.id, values: [9, 10] },
      ],
    });
    expect(served.every((r) => (r.mainResult?.count ?? 0) === 0)).toBe(true);
    const [leak] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "ResponseBits" WHERE "organizationId" = $1 AND field = ANY($2::text[])`,
      org.organization.id,
      Object.values(so.questions).map((x) => `a:${x.id}`),
    );
    expect(leak!.n).toBe(0);
  });

  it("stays equal after the applier, hides, shows, deletes and over-limit changes; a change nobody was told of shows", async () => {
    // New responses through the applier (their bits set in its transaction).
    const fresh = await insert(org.organization.id, s, tps, 60, seeded(4242));
    rows.push(...fresh);
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      fresh.map((r) => r.id),
    );
    await settleRollups(t.prisma);
    // Each one not hidden has its bit in its day's string, at its ordinal.
    const [added] = await t.prisma.$queryRawUnsafe<{ shown: number; withBits: number }[]>(
      `SELECT count(*) FILTER (WHERE NOT r."hidden")::int AS shown,
         count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "ResponseBits" x WHERE x."organizationId" = r."organizationId" AND x.field = 'd'
           AND x.block = r."ordinal" / ${bitsBlock} AND get_bit(x.bits, r."ordinal" % ${bitsBlock}) = 1))::int AS "withBits"
       FROM "Response" r WHERE r."id" = ANY($1::text[])`,
      fresh.map((r) => r.id),
    );
    expect(added!.shown).toBeGreaterThan(40);
    expect(added!.withBits).toBe(added!.shown);
    const q = s.questions;
    const filters = {
      ...window,
      groupBy: "metadata",
      groupByMetaKey: "visit",
      restrictByAnswer: [
        { questionId: q.nps.id, values: [9, 10] },
        { questionId: q.multi.id, values: ["mx"] },
      ],
      options: { satisfactionReport: true },
    };
    const same = async () => expect(strip(await getResults(caller(), filters))).toEqual(strip(await getResults(caller(), filters, { source: "raw" })));
    await same();
    const matching = await t.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT r."id" FROM "Response" r WHERE r."organizationId" = $1 AND r."hidden" = false AND r."overLimit" = false
         AND EXISTS (SELECT 1 FROM "EveryAnswer" a WHERE a."responseId" = r."id" AND a."questionId" = $2 AND a."numericValue" >= 9)
         AND EXISTS (SELECT 1 FROM "EveryAnswer" a WHERE a."responseId" = r."id" AND a."questionId" = $3 AND 'mx' = ANY(a."choiceIds")) ORDER BY r."id" LIMIT 6`,
      org.organization.id,
      q.nps.id,
      q.multi.id,
    );
    const ids = matching.map((x) => x.id);
    expect(ids.length).toBe(6);
    const hiddenBefore = rows.find((r) => r.h && !fresh.includes(r))!;
    const changed = [...ids.map((id) => rows.find((r) => r.id === id)!), hiddenBefore];
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "hidden" = true WHERE "id" = ANY($1::text[])`, ids.slice(0, 2));
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "overLimit" = true WHERE "id" = ANY($1::text[])`, ids.slice(2, 4));
    await t.prisma.$executeRawUnsafe(`DELETE FROM "Response" WHERE "id" = $1`, ids[4]);
    // Shown again: a response hidden when it was built gets its bits.
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "hidden" = false, "metadata" = '{"visit":"first"}' WHERE "id" = $1`, hiddenBefore.id);
    await markResponsesChanged(t.prisma, org.organization.id, bucketsOf(changed.filter((r) => r.id !== ids[5])));
    await same();
    // The list's meta_ columns follow a metadata edit once told of it ("coupon" is a new key).
    const v = await callerVisibility(caller(), "results");
    const everything = parseResultsFilters({ ...window });
    const metaKeys = () => listMetaKeys(t.prisma, v, everything, [], 100);
    const edited = rows.find((r) => !r.h && !changed.includes(r) && !fresh.includes(r))!;
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "metadata" = '{"coupon":null}' WHERE "id" = $1`, edited.id);
    expect(await metaKeys()).not.toContain("coupon");
    await markResponsesChanged(t.prisma, org.organization.id, bucketsOf([edited]));
    expect(await metaKeys()).toContain("coupon");
    expect(await metaKeys()).toEqual(await rawMetaKeys(buildScope(v, everything, { alias: "r" }), 100));
    // A change the bit strings are not told of: the served answer differs (the test would catch a
    // recompute that forgot them).
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "hidden" = true WHERE "id" = $1`, ids[5]);
    expect(strip(await getResults(caller(), filters))).not.toEqual(strip(await getResults(caller(), filters, { source: "raw" })));
    await markResponsesChanged(t.prisma, org.organization.id, bucketsOf(changed.filter((r) => r.id === ids[5])));
    await same();
  });

  it("a metadata key with more values than a block keeps is read from the raw rows, equal to them", async () => {
    const many = await insert(org.organization.id, s, tps, metadataValuesPerBlock + 10, seeded(77));
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET "metadata" = jsonb_build_object('order', "id") WHERE "id" = ANY($1::text[])`,
      many.map((r) => r.id),
    );
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      many.map((r) => r.id),
    );
    await settleRollups(t.prisma);
    const filters = { ...window, groupBy: "metadata", groupByMetaKey: "order" };
    const f = parseResultsFilters(filters);
    expect((await answerPathOf(t.prisma, { organizationId: org.organization.id }, f, f.groupBy)).kind).toBe("raw");
    // Other keys are still served.
    const g = parseResultsFilters({ ...window, groupBy: "metadata", groupByMetaKey: "store" });
    expect((await answerPathOf(t.prisma, { organizationId: org.organization.id }, g, g.groupBy)).kind).toBe("bits");
    const store = { ...window, groupBy: "metadata", groupByMetaKey: "store" };
    expect(strip(await getResults(caller(), store))).toEqual(strip(await getResults(caller(), store, { source: "raw" })));
  });

  it("deleting a touchpoint (and its responses) clears their bits; a metadata value too long to keep does not stop the applier", async () => {
    const extra = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitB.id, "Kiosk", s.survey.id);
    const added = await insert(org.organization.id, s, [{ id: extra.id, unitId: org.units.unitB.id }], 40, seeded(9));
    rows.push(...added);
    // One of them with a value of 3,000 characters (longer than a primary-key entry may hold) and a key of 300.
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET "metadata" = jsonb_build_object('note', repeat('x', 3000), repeat('k', 300), 'v', 'store', 'S1') WHERE "id" = $1`,
      added[0]!.id,
    );
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      added.map((r) => r.id),
    );
    await settleRollups(t.prisma);
    const filters = {
      ...window,
      groupBy: "source",
      restrictByAnswer: [{ questionId: s.questions.multi.id, values: ["mx", "my"] }],
      options: { satisfactionReport: true },
    };
    const same = async () => expect(strip(await getResults(caller(), filters))).toEqual(strip(await getResults(caller(), filters, { source: "raw" })));
    await same();
    // The long value's key is read from the raw rows (filters name keys of at most 100 characters;
    // the 300-character key is kept out of the bit strings and did not fail the applier either).
    const note = parseResultsFilters({ ...window, groupBy: "metadata", groupByMetaKey: "note" });
    expect((await answerPathOf(t.prisma, { organizationId: org.organization.id }, note, note.groupBy)).kind).toBe("raw");
    expect(await t.prisma.rollupPending.count()).toBe(0);
    // Nor as a key: its block is marked, and the list's meta_ columns come from the raw rows' sample.
    const [marked] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 'k#'`,
      org.organization.id,
    );
    expect(marked!.n).toBe(1);
    const v = await callerVisibility(caller(), "results");
    expect(await listMetaKeys(t.prisma, v, parseResultsFilters(filters), [], 100)).toBeNull();
    // The list's one statement under a restriction says so too (its total and surveys still serve).
    const restricted = parseResultsFilters({ ...filters, restrictByAnswer: [{ questionId: s.questions.nps.id, gte: 0 }] });
    const overview = await listOverview(t.prisma, v, restricted, [], 100);
    expect(overview?.metaKeys).toBeNull();
    expect(overview?.total).toBeGreaterThan(0);
    const before = (await getResults(caller(), filters)).find((r) => r.questionId === s.questions.multi.id)!.mainResult!.count;
    await t.prisma.touchpoint.delete({ where: { id: extra.id } });
    await same();
    expect((await getResults(caller(), filters)).find((r) => r.questionId === s.questions.multi.id)!.mainResult!.count).toBeLessThan(before);
    const [left] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 't' AND value = $2`,
      org.organization.id,
      extra.id,
    );
    expect(left!.n).toBe(0);
  });

  it("grouped by a metadata key, counted in the server (pool) and in SQL halves (a transaction's client), equal to the raw rows in their order, pending responses and edge hours included", async () => {
    const v = await callerVisibility(caller(), "results");
    // The server's count needs the pool under the client; a transaction's client has none.
    expect(poolOf(t.prisma)).toBeDefined();
    const round = (rows: Awaited<ReturnType<typeof answerSums>>) => rows.map((r) => ({ ...r, count: Number(r.count), sum: Number(r.sum).toFixed(6) }));
    // Pending responses: new ones, the applier held off meanwhile.
    await holder.query("SELECT pg_advisory_lock($1::bigint)", [rollupApplierLockKey]);
    try {
      const added = await insert(org.organization.id, s, tps, 80, seeded(4409));
      await t.prisma.$executeRawUnsafe(
        `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
        added.map((r) => r.id),
      );
      for (const view of [{}, { utcOffset: 150 }, { restrictByAnswer: [{ questionId: s.questions.nps.id, lt: 7 }], unitId: org.units.unitA.id }]) {
        const f = parseResultsFilters({ ...window, ...view, groupBy: "metadata", groupByMetaKey: "store" });
        const q = { questionIds: Object.values(s.questions).map((x) => x.id), window: { from: f.from, to: f.to }, groupBy: f.groupBy };
        expect(q.questionIds.length).toBeGreaterThan(3);
        expect((await answerPathOf(t.prisma, v, f, f.groupBy)).kind).toBe("bits");
        const raw = round(await answerSums(t.prisma, v, f, { ...q, source: "raw" }));
        expect(new Set(raw.map((r) => r.qid)).size, JSON.stringify(view)).toBe(q.questionIds.length);
        expect(
          raw.some((r) => r.grp === ""),
          JSON.stringify(view),
        ).toBe(true);
        expect(round(await answerSums(t.prisma, v, f, q)), JSON.stringify(view)).toEqual(raw);
        // The count in the server serves (not the SQL halves instead), also through the organisation's
        // scoped client, as requests read.
        const group = { kind: "metadata", key: "store" } as const;
        const scoped = scopedToOrganization(t.prisma, org.organization.id);
        expect(poolOf(scoped)).toBe(poolOf(t.prisma));
        for (const db of [t.prisma, scoped]) expect(round((await countedInServer(db, v, f, q, group)) ?? []), JSON.stringify(view)).toEqual(raw);
        expect(await t.prisma.$transaction((tx) => countedInServer(tx as typeof t.prisma, v, f, q, group))).toBeNull();
        expect(round(await t.prisma.$transaction((tx) => answerSums(tx as typeof t.prisma, v, f, q))), JSON.stringify(view)).toEqual(raw);
      }
      expect(await t.prisma.rollupPending.count()).toBeGreaterThan(20);
    } finally {
      await holder.query("SELECT pg_advisory_unlock_all()");
      await settleRollups(t.prisma);
    }
  });

  it("the planner estimates answer rows per response itself, and the strings have an index by block and field (statistics and index the 10 M plans need)", async () => {
    // The fixed ratio of a fifth as many responses as answers (migration 20261127180500) was reset when
    // the coded answers moved into the response rows (20261129030000): "Answer" holds about one text
    // answer per response. Reads of a field's strings by block (the list's survey and key strings,
    // groups by touchpoint and metadata value) seek (organizationId, block, field). Neither shows in a
    // plan at this size: the bench measures them.
    const [column] = await t.prisma.$queryRawUnsafe<{ options: string[] | null }[]>(
      `SELECT attoptions AS options FROM pg_attribute WHERE attrelid = '"Answer"'::regclass AND attname = 'responseId'`,
    );
    expect(column?.options ?? []).not.toContain("n_distinct=-0.2");
    const indexes = await t.prisma.$queryRawUnsafe<{ def: string }[]>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'ResponseBits'`);
    expect(indexes.map((i) => i.def.replace(/^.* USING /, ""))).toEqual(
      expect.arrayContaining(['btree ("organizationId", block, field)', 'btree ("organizationId", field, value, block)']),
    );
    expect(indexes).toHaveLength(2);
  });
});
