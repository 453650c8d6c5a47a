// The background build of the response bit strings (response-bits.ts buildBitsStep, run by the
// roll-up applier: rollup-applier.ts buildResponseBitsStep), real PostgreSQL. An organisation that had
// responses before the bit strings came (migration 20261127044955 marked it not built) reads the raw
// rows until it is built; it is built a step at a time while responses arrive through the applier
// and others are hidden and deleted; then it serves every filter from the bit strings, equal to the
// raw rows, with each response numbered once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
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
import { lockRollups, markResponsesChanged, rebuildRollups } from "./rollups.js";
import { applyPendingRollups, buildResponseBitsStep, RollupApplier, rollupApplierLockKey } from "./rollup-applier.js";
import { BitsBuildFailed, bitsBlock, buildBitsStep, metadataKeysPerBlock } from "./response-bits.js";
import { answerPathOf, listMetaKeyCounts, listMetaKeys, servedResponseCount } from "./engine.js";

describe.skipIf(noDatabase)("the response bit strings of an organisation older than them, built in the background", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let tps: { id: string; unitId: string }[];
  let rows: SeededRow[];
  const base = seededBase;
  const window = seededWindow;
  const caller = () => shareLinkCaller(t.prisma, org);
  const strip = withoutSource;
  const metadata = (rnd: () => number) => (rnd() < 0.7 ? { store: ["S1", "S2"][Math.floor(rnd() * 2)] } : {});
  const insert = (n: number, seed: number) =>
    insertSeededResponses(t.prisma, { organizationId: org.organization.id, survey: s, touchpoints: tps, n, rnd: seeded(seed), base, metadata });

  /** The organisation as it was before the bit strings came: responses and roll-ups, no bits, marked not built. */
  const forgetBits = async () => {
    const o = org.organization.id;
    await t.prisma.$executeRawUnsafe(`DELETE FROM "ResponseBits" WHERE "organizationId" = $1`, o);
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "ResponseBitsState" ("organizationId", built) VALUES ($1, false)
       ON CONFLICT ("organizationId") DO UPDATE SET built = false, "buildAfter" = NULL, "buildAfterId" = NULL`,
      o,
    );
  };
  const state = async () =>
    (
      await t.prisma.$queryRawUnsafe<{ built: boolean; after: Date | null }[]>(
        `SELECT built, "buildAfter" AS after FROM "ResponseBitsState" WHERE "organizationId" = $1`,
        org.organization.id,
      )
    )[0]!;

  /**
   * One step of 40 responses; another applier may hold the applier's lock for a while (other test
   * files share the database, and one holds it on purpose): the step waits its turn, as the applier's
   * next sweep would.
   */
  const step = async (organizationId = org.organization.id, limit = 40) => {
    const until = Date.now() + 90_000;
    for (;;) {
      const r = await buildResponseBitsStep(t.prisma, limit, { only: [organizationId] });
      if (r !== "busy") return r;
      expect(Date.now()).toBeLessThan(until);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** Applies until none of `ids` is pending (another applier may hold the lock for a while). */
  const appliedAll = async (ids: string[]) => {
    const until = Date.now() + 90_000;
    for (;;) {
      await applyPendingRollups(t.prisma);
      const [left] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "RollupPending" WHERE "responseId" = ANY($1::text[])`,
        ids,
      );
      if (left!.n === 0) return;
      expect(Date.now()).toBeLessThan(until);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const cases = () => [
    { name: "NPS 9–10", restrictByAnswer: [{ questionId: s.questions.nps.id, values: [9, 10] }] },
    {
      name: "single choice A and multiple choice mx",
      restrictByAnswer: [
        { questionId: s.questions.single.id, values: ["ca"] },
        { questionId: s.questions.multi.id, values: ["mx"] },
      ],
    },
    { name: "store S1, by touchpoint", groupBy: "source", metaDataMatch: { strict: true, items: [{ key: "store", value: "S1" }] } },
    { name: "grouped by store", groupBy: "metadata", groupByMetaKey: "store" },
  ];

  /** Every case: served by `kind`, and equal to the raw rows (results and the list's total). */
  const compare = async (kind: "bits" | "raw") => {
    const v = await callerVisibility(caller(), "results");
    for (const { name, ...c } of cases()) {
      const filters = { ...window, groupBy: "daily", ...c };
      const f = parseResultsFilters(filters);
      expect((await answerPathOf(t.prisma, { organizationId: org.organization.id }, f, f.groupBy)).kind, name).toBe(kind);
      const raw = await getResults(caller(), filters, { source: "raw" });
      expect(
        raw.some((r) => (r.mainResult?.count ?? 0) > 0),
        name,
      ).toBe(true);
      expect(strip(await getResults(caller(), filters)), name).toEqual(strip(raw));
      const scope = buildScope(v, f, { alias: "r" });
      const [count] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql}`, ...scope.params);
      // A total ignores the grouping: grouped by store alone, the roll-ups count it.
      const rolledUp = !("restrictByAnswer" in c) && !("metaDataMatch" in c);
      expect(await servedResponseCount(t.prisma, v, f), name).toBe(kind === "bits" || rolledUp ? count!.n : null);
    }
  };

  type Db = { $queryRawUnsafe: typeof t.prisma.$queryRawUnsafe };
  /** Over "Response" r: the response's bit is set in its day's string (it has its bits). */
  const hasBits = `EXISTS (SELECT 1 FROM "ResponseBits" x WHERE x."organizationId" = r."organizationId" AND x.field = 'd'
    AND x.block = r."ordinal" / ${bitsBlock} AND get_bit(x.bits, r."ordinal" % ${bitsBlock}) = 1)`;
  /** How many of the responses `ids` have their bits. */
  const withBitsIn = (db: Db, ids: string[]) =>
    db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" r WHERE r."id" = ANY($1::text[]) AND ${hasBits}`, ids).then((r) => r[0]!.n);
  /** How many of the responses `ids` are not hidden (those that get bits). */
  const shownIn = (db: Db, ids: string[]) =>
    db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Response" WHERE "id" = ANY($1::text[]) AND NOT "hidden"`, ids).then((r) => r[0]!.n);

  /** Every response of the organisation has an ordinal, none shared (given when it was stored). */
  const numberedOnce = async () => {
    const [n] = await t.prisma.$queryRawUnsafe<{ responses: number; numbered: number; distinct: number }[]>(
      `SELECT count(*)::int AS responses, count("ordinal")::int AS numbered, count(DISTINCT "ordinal")::int AS distinct FROM "Response" WHERE "organizationId" = $1`,
      org.organization.id,
    );
    expect(n!.numbered).toBe(n!.responses);
    expect(n!.distinct).toBe(n!.responses);
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "BitsBuild");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    tps = [];
    for (const [name, unitId] of [
      ["Door", org.units.unitA.id],
      ["Web", org.units.unitB.id],
    ] as const)
      tps.push({ id: (await createTestTouchpoint(t.prisma, org.organization.id, unitId, name, s.survey.id)).id, unitId });
    rows = await insert(300, 2711);
    // Microseconds and ties: half the responses at 00:00:00.000321 of their UTC day (about fifteen a
    // day, so steps of 40 end inside a crowd of one instant), answers with them.
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET "createdAt" = date_trunc('day', "createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '321 microseconds'
       WHERE "id" = ANY($1::text[])`,
      rows.filter((_, i) => i % 2 === 0).map((r) => r.id),
    );
    // And the newest five share one instant inside a millisecond: the last step ends in it.
    const newest = [...rows].sort((a, b) => b.c.localeCompare(a.c)).slice(0, 5);
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET "createdAt" = timestamptz '2026-03-19 23:59:59.999321+00' WHERE "id" = ANY($1::text[])`,
      newest.map((r) => r.id),
    );
    for (const r of newest) r.c = "2026-03-19T23:59:59.999Z";
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Answer" a SET "createdAt" = r."createdAt" FROM "Response" r WHERE a."responseId" = r."id" AND r."organizationId" = $1`,
      org.organization.id,
    );
    await markResponsesChanged(t.prisma, org.organization.id, bucketsOf(rows));
    await t.prisma.$executeRawUnsafe(`ANALYZE "Response", "Answer"`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reads the raw rows until built; built a step at a time while responses arrive, are hidden and deleted; then served from the bits", async () => {
    await compare("bits");
    await forgetBits();
    await compare("raw");
    // The first step while three new responses, the organisation's oldest, are still pending (not yet
    // applied: the applier will add and number them). In a transaction that holds the applier's lock,
    // so no applier claims them before the step has run.
    const early = await insert(3, 77);
    rows.push(...early);
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET "createdAt" = timestamptz '2026-03-10 00:00:00.0001+00' WHERE "id" = ANY($1::text[])`,
      early.map((r) => r.id),
    );
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Answer" a SET "createdAt" = r."createdAt" FROM "Response" r WHERE a."responseId" = r."id" AND r."id" = ANY($1::text[])`,
      early.map((r) => r.id),
    );
    const firstForty = (
      await t.prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT "id" FROM "Response" WHERE "organizationId" = $1 ORDER BY "createdAt", "id" LIMIT 40`,
        org.organization.id,
      )
    ).map((r) => r.id);
    const pendingNow = early.map((r) => r.id);
    expect(firstForty.slice(0, 3).sort()).toEqual([...pendingNow].sort());
    await t.prisma.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock($1::bigint)::text`, rollupApplierLockKey);
        await tx.$executeRawUnsafe(lockRollups("ROW EXCLUSIVE"));
        await tx.$executeRawUnsafe(`INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[])`, pendingNow);
        expect(await buildBitsStep(tx, 40, { only: [org.organization.id] })).toBe(org.organization.id);
        // The step left the pending ones to the applier and set the bits of the other 37 (those not hidden).
        expect(await withBitsIn(tx, pendingNow)).toBe(0);
        const shown = await shownIn(
          tx,
          firstForty.filter((id) => !pendingNow.includes(id)),
        );
        expect(shown).toBeGreaterThan(30);
        expect(await withBitsIn(tx, firstForty)).toBe(shown);
      },
      { timeout: 90_000, maxWait: 90_000 },
    );
    const first = await state();
    expect(first.built).toBe(false);
    expect(first.after).not.toBeNull();
    // Still raw: the organisation is not built until its last step.
    await compare("raw");

    // Meanwhile responses arrive (the applier sets their bits), and others are hidden or deleted,
    // before and after where the build stands (recomputes rebuild the blocks of their days).
    const arrived = await insert(30, 4242);
    rows.push(...arrived);
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[])`,
      arrived.map((r) => r.id),
    );
    // The test server's applier, or this test, applies them (and the three pending ones): their bits set.
    await appliedAll([...arrived.map((r) => r.id), ...pendingNow]);
    const arrivedIds = arrived.map((r) => r.id);
    expect(await shownIn(t.prisma, arrivedIds)).toBeGreaterThan(20);
    expect(await withBitsIn(t.prisma, arrivedIds)).toBe(await shownIn(t.prisma, arrivedIds));
    expect(await withBitsIn(t.prisma, pendingNow)).toBe(await shownIn(t.prisma, pendingNow));
    const byTime = [...rows].sort((a, b) => a.c.localeCompare(b.c));
    const shown = byTime.filter((r) => !r.h);
    const changed = [shown[2]!, shown[150]!, shown[290]!];
    await t.prisma.$executeRawUnsafe(
      `UPDATE "Response" SET hidden = true WHERE "id" = ANY($1::text[])`,
      changed.map((r) => r.id),
    );
    const gone = shown[200]!;
    await t.prisma.$executeRawUnsafe(`DELETE FROM "Response" WHERE "id" = $1`, gone.id);
    await markResponsesChanged(t.prisma, org.organization.id, bucketsOf([...changed, gone]));

    let steps = 1;
    for (;;) {
      const made = await step();
      if (made === "none") break;
      expect(made).toBe("more");
      steps++;
      expect(steps).toBeLessThan(50);
    }
    // 333 responses, 40 a step: at least eight steps, the last one marking it built.
    expect(steps).toBeGreaterThanOrEqual(8);
    expect(await state()).toEqual({ built: true, after: null });
    await numberedOnce();
    await compare("bits");
  }, 240_000);

  it("the roll-up applier builds it between applies (its buildBits option), then stops asking", async () => {
    await forgetBits();
    await compare("raw");
    // A sweep: while another applier holds the lock (other test files), the next sweep tries again.
    const applier = new RollupApplier(t.prisma, { sweepMs: 50, delayMs: 1, buildBits: { organizationIds: [org.organization.id], stepSize: 50 } });
    try {
      applier.kick(0);
      const until = Date.now() + 90_000;
      while (!(await state()).built) {
        expect(Date.now()).toBeLessThan(until);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await applier.close();
    }
    await numberedOnce();
    await compare("bits");
  }, 180_000);

  it("a step that fails sets its organisation aside: the others are built meanwhile, and it is tried again later", async () => {
    // Two organisations older than the bit strings; the one whose id sorts first (a step takes the
    // first not built) cannot be stepped: a trigger refuses its bit strings.
    const others = [];
    for (const [name, seed] of [
      ["BitsBuildA", 31],
      ["BitsBuildB", 32],
    ] as const) {
      const o = await createOrganizationFixture(t.prisma, name);
      const survey = await createAnalyticsSurvey(t.prisma, o.organization.id, o.units.unitA.id);
      const tp = await createTestTouchpoint(t.prisma, o.organization.id, o.units.unitA.id, "Door", survey.survey.id);
      await insertSeededResponses(t.prisma, {
        organizationId: o.organization.id,
        survey,
        touchpoints: [{ id: tp.id, unitId: o.units.unitA.id }],
        n: 30,
        rnd: seeded(seed),
        base,
      });
      await t.prisma.$executeRawUnsafe(
        `INSERT INTO "ResponseBitsState" ("organizationId", built) VALUES ($1, false)
         ON CONFLICT ("organizationId") DO UPDATE SET built = false, "buildAfter" = NULL, "buildAfterId" = NULL`,
        o.organization.id,
      );
      others.push(o.organization.id);
    }
    const [failing, other] = others.sort() as [string, string];
    const refuse = `bits_refused_${failing}`;
    await t.prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${refuse}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW."organizationId" = '${failing}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
    );
    await t.prisma.$executeRawUnsafe(`CREATE TRIGGER "${refuse}" BEFORE INSERT ON "ResponseBits" FOR EACH ROW EXECUTE FUNCTION "${refuse}"()`);
    const withoutRefusal = async () => {
      await t.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${refuse}" ON "ResponseBits"`);
      await t.prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS "${refuse}"()`);
    };
    const builtOf = async (id: string) =>
      (await t.prisma.$queryRawUnsafe<{ built: boolean }[]>(`SELECT built FROM "ResponseBitsState" WHERE "organizationId" = $1`, id))[0]!.built;
    const until = async (done: () => Promise<boolean>) => {
      const limit = Date.now() + 90_000;
      while (!(await done())) {
        expect(Date.now()).toBeLessThan(limit);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const errors: unknown[] = [];
    const applier = new RollupApplier(t.prisma, {
      sweepMs: 50,
      delayMs: 1,
      buildBits: { organizationIds: [failing, other], stepSize: 50, retryFailedMs: 3_600_000 },
      onError: (e) => errors.push(e),
    });
    try {
      applier.kick(0);
      await until(() => builtOf(other));
    } finally {
      await applier.close();
    }
    expect(await builtOf(failing)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e instanceof BitsBuildFailed && e.organizationId === failing)).toBe(true);
    const otherIds = (await t.prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT "id" FROM "Response" WHERE "organizationId" = $1`, other)).map((r) => r.id);
    expect(otherIds).toHaveLength(30);
    expect(await withBitsIn(t.prisma, otherIds)).toBe(await shownIn(t.prisma, otherIds));

    // Set aside for a while, then tried again: an applier that retries after 200 ms fails first (the
    // cause is still there), and builds it once the cause is gone.
    const retried: unknown[] = [];
    const retrying = new RollupApplier(t.prisma, {
      sweepMs: 50,
      delayMs: 1,
      buildBits: { organizationIds: [failing, other], stepSize: 50, retryFailedMs: 200 },
      onError: (e) => retried.push(e),
    });
    try {
      retrying.kick(0);
      await until(async () => retried.length > 0);
      expect(retried[0]).toBeInstanceOf(BitsBuildFailed);
      await withoutRefusal();
      await until(() => builtOf(failing));
    } finally {
      await retrying.close();
      await withoutRefusal();
    }
  }, 240_000);

  it('an organisation whose strings came before the metadata keys gets its "k" strings in the background; the list\'s meta_ columns sample the raw rows until then', async () => {
    const o = await createOrganizationFixture(t.prisma, "BitsKeys");
    const id = o.organization.id;
    const survey = await createAnalyticsSurvey(t.prisma, id, o.units.unitA.id);
    const tp = await createTestTouchpoint(t.prisma, id, o.units.unitA.id, "Door", survey.survey.id);
    const keyed = (rnd: () => number) => ({ store: rnd() < 0.5 ? "S1" : null, ...(rnd() < 0.3 ? { visit: "first" } : {}) });
    const added = await insertSeededResponses(t.prisma, {
      organizationId: id,
      survey,
      touchpoints: [{ id: tp.id, unitId: o.units.unitA.id }],
      n: 40,
      rnd: seeded(34),
      base,
      metadata: keyed,
    });
    await rebuildRollups(t.prisma, id);
    const v = await callerVisibility(shareLinkCaller(t.prisma, o), "results");
    const f = parseResultsFilters({ ...window });
    const scope = buildScope(v, f, { alias: "r" });
    const raw = await t.prisma.$queryRawUnsafe<{ key: string; n: number }[]>(
      `SELECT k.key, count(*)::int AS n FROM "Response" r CROSS JOIN LATERAL jsonb_object_keys(r.metadata) k(key) WHERE ${scope.sql} GROUP BY 1 ORDER BY 2 DESC, 1`,
      ...scope.params,
    );
    expect(raw.map((k) => k.key)).toEqual(["store", "visit"]);
    expect(await listMetaKeyCounts(t.prisma, v, f, [], 100)).toEqual(raw);
    // As migration 20261127144807 leaves it: strings without keys, marked keysBuilt false.
    await t.prisma.$executeRawUnsafe(`DELETE FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 'k'`, id);
    await t.prisma.$executeRawUnsafe(`UPDATE "ResponseBitsState" SET "keysBuilt" = false, "keysBlock" = 0 WHERE "organizationId" = $1`, id);
    expect(await listMetaKeys(t.prisma, v, f, [], 100)).toBeNull();
    // The other strings keep serving meanwhile.
    expect((await answerPathOf(t.prisma, { organizationId: id }, f, f.groupBy)).kind).not.toBe("raw");
    expect(await step(id, 50)).toBe("more");
    expect(await step(id, 50)).toBe("none");
    expect(await listMetaKeyCounts(t.prisma, v, f, [], 100)).toEqual(raw);

    // A block with more keys than kept: marked, and the meta_ columns come from the raw rows again.
    const many = Object.fromEntries(Array.from({ length: metadataKeysPerBlock + 1 }, (_, i) => [`key${i}`, "x"]));
    await t.prisma.$executeRawUnsafe(`UPDATE "Response" SET "metadata" = $2::jsonb WHERE "id" = $1`, added[0]!.id, JSON.stringify(many));
    await markResponsesChanged(t.prisma, id, bucketsOf([added[0]!]));
    const [marked] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 'k#'`,
      id,
    );
    expect(marked!.n).toBe(1);
    expect(await listMetaKeys(t.prisma, v, f, [], 100)).toBeNull();
  });

  it("a step that fails only at its commit names its organisation too (so the applier sets it aside)", async () => {
    const o = await createOrganizationFixture(t.prisma, "BitsBuildCommit");
    const id = o.organization.id;
    const survey = await createAnalyticsSurvey(t.prisma, id, o.units.unitA.id);
    const tp = await createTestTouchpoint(t.prisma, id, o.units.unitA.id, "Door", survey.survey.id);
    await insertSeededResponses(t.prisma, { organizationId: id, survey, touchpoints: [{ id: tp.id, unitId: o.units.unitA.id }], n: 10, rnd: seeded(33), base });
    await t.prisma.$executeRawUnsafe(
      `INSERT INTO "ResponseBitsState" ("organizationId", built) VALUES ($1, false)
       ON CONFLICT ("organizationId") DO UPDATE SET built = false, "buildAfter" = NULL, "buildAfterId" = NULL`,
      id,
    );
    // A deferred check on this organisation's state row: the step runs, its commit fails.
    const fn = `bits_commit_fails_${id}`;
    await t.prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${fn}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW."organizationId" = '${id}' THEN RAISE EXCEPTION 'refused at commit'; END IF; RETURN NEW; END $$`,
    );
    await t.prisma.$executeRawUnsafe(
      `CREATE CONSTRAINT TRIGGER "${fn}" AFTER UPDATE ON "ResponseBitsState" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${fn}"()`,
    );
    try {
      const failed = await step(id, 50).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(BitsBuildFailed);
      expect((failed as BitsBuildFailed).organizationId).toBe(id);
      expect(String((failed as BitsBuildFailed).message)).toContain("refused at commit");
    } finally {
      await t.prisma.$executeRawUnsafe(`DROP TRIGGER "${fn}" ON "ResponseBitsState"`);
      await t.prisma.$executeRawUnsafe(`DROP FUNCTION "${fn}"()`);
    }
    // Nothing of the failed step stayed; without the check it builds.
    const [stored] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "ResponseBits" WHERE "organizationId" = $1`, id);
    expect(stored!.n).toBe(0);
    expect(await step(id, 50)).toBe("more");
    expect(await step(id, 50)).toBe("none");
  });
});
