// The roll-up applier holds back under sustained ingestion (pendingHold): with enough responses
// pending, no process applies before the oldest is a while old; a trickle is applied at once. On a
// database of its own: the applier's lock and the pending rows are one across a database, and
// another test file's appliers would otherwise claim these responses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { createPrisma } from "../../db/client.js";
import { noDatabase } from "../../test/harness.js";
import { createScratchDatabase, type ScratchDatabase } from "../../test/support.js";
import { createOrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, newTestId } from "../../test/analytics-survey.js";
import { InsertBatcher } from "../respondent/insert-batch.js";
import { pendingHold, RollupApplier } from "./rollup-applier.js";

describe.skipIf(noDatabase)("the roll-up applier under sustained ingestion", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let appliers: RollupApplier[] = [];
  let store: (n: number) => Promise<void>;
  let markPending: (ids: string[], secondsAgo: number) => Promise<void>;
  let quiet = false;
  const pending = async () => Number((await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "RollupPending"`))[0]!.n);
  /** Milliseconds from `since` until nothing is pending (at most 20 s). */
  const applied = async (since: number) => {
    for (;;) {
      if ((await pending()) === 0) return performance.now() - since;
      expect(performance.now() - since).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // Five pending responses or more make a load; then the applies wait until the oldest is 3 s old
  // (far from the 20 ms of a trickle, so a slow machine cannot blur the two).
  const hold = { busyAt: 5, holdMs: 3000 };

  beforeAll(async () => {
    database = await createScratchDatabase("feedback_applier_hold");
    prisma = createPrisma(database.url, { max: 4 });
    const org = await createOrganizationFixture(prisma, "Applier hold");
    const survey = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    const touchpoint = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door", survey.survey.id);
    // Two appliers, as two api processes have: each kicked after every stored group.
    appliers = [0, 1].map(() => new RollupApplier(prisma, { sweepMs: 0, delayMs: 20, hold }));
    // Stored as ingestion stores them: marked pending in the same statement.
    // (`quiet`: a burst's groups kick no applier until the whole burst is stored, then the test kicks:
    // otherwise an applier woken by the burst's first group may find a trickle and apply at once.)
    const inserts = new InsertBatcher(prisma, { onStored: () => (quiet ? undefined : appliers.forEach((a) => a.kick())) });
    const at = new Date("2026-11-02T09:00:00Z");
    const response = () => ({
      id: newTestId(),
      organizationId: org.organization.id,
      surveyId: survey.survey.id,
      touchpointId: touchpoint.id,
      unitId: org.units.unitA.id,
      language: "en",
      metadata: {},
      idempotencyKey: newTestId(),
      startedAt: at,
      submittedAt: at,
      answers: [{ q: survey.questions.nps.id, n: 9, x: null, h: [] }],
    });
    store = async (n) => {
      await Promise.all(Array.from({ length: n }, () => inserts.insert(response())));
    };
    markPending = async (ids, secondsAgo) => {
      await prisma.$executeRawUnsafe(
        `INSERT INTO "RollupPending" ("responseId", "at") SELECT unnest($1::text[]), now() - make_interval(secs => $2)`,
        ids,
        secondsAgo,
      );
    };
  });
  afterAll(async () => {
    for (const a of appliers) await a.close();
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("pendingHold: none under busyAt pending; the rest of the wait from the oldest; none once it is old enough", async () => {
    expect(await pendingHold(prisma, hold)).toBe(0);
    const ids = Array.from({ length: 5 }, () => newTestId());
    try {
      await markPending(ids.slice(0, 4), 0);
      expect(await pendingHold(prisma, hold)).toBe(0);
      await markPending(ids.slice(4), 1);
      // Five pending, the oldest a second old: about two seconds left.
      const left = await pendingHold(prisma, hold);
      expect(left).toBeGreaterThan(1000);
      expect(left).toBeLessThanOrEqual(2000);
      await prisma.$executeRawUnsafe(`UPDATE "RollupPending" SET "at" = now() - interval '4 seconds' WHERE "responseId" = $1`, ids[4]);
      expect(await pendingHold(prisma, hold)).toBe(0);
      // Rows marked "in the future" (a clock stepped back): never held longer than the wait.
      await prisma.$executeRawUnsafe(`UPDATE "RollupPending" SET "at" = now() + interval '1 hour'`);
      expect(await pendingHold(prisma, hold)).toBe(hold.holdMs);
    } finally {
      await prisma.$executeRawUnsafe(`DELETE FROM "RollupPending" WHERE "responseId" = ANY($1::text[])`, ids);
    }
  });

  it("applies a trickle at once, holds a load back until its oldest response is old enough in both appliers, and counts every response once", async () => {
    // A first response: applied after the short wait.
    let t0 = performance.now();
    await store(1);
    expect(await applied(t0)).toBeLessThan(2000);
    // (Any re-kick left from that apply fires and finds nothing, before the burst.)
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A burst of 12: a load, held back in both appliers.
    t0 = performance.now();
    quiet = true;
    await store(12);
    quiet = false;
    for (const a of appliers) a.kick();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await pending()).toBeGreaterThanOrEqual(hold.busyAt);
    expect(await applied(t0)).toBeGreaterThanOrEqual(2500);
    // One more: a trickle again, applied at once (the load before it makes no difference).
    t0 = performance.now();
    await store(1);
    expect(await applied(t0)).toBeLessThan(2000);
    const [counted] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT coalesce(sum("responses"), 0)::int AS n FROM "RollupResponseDay"`);
    expect(counted!.n).toBe(14);
  }, 60_000);

  it("drain and close apply what is held back at once", async () => {
    // The two appliers closed first: a timer of theirs left from the test before would otherwise take
    // the lock (one across the database) at the moment these applies want it.
    for (const a of appliers) await a.close();
    // Ten pending, none kicked: a load the hold would keep for 3 s.
    quiet = true;
    let t0 = performance.now();
    await store(10);
    expect(await pendingHold(prisma, hold)).toBeGreaterThan(2000);
    const draining = new RollupApplier(prisma, { sweepMs: 0, hold });
    await draining.drain();
    await draining.close();
    expect(await pending()).toBe(0);
    expect(performance.now() - t0).toBeLessThan(2500);
    // close() (a server's shutdown) too: nothing would look again after it.
    const closing = new RollupApplier(prisma, { sweepMs: 0, hold });
    t0 = performance.now();
    await store(10);
    expect(await pendingHold(prisma, hold)).toBeGreaterThan(2000);
    await closing.close();
    expect(await pending()).toBe(0);
    expect(performance.now() - t0).toBeLessThan(2500);
    quiet = false;
  });
});
