// The demo seed against the real PostgreSQL (its own scratch database) and against PGlite.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import argon2 from "argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "../db/client.js";
import { startEmbeddedDatabase } from "../db/embedded.js";
import { deployMigrations } from "../db/migrations.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { skipWithout } from "../test/services.js";
import { eviClusters } from "../domain/demo-data/content.js";
import { featureKeys } from "../domain/features/features.js";
import { codeOf } from "../domain/results-scope/codes.js";
import { demoSignIn, demoUsers, seedDemoOrganization } from "./demo.js";
import { createRespondentRuntime } from "../domain/respondent/runtime.js";
import { createEventBus } from "../pubsub/bus.js";

const RESPONSES = 1500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Every stored answer (coded in its response row or an "Answer" row). */
const everyAnswerCount = async (db: PrismaClient) => (await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "EveryAnswer"`))[0]!.n;

describe.skipIf(skipWithout("PostgreSQL"))("seedDemoOrganization on PostgreSQL", () => {
  let database: ScratchDatabase | undefined;
  let prisma: PrismaClient;
  let organizationId: string;
  const logs: string[] = [];
  let seededAt: number;

  beforeAll(async () => {
    database = await createScratchDatabase("seed_test");
    prisma = createPrisma(database.url, { max: 4 });
    seededAt = Date.now();
    const result = await seedDemoOrganization(prisma, { responses: RESPONSES, log: (m) => logs.push(m), batchSize: 400 });
    expect(result.seeded).toBe(true);
    organizationId = result.organizationId;
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("creates Demo Oy with every feature and a 14-day trial", async () => {
    const org = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, include: { featureSet: true } });
    expect(org).toMatchObject({ name: "Demo Oy", domain: "demo.example", countryCode: "FI", currency: "EUR" });
    expect([...org.featureSet.features].sort()).toEqual([...featureKeys].sort());
    const days = (org.trialUntil!.getTime() - seededAt) / DAY_MS;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
  });

  it("writes the analytics roll-ups with the responses (equal to the raw rows)", async () => {
    const [r] = await prisma.$queryRawUnsafe<{ rolled: number; raw: number }[]>(
      `SELECT (SELECT sum("responses")::int FROM "RollupResponseDay" WHERE "organizationCode" = ${codeOf("organization", "$1")}) AS rolled,
              (SELECT count(*)::int FROM "Response" WHERE "organizationId" = $1 AND NOT "hidden") AS raw`,
      organizationId,
    );
    expect(r!.rolled).toBe(r!.raw);
    const [a] = await prisma.$queryRawUnsafe<{ rolled: number; raw: number }[]>(
      `SELECT (SELECT sum("count")::int FROM "RollupAnswerDay" WHERE "organizationCode" = ${codeOf("organization", "$1")} AND "value" = '*') AS rolled,
              (SELECT count(*)::int FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId" WHERE r."organizationId" = $1 AND NOT r."hidden") AS raw`,
      organizationId,
    );
    expect(a!.rolled).toBe(a!.raw);
  });

  it("leaves the planner statistics of the responses and answers it wrote (ANALYZE: autovacuum may not run)", async () => {
    const rows = await prisma.$queryRawUnsafe<{ relname: string; reltuples: number }[]>(
      `SELECT relname, reltuples::float8 AS reltuples FROM pg_class WHERE relname IN ('Response', 'Answer') AND relkind = 'r' ORDER BY relname`,
    );
    const responses = await prisma.response.count({ where: { organizationId } });
    const answers = await prisma.answer.count({ where: { response: { organizationId } } });
    expect(rows.map((r) => [r.relname, Number(r.reltuples)])).toEqual([
      ["Answer", answers],
      ["Response", responses],
    ]);
  });

  it("creates a unit tree of three levels", async () => {
    const units = await prisma.unit.findMany({ where: { organizationId } });
    const byId = new Map(units.map((u) => [u.id, u]));
    const depth = (id: string): number => {
      const parentId = byId.get(id)?.parentId;
      return parentId ? 1 + depth(parentId) : 1;
    };
    const roots = units.filter((u) => !u.parentId);
    expect(roots.map((u) => u.name)).toEqual(["Demo Oy"]);
    expect(Math.max(...units.map((u) => depth(u.id)))).toBe(3);
    const helsinki = units.find((u) => u.name === "Helsinki")!;
    expect(byId.get(helsinki.parentId!)?.name).toBe("Stores");
  });

  it("creates the admin, editor and viewer with working argon2id hashes", async () => {
    const users = await prisma.user.findMany({
      where: { email: { in: Object.values(demoUsers).map((u) => u.email) } },
      include: { memberships: true, unitRoles: { include: { unit: true } } },
    });
    expect(users).toHaveLength(3);
    for (const user of users) {
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await argon2.verify(user.passwordHash!, demoSignIn.password)).toBe(true);
      expect(await argon2.verify(user.passwordHash!, "wrong password")).toBe(false);
      expect(user.currentOrganizationId).toBe(organizationId);
      expect(user.memberships.map((m) => m.organizationId)).toEqual([organizationId]);
    }
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const admin = byEmail.get(demoSignIn.email)!;
    expect(admin.systemAdmin).toBe(true);
    expect(admin.memberships[0]).toMatchObject({ organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true });
    expect([admin.onboardingCreatedSurvey, admin.onboardingLaunchedSurvey, admin.onboardingCollectedResponses, admin.onboardingAnalyzedResponses]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const roles = (email: string) => byEmail.get(email)!.unitRoles.map((r) => `${r.role}@${r.unit.name}`);
    expect(roles(demoUsers.admin.email)).toEqual(["admin@Demo Oy"]);
    expect(roles(demoUsers.editor.email)).toEqual(["editor@Stores"]);
    expect(roles(demoUsers.viewer.email)).toEqual(["viewer@Helsinki"]);
    expect(byEmail.get(demoUsers.viewer.email)!.systemAdmin).toBe(false);
  });

  it("creates surveys with every question type in en, es and fi, and touchpoints of several kinds", async () => {
    const surveys = await prisma.survey.findMany({ where: { organizationId }, include: { questions: true } });
    expect(surveys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(surveys.map((s) => s.unitId)).size).toBeGreaterThanOrEqual(3);
    const questions = surveys.flatMap((s) => s.questions);
    expect(new Set(questions.map((q) => q.type))).toEqual(
      new Set(["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion", "contactDetails"]),
    );
    const buttons = new Set(questions.filter((q) => q.type === "smiley").map((q) => (q.options as { buttons: number }).buttons));
    expect(buttons).toEqual(new Set([4, 5]));
    for (const q of questions) {
      const title = q.title as Record<string, string>;
      expect(Object.keys(title).sort()).toEqual(["en", "es", "fi"]);
      for (const text of Object.values(title)) expect(text.length).toBeGreaterThan(3);
    }

    const touchpoints = await prisma.touchpoint.findMany({ where: { organizationId } });
    expect(new Set(touchpoints.map((t) => t.type))).toEqual(new Set(["terminal", "link", "qr", "website"]));
    for (const t of touchpoints) expect(surveys.map((s) => s.id)).toContain(t.activeSurveyId);
    for (const t of touchpoints.filter((t) => t.type === "terminal")) expect(t.udid).toBeTruthy();
    const website = touchpoints.find((t) => t.type === "website")!;
    expect((website.settings as { website: Record<string, unknown> }).website).toMatchObject({
      displayOptions: { type: "cornerWindow", placement: "bottom-right" },
      sample: 100,
      showFrequency: "untilDeclineOrResponse",
      visitedUrls: { mode: "anyVisited" },
      cookies: { mode: "any" },
      referrer: { source: "all" },
    });
  });

  it("seeds N responses within the last 90 days, with answers at the response's time and of its survey's questions", async () => {
    expect(await prisma.response.count({ where: { organizationId } })).toBe(RESPONSES);
    const [range] = await prisma.$queryRawUnsafe<{ first: Date; last: Date }[]>(
      `SELECT min("createdAt") AS first, max("createdAt") AS last FROM "Response" WHERE "organizationId" = $1`,
      organizationId,
    );
    expect(range!.first.getTime()).toBeGreaterThan(seededAt - 90 * DAY_MS);
    expect(range!.last.getTime()).toBeLessThanOrEqual(Date.now());
    const [mismatch] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId" JOIN "Question" q ON q.id = a."questionId"
       WHERE r."organizationId" = $1 AND (a."createdAt" <> r."createdAt" OR q."surveyId" <> r."surveyId")`,
      organizationId,
    );
    expect(mismatch!.n).toBe(0);
    const [noAnswers] = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Response" r WHERE r."organizationId" = $1
       AND NOT EXISTS (SELECT 1 FROM "EveryAnswer" a WHERE a."responseId" = r.id)`,
      organizationId,
    );
    expect(noAnswers!.n).toBe(0);
    const withMetadata = await prisma.response.findFirst({ where: { organizationId, metadata: { path: ["store"], equals: "Helsinki" } } });
    expect(withMetadata?.metadata).toMatchObject({ store: "Helsinki", visit: expect.stringMatching(/^(first|returning)$/) });
    const languages = await prisma.response.groupBy({ by: ["language"], where: { organizationId }, _count: true });
    expect(new Set(languages.map((l) => l.language))).toEqual(new Set(["en", "es", "fi"]));
  });

  it("stores answer values in the documented encodings", async () => {
    const rows = await prisma.$queryRawUnsafe<
      { type: string; buttons: string | null; value: number | null; text: string | null; choices: string[] | null; allowed: string[] | null }[]
    >(
      `SELECT q.type::text AS type, q.options->>'buttons' AS buttons, a."numericValue" AS value, a."textValue" AS text,
              a."choiceIds" AS choices, ARRAY(SELECT c->>'id' FROM jsonb_array_elements(q.choices) c) AS allowed
       FROM "EveryAnswer" a JOIN "Question" q ON q.id = a."questionId" JOIN "Response" r ON r.id = a."responseId" WHERE r."organizationId" = $1`,
      organizationId,
    );
    const values = (type: string, buttons?: string) =>
      rows.filter((r) => r.type === type && (buttons === undefined || r.buttons === buttons)).map((r) => r.value);
    const close = (set: number[]) => (v: number | null) => v !== null && set.some((s) => Math.abs(s - v) < 1e-9);

    const smiley5 = values("smiley", "5");
    expect(smiley5.length).toBeGreaterThan(0);
    expect(smiley5.every((v) => v !== null && [0, 0.25, 0.5, 0.75, 1].includes(v))).toBe(true);
    const smiley4 = values("smiley", "4");
    expect(smiley4.length).toBeGreaterThan(0);
    expect(smiley4.every(close([0, 1 / 3, 2 / 3, 1]))).toBe(true);
    const nps = values("nps");
    expect(nps.every((v) => v !== null && Number.isInteger(v) && v >= 0 && v <= 10)).toBe(true);
    expect(values("slider").every((v) => v !== null && v >= 0 && v <= 1)).toBe(true);
    expect(values("emotion").every(close(Object.values(eviClusters)))).toBe(true);

    for (const r of rows.filter((r) => ["singleChoice", "multipleChoice", "emotion"].includes(r.type))) {
      expect(r.choices?.length).toBeGreaterThan(0);
      for (const id of r.choices!) expect(r.allowed).toContain(id);
      if (r.type !== "multipleChoice") expect(r.choices).toHaveLength(1);
    }
    const texts = rows.filter((r) => r.type === "openText");
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((r) => typeof r.text === "string" && r.text.length > 0)).toBe(true);
    for (const r of rows.filter((r) => r.type === "contactDetails")) expect(JSON.parse(r.text!)).toHaveProperty("email");

    // Plausible figures: NPS around 30–40, satisfaction around 75 %.
    const promoters = nps.filter((v) => v! >= 9).length / nps.length;
    const detractors = nps.filter((v) => v! <= 6).length / nps.length;
    const score = Math.round((promoters - detractors) * 100);
    expect(score).toBeGreaterThanOrEqual(25);
    expect(score).toBeLessThanOrEqual(50);
    const satisfaction = (smiley5.reduce((a, v) => a! + v!, 0)! / smiley5.length) * 100;
    expect(satisfaction).toBeGreaterThan(65);
    expect(satisfaction).toBeLessThan(85);
  });

  it("keeps the survey and touchpoint counters", async () => {
    const surveys = await prisma.survey.findMany({ where: { organizationId } });
    expect(surveys.reduce((n, s) => n + s.responseCount, 0)).toBe(RESPONSES);
    for (const s of surveys) {
      const last = await prisma.response.aggregate({ where: { surveyId: s.id }, _max: { createdAt: true }, _count: true });
      expect(s.responseCount).toBe(last._count);
      expect(s.lastFeedbackAt?.getTime()).toBe(last._max.createdAt?.getTime());
    }
    const touchpoints = await prisma.touchpoint.findMany({ where: { organizationId } });
    for (const t of touchpoints) {
      const last = await prisma.response.aggregate({ where: { touchpoint: { id: t.id } }, _max: { createdAt: true } });
      expect(t.lastFeedbackAt?.getTime()).toBe(last._max.createdAt?.getTime());
    }
  });

  it("logs progress as a percentage", () => {
    expect(logs.some((m) => /\b100%/.test(m))).toBe(true);
    expect(logs.filter((m) => /%/.test(m)).length).toBeGreaterThan(2);
  });

  it("does nothing the second time", async () => {
    const counts = async () => ({
      organizations: await prisma.organization.count(),
      users: await prisma.user.count(),
      surveys: await prisma.survey.count(),
      touchpoints: await prisma.touchpoint.count(),
      responses: await prisma.response.count(),
      answers: await everyAnswerCount(prisma),
    });
    const before = await counts();
    const started = performance.now();
    const again = await seedDemoOrganization(prisma, { responses: RESPONSES });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(again).toEqual({ seeded: false, organizationId });
    expect(await counts()).toEqual(before);
  });
});

describe("seedDemoOrganization on PGlite", () => {
  let dir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  let prisma: PrismaClient | undefined;

  afterAll(async () => {
    await prisma?.$disconnect();
    await stop?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("seeds 1,000 responses into the embedded database", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "seed-pglite-"));
    const db = await startEmbeddedDatabase(dir);
    stop = db.stop;
    await deployMigrations(db.url);
    prisma = createPrisma(db.url, { max: 4 });
    const result = await seedDemoOrganization(prisma, { responses: 1000 });
    expect(result.seeded).toBe(true);
    expect(await prisma.response.count()).toBe(1000);
    expect(await everyAnswerCount(prisma)).toBeGreaterThan(3000);
    expect((await seedDemoOrganization(prisma, { responses: 1000 })).seeded).toBe(false);
    expect(await prisma.response.count()).toBe(1000);
  }, 120_000);

  it("stores a response and applies it to the roll-ups on PGlite (the applier's lock and SKIP LOCKED claim)", async () => {
    const db = prisma!;
    const touchpoint = await db.touchpoint.findFirstOrThrow({
      where: { type: "link", activeSurveyId: { not: null } },
      include: { activeSurvey: { include: { questions: true } } },
    });
    const nps = touchpoint.activeSurvey!.questions.find((q) => q.type === "nps")!;
    const runtime = createRespondentRuntime({ prisma: db, bus: createEventBus(undefined) });
    try {
      const stored = await runtime.submit(touchpoint.id, "203.0.113.9", {
        idempotencyKey: "pglite-applier-1",
        surveyId: touchpoint.activeSurveyId,
        answers: [{ questionId: nps.id, value: 9 }],
      });
      expect(stored.created).toBe(true);
      await runtime.flush();
      expect(await db.rollupPending.count()).toBe(0);
      const [sums] = await db.$queryRawUnsafe<{ rolled: number; raw: number }[]>(
        `SELECT (SELECT sum("responses")::int FROM "RollupResponseDay") AS rolled, (SELECT count(*)::int FROM "Response" WHERE NOT "hidden") AS raw`,
      );
      expect(sums).toEqual({ rolled: 1001, raw: 1001 });
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
