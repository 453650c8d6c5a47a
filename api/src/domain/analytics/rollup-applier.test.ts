// The roll-up applier's wait before an apply: short at a trickle, longer under sustained ingestion
// (more responses per upsert of the same buckets). On a database of its own: the applier's lock is
// one across the database, and another test file's applier would otherwise claim these responses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { createPrisma } from "../../db/client.js";
import { noDatabase } from "../../test/harness.js";
import { createScratchDatabase, type ScratchDatabase } from "../../test/support.js";
import { createOrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, newTestId } from "../../test/analytics-survey.js";
import { InsertBatcher } from "../respondent/insert-batch.js";
import { applierDelay, RollupApplier } from "./rollup-applier.js";

describe("applierDelay", () => {
  it("waits 20 ms after a run that applied fewer than 100 responses, 250 ms from 100 on; each figure can be set", () => {
    expect(applierDelay(0)).toBe(20);
    expect(applierDelay(99)).toBe(20);
    expect(applierDelay(100)).toBe(250);
    expect(applierDelay(4000)).toBe(250);
    expect(applierDelay(4, { delayMs: 5, busyDelayMs: 900, busyAt: 5 })).toBe(5);
    expect(applierDelay(5, { delayMs: 5, busyDelayMs: 900, busyAt: 5 })).toBe(900);
  });
});

describe.skipIf(noDatabase)("the roll-up applier's wait", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let applier: RollupApplier;
  let store: (n: number) => Promise<void>;
  const pending = async () => Number((await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "RollupPending"`))[0]!.n);
  /** Milliseconds until nothing is pending (at most 20 s). */
  const applied = async (since: number) => {
    for (;;) {
      if ((await pending()) === 0) return Date.now() - since;
      expect(Date.now() - since).toBeLessThan(20_000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeAll(async () => {
    database = await createScratchDatabase("feedback_applier_wait");
    prisma = createPrisma(database.url, { max: 3 });
    const org = await createOrganizationFixture(prisma, "Applier wait");
    const survey = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id);
    const touchpoint = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door", survey.survey.id);
    // A busy run is one of 5 responses or more; then the applier waits 3 s (far from the quiet 20 ms,
    // so a slow machine cannot blur the two).
    applier = new RollupApplier(prisma, { sweepMs: 0, delayMs: 20, busyDelayMs: 3000, busyAt: 5 });
    // Stored as ingestion stores them: marked pending in the same statement, the applier kicked after.
    const inserts = new InsertBatcher(prisma, { onStored: () => applier.kick() });
    const at = new Date("2026-11-02T09:00:00Z");
    store = async (n) => {
      await Promise.all(
        Array.from({ length: n }, () =>
          inserts.insert({
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
          }),
        ),
      );
    };
  });
  afterAll(async () => {
    await applier?.close();
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("applies soon at a trickle, waits longer after a busy run, and soon again once the load is gone", async () => {
    // A first response: applied after the short wait.
    let t0 = Date.now();
    await store(1);
    expect(await applied(t0)).toBeLessThan(2000);
    // A burst of 8 (a busy run).
    await store(8);
    await applied(Date.now());
    // The next response waits the long wait.
    t0 = Date.now();
    await store(1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await pending()).toBe(1);
    expect(await applied(t0)).toBeGreaterThanOrEqual(2900);
    // That run applied one: quiet again, the short wait.
    t0 = Date.now();
    await store(1);
    expect(await applied(t0)).toBeLessThan(2000);
    const [counted] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT coalesce(sum("responses"), 0)::int AS n FROM "RollupResponseDay"`);
    expect(counted!.n).toBe(11);
  }, 60_000);
});
