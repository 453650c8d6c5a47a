// The demo organisation seeded on first start (embedded mode, SEED_DEMO): "Demo Oy" with a team tree,
// three users (admin, editor, viewer) sharing one password, four surveys with every question type in
// en, es and fi, touchpoints of several kinds, and `responses` responses over the last 90 days.
//
// - Idempotent: the organisation named "Demo Oy" with domain "demo.example" marks a seeded database;
//   when it exists nothing is done (one indexed query). Everything else is written in one
//   transaction, so a seed interrupted half-way leaves nothing behind and the next start retries.
// - Deterministic: the values (times, scores, texts) come from a seeded generator; only the ids,
//   password salts and terminal UDIDs are random.
// - Fast, also on PGlite: responses and answers go in with one INSERT … SELECT FROM
//   json_to_recordset($1) per table and batch (ids made here, so answers need no round trip).
//
// The questions' rows and the responses' values come from the demo data generator
// (domain/demo-data/generator.ts), which POST /demo-data uses too; the seed depends on it, never the
// other way round.
import { featureKeys } from "../domain/features/features.js";
import { defaultWebsiteSettings } from "@feedback/shared/website-settings";
import argon2 from "argon2";
import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";
import { createRandom } from "../domain/demo-data/random.js";
import { addRollupsOfOrganization } from "../domain/analytics/rollups.js";
import { writePublicTemplates } from "../domain/demo-data/templates.js";
import {
  demoLanguages,
  demoSurveys,
  demoTouchpoints,
  demoUnits,
  type Lang,
  type SurveyKey,
  type TouchpointSpec,
  type UnitKey,
} from "../domain/demo-data/content.js";
import {
  answerValues,
  buildQuestion,
  clamp,
  insertResponses,
  moodWeights,
  questionRows,
  responseTimes,
  responseWindowDays,
  type AnswerJson,
  type BuiltQuestion,
  type ResponseJson,
} from "../domain/demo-data/generator.js";
import { newId } from "../domain/surveys/input.js";
import { insertAnswerRows } from "../domain/answers/rows.js";
import { analyzeStaleTables } from "../db/statistics.js";

export const demoSignIn = { email: "admin@demo.example", password: "Demo-Password-1!" } as const;

/** The stable marker of the demo organisation. */
export const demoOrganization = { name: "Demo Oy", domain: "demo.example" } as const;

export const demoUsers = {
  admin: { email: "admin@demo.example", displayName: "Demo Admin" },
  editor: { email: "editor@demo.example", displayName: "Eero Editor" },
  viewer: { email: "viewer@demo.example", displayName: "Veera Viewer" },
} as const;

export type SeedDemoOptions = {
  responses: number;
  log?: (message: string) => void;
  /** The current time: the trial's start, the terminals' last heartbeat (defaults to the clock). */
  now?: Date;
  /**
   * The end of the responses' 90-day window (defaults to `now`). Fixed in tests, so the demo data is
   * the same whatever the day and hour of the run (`DEMO_RESPONSES_UNTIL`).
   */
  responsesUntil?: Date;
  /** Responses per INSERT statement (default 2000). */
  batchSize?: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Serialises concurrent seeders of one database (pg_advisory_xact_lock key). */
const SEED_LOCK_KEY = 7_346_190_001;

type Tx = Prisma.TransactionClient;

async function findDemoOrganization(db: Tx | PrismaClient): Promise<{ id: string } | null> {
  return db.organization.findFirst({
    where: { name: demoOrganization.name, domain: demoOrganization.domain },
    select: { id: true },
  });
}

export async function seedDemoOrganization(prisma: PrismaClient, opts: SeedDemoOptions): Promise<{ seeded: boolean; organizationId: string }> {
  const log = opts.log ?? (() => {});
  const existing = await findDemoOrganization(prisma);
  if (existing) return { seeded: false, organizationId: existing.id };

  const started = performance.now();
  const now = opts.now ?? new Date();
  const until = opts.responsesUntil ?? now;
  const total = Math.max(0, Math.floor(opts.responses));
  const batchSize = Math.max(1, opts.batchSize ?? 2000);
  log(`seeding the demo organisation "${demoOrganization.name}" with ${total.toLocaleString("en")} responses…`);

  // One argon2id hash (~0.3 s) serves the three demo users: they share the published demo password.
  const passwordHash = await argon2.hash(demoSignIn.password, { type: argon2.argon2id });
  const structure = buildStructure();

  const result = await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const raced = await findDemoOrganization(tx);
      if (raced) return { seeded: false, organizationId: raced.id };

      await writeStructure(tx, structure, { now, until }, passwordHash);
      const stats = await writeResponses(tx, structure, { total, now: until, batchSize, log });
      await writeCounters(tx, structure, stats);
      await addRollupsOfOrganization(tx, structure.organizationId);
      // The public templates (their own organisation), for every organisation's templates page.
      const featureSet = await tx.featureSet.findUniqueOrThrow({ where: { name: structure.featureSetName }, select: { id: true } });
      await writePublicTemplates(tx, featureSet.id);
      return { seeded: true, organizationId: structure.organizationId };
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
  if (result.seeded) {
    log(`demo organisation seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // A bulk load: the planner needs its statistics before the first results screen, and autovacuum
    // may not run (PGlite never; a server may have it off): db/statistics.ts.
    const analysing = performance.now();
    const analysed = await analyzeStaleTables(prisma);
    log(`planner statistics of ${analysed.length} tables in ${((performance.now() - analysing) / 1000).toFixed(1)} s`);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The structure: organisation, teams, users, surveys, questions, touchpoints (ids made here)
// ---------------------------------------------------------------------------------------------

type BuiltSurvey = { id: string; key: SurveyKey; name: string; unitId: string; tags: string[]; questions: BuiltQuestion[] };
type BuiltTouchpoint = { id: string; spec: TouchpointSpec; unitId: string; surveyId: string; survey: BuiltSurvey; udid: string | null };

type Structure = {
  organizationId: string;
  featureSetName: string;
  units: { id: string; key: UnitKey; name: string; parentId: string | null }[];
  unitIds: Record<UnitKey, string>;
  surveys: BuiltSurvey[];
  touchpoints: BuiltTouchpoint[];
  userIds: { admin: string; editor: string; viewer: string };
};

function buildStructure(): Structure {
  const organizationId = newId();
  const unitIds = Object.fromEntries(demoUnits.map((u) => [u.key, newId()])) as Record<UnitKey, string>;
  const units = demoUnits.map((u) => ({ id: unitIds[u.key], key: u.key, name: u.name, parentId: u.parent ? unitIds[u.parent] : null }));
  const surveys: BuiltSurvey[] = demoSurveys.map((s) => ({
    id: newId(),
    key: s.key,
    name: s.name,
    unitId: unitIds[s.unit],
    tags: s.tags,
    questions: s.questions.map(buildQuestion),
  }));
  const surveyByKey = new Map(surveys.map((s) => [s.key, s]));
  const touchpoints: BuiltTouchpoint[] = demoTouchpoints.map((t) => {
    const survey = surveyByKey.get(t.survey);
    if (!survey) throw new Error(`demo touchpoint ${t.key}: no survey ${t.survey}`);
    return {
      id: newId(),
      spec: t,
      unitId: unitIds[t.unit],
      surveyId: survey.id,
      survey,
      udid: t.type === "terminal" ? `demo-${randomBytes(6).toString("hex")}` : null,
    };
  });
  return {
    organizationId,
    featureSetName: "all",
    units,
    unitIds,
    surveys,
    touchpoints,
    userIds: { admin: newId(), editor: newId(), viewer: newId() },
  };
}

async function writeStructure(tx: Tx, s: Structure, times: { now: Date; until: Date }, passwordHash: string): Promise<void> {
  const { now, until } = times;
  const featureSet = await tx.featureSet.upsert({
    where: { name: s.featureSetName },
    create: { name: s.featureSetName, features: [...featureKeys] },
    update: { features: [...featureKeys] },
    select: { id: true },
  });
  await tx.organization.create({
    data: {
      id: s.organizationId,
      name: demoOrganization.name,
      domain: demoOrganization.domain,
      countryCode: "FI",
      currency: "EUR",
      featureSetId: featureSet.id,
      trialUntil: new Date(now.getTime() + 14 * DAY_MS),
      privacyPolicy: "https://demo.example/privacy",
    },
  });
  // Parents before children (demoUnits is ordered so).
  await tx.unit.createMany({
    data: s.units.map((u) => ({ id: u.id, organizationId: s.organizationId, parentId: u.parentId, name: u.name })),
  });

  const users = [
    { key: "admin", id: s.userIds.admin, systemAdmin: true, onboarding: true },
    { key: "editor", id: s.userIds.editor, systemAdmin: false, onboarding: false },
    { key: "viewer", id: s.userIds.viewer, systemAdmin: false, onboarding: false },
  ] as const;
  await tx.user.createMany({
    data: users.map((u) => ({
      id: u.id,
      email: demoUsers[u.key].email,
      displayName: demoUsers[u.key].displayName,
      passwordHash,
      systemAdmin: u.systemAdmin,
      countryCode: "FI",
      currentOrganizationId: s.organizationId,
      onboardingCreatedSurvey: u.onboarding,
      onboardingLaunchedSurvey: u.onboarding,
      onboardingCollectedResponses: u.onboarding,
      onboardingAnalyzedResponses: u.onboarding,
    })),
  });
  await tx.membership.createMany({
    data: [
      { userId: s.userIds.admin, organizationId: s.organizationId, organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true },
      { userId: s.userIds.editor, organizationId: s.organizationId, mayCreateSurveys: true },
      { userId: s.userIds.viewer, organizationId: s.organizationId },
    ],
  });
  await tx.unitRole.createMany({
    data: [
      { organizationId: s.organizationId, userId: s.userIds.admin, unitId: s.unitIds.root, role: "admin" },
      { organizationId: s.organizationId, userId: s.userIds.editor, unitId: s.unitIds.stores, role: "editor" },
      { organizationId: s.organizationId, userId: s.userIds.viewer, unitId: s.unitIds.helsinki, role: "viewer" },
    ],
  });

  // Made before the first response.
  const createdAt = new Date(until.getTime() - (responseWindowDays + 5) * DAY_MS);
  await tx.survey.createMany({
    data: s.surveys.map((survey) => ({
      id: survey.id,
      organizationId: s.organizationId,
      unitId: survey.unitId,
      name: survey.name,
      languages: [...demoLanguages],
      tags: survey.tags,
      createdByUserId: s.userIds.admin,
      createdAt,
      updatedAt: createdAt,
    })),
  });
  await tx.question.createMany({
    data: s.surveys.flatMap((survey) => questionRows(survey.questions, { organizationId: s.organizationId, surveyId: survey.id, createdAt })),
  });

  await tx.websiteDomain.create({ data: { organizationId: s.organizationId, domain: "shop.demo.example" } });
  await tx.touchpoint.createMany({
    data: s.touchpoints.map((t, index) => ({
      id: t.id,
      organizationId: s.organizationId,
      unitId: t.unitId,
      name: t.spec.name,
      type: t.spec.type,
      activeSurveyId: t.surveyId,
      settings: touchpointSettings(t),
      udid: t.udid,
      ipAddress: t.spec.type === "terminal" ? `10.20.0.${11 + index}` : null,
      lastSeenAt: t.spec.type === "terminal" ? new Date(now.getTime() - (2 + index) * 60_000) : null,
      createdAt,
      updatedAt: createdAt,
    })),
  });
}

function touchpointSettings(t: BuiltTouchpoint): Prisma.InputJsonObject {
  switch (t.spec.type) {
    case "terminal":
      return {
        brightness: 80,
        rebootSchedule: { enabled: true, time: "03:00" },
        responseTimeLimit: null,
        metadata: { store: demoUnits.find((u) => u.key === t.spec.unit)?.name ?? "" },
        configuration: {},
      };
    case "website":
      return { website: defaultWebsiteSettings("shop.demo.example") };
    case "link":
    case "qr":
      return {};
  }
}

// ---------------------------------------------------------------------------------------------
// Responses and answers
// ---------------------------------------------------------------------------------------------

type Stats = {
  bySurvey: Map<string, { count: number; last: number }>;
  byTouchpoint: Map<string, { count: number; last: number }>;
};

function bump(map: Map<string, { count: number; last: number }>, id: string, t: number): void {
  const entry = map.get(id);
  if (entry) {
    entry.count++;
    if (t > entry.last) entry.last = t;
  } else map.set(id, { count: 1, last: t });
}

async function writeResponses(tx: Tx, s: Structure, opts: { total: number; now: Date; batchSize: number; log: (m: string) => void }): Promise<Stats> {
  // Two streams: the times depend on `now` (rejection sampling), the values do not, so the same
  // responses and answers are made whatever the day.
  const rnd = createRandom("demo-oy-responses-v1");
  const stats: Stats = { bySurvey: new Map(), byTouchpoint: new Map() };
  if (opts.total === 0) return stats;
  const nowMs = opts.now.getTime();
  const times = responseTimes(createRandom("demo-oy-times-v1"), opts.total, nowMs);
  const windowStart = nowMs - responseWindowDays * DAY_MS;
  const tpWeights = s.touchpoints.map((t) => t.spec.weight);
  const langs: Lang[] = ["en", "es", "fi"];

  let lastPercent = -1;
  for (let offset = 0; offset < opts.total; offset += opts.batchSize) {
    const end = Math.min(opts.total, offset + opts.batchSize);
    const responses: ResponseJson[] = [];
    const answers: AnswerJson[] = [];
    for (let k = offset; k < end; k++) {
      const t = times[k]!;
      const tp = s.touchpoints[rnd.weightedIndex(tpWeights)]!;
      const id = newId();
      const c = new Date(t).toISOString();
      const lang = rnd.weighted(
        langs,
        langs.map((l) => tp.spec.languages[l]),
      );
      // Mood: the base distribution, the touchpoint's tendency, and a slight improvement over time.
      let mood = rnd.weightedIndex(moodWeights);
      const shift = tp.spec.moodShift;
      if (shift !== 0 && rnd.chance(Math.abs(shift))) mood += shift > 0 ? 1 : -1;
      const progress = (t - windowStart) / (nowMs - windowStart);
      if (rnd.chance(0.08 * progress)) mood += 1;
      if (rnd.chance(0.08 * (1 - progress))) mood -= 1;
      mood = clamp(mood, 0, 4);

      responses.push({ i: id, s: tp.surveyId, t: tp.id, u: tp.unitId, l: lang, m: tp.spec.metadata(rnd.pick), c });
      for (const q of tp.survey.questions) {
        const v = answerValues(rnd, q, mood, lang);
        if (v) answers.push({ r: id, q: q.id, c, ...v });
      }
      bump(stats.bySurvey, tp.surveyId, t);
      bump(stats.byTouchpoint, tp.id, t);
    }
    await tx.$executeRawUnsafe(insertResponses, JSON.stringify(responses), s.organizationId);
    await insertAnswerRows(tx, answers);
    const percent = Math.floor((end / opts.total) * 100);
    if (percent !== lastPercent) {
      opts.log(`demo responses: ${percent}% (${end.toLocaleString("en")} / ${opts.total.toLocaleString("en")})`);
      lastPercent = percent;
    }
  }
  return stats;
}

async function writeCounters(tx: Tx, s: Structure, stats: Stats): Promise<void> {
  for (const survey of s.surveys) {
    const st = stats.bySurvey.get(survey.id);
    if (!st) continue;
    await tx.survey.update({ where: { id: survey.id }, data: { responseCount: st.count, lastFeedbackAt: new Date(st.last) } });
  }
  for (const tp of s.touchpoints) {
    const st = stats.byTouchpoint.get(tp.id);
    if (!st) continue;
    await tx.touchpoint.update({ where: { id: tp.id }, data: { responseCount: st.count, lastFeedbackAt: new Date(st.last) } });
  }
}
