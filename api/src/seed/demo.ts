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
// Value encodings (DESIGN.md "Domain definitions"), as stored in Answer:
//   smiley (5 buttons) numericValue ∈ {0, .25, .5, .75, 1}; smiley (4 buttons) ∈ {0, 1/3, 2/3, 1};
//   nps integer 0..10; slider 0..1 in tenths (options.min..max is the scale shown);
//   emotion: numericValue = the emotion's cluster value, choiceIds = [the emotion's choice id];
//   singleChoice / multipleChoice: choiceIds; openText: textValue;
//   contactDetails: textValue = JSON {name, email, phone?}.
import { featureKeys } from "../domain/features/features.js";
import { defaultWebsiteSettings } from "@feedback/shared/website-settings";
import argon2 from "argon2";
import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";
import { createRandom, type Random } from "./random.js";
import { addRollupsOfOrganization } from "../domain/analytics/rollups.js";
import { writePublicTemplates } from "../domain/demo-data/templates.js";
import {
  contactNames,
  demoLanguages,
  demoSurveys,
  demoTouchpoints,
  demoUnits,
  eviClusters,
  openTexts,
  type EviCluster,
  type Lang,
  type QuestionSpec,
  type SurveyKey,
  type Text,
  type TouchpointSpec,
  type UnitKey,
} from "./demo-content.js";

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
const WINDOW_DAYS = 90;
/** Serialises concurrent seeders of one database (pg_advisory_xact_lock key). */
const SEED_LOCK_KEY = 7_346_190_001;

type Tx = Prisma.TransactionClient;

const newId = (): string => randomBytes(12).toString("hex");

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
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The structure: organisation, teams, users, surveys, questions, touchpoints (ids made here)
// ---------------------------------------------------------------------------------------------

export type BuiltChoice = { id: string; key: string; text: Text; cluster?: EviCluster };
export type BuiltQuestion = { id: string; spec: QuestionSpec; choices: BuiltChoice[] };
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
    questions: s.questions.map((q) => ({
      id: newId(),
      spec: q,
      choices: "choices" in q ? q.choices.map((c) => ({ id: newId(), key: c.key, text: c.text, ...(c.cluster ? { cluster: c.cluster } : {}) })) : [],
    })),
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

export function questionRow(q: BuiltQuestion): {
  type: "smiley" | "nps" | "slider" | "singleChoice" | "multipleChoice" | "openText" | "emotion" | "contactDetails";
  options: Prisma.InputJsonObject;
  choices: Prisma.InputJsonArray;
} {
  const choices = q.choices.map((c) => ({ id: c.id, text: c.text, ...(c.cluster ? { cluster: c.cluster } : {}) }));
  const spec = q.spec;
  switch (spec.kind) {
    case "smiley5":
      return { type: "smiley", options: { buttons: 5 }, choices: [] };
    case "smiley4":
      return { type: "smiley", options: { buttons: 4 }, choices: [] };
    case "nps":
      return { type: "nps", options: {}, choices: [] };
    case "slider":
      return { type: "slider", options: { min: 0, max: 10, step: 1, minLabel: spec.minLabel, maxLabel: spec.maxLabel }, choices: [] };
    case "singleChoice":
    case "multipleChoice":
      return { type: spec.kind, options: {}, choices };
    case "emotion":
      return { type: "emotion", options: { clusters: { ...eviClusters } }, choices };
    case "openText":
      return { type: "openText", options: {}, choices: [] };
    case "contactDetails":
      return { type: "contactDetails", options: { fields: ["name", "email", "phone"] }, choices: [] };
  }
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
  const createdAt = new Date(until.getTime() - (WINDOW_DAYS + 5) * DAY_MS);
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
    data: s.surveys.flatMap((survey) =>
      survey.questions.map((q, position) => {
        const row = questionRow(q);
        return {
          id: q.id,
          organizationId: s.organizationId,
          surveyId: survey.id,
          position,
          type: row.type,
          title: q.spec.title,
          options: row.options,
          choices: row.choices,
          required: "required" in q.spec ? (q.spec.required ?? false) : false,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    ),
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

/** Relative traffic by local hour (Helsinki) and by weekday (0 = Sunday). */
const hourWeights = [0.02, 0.01, 0.01, 0.01, 0.01, 0.03, 0.08, 0.2, 0.45, 0.7, 0.9, 1, 1, 0.95, 0.9, 0.9, 0.95, 1, 0.85, 0.6, 0.4, 0.25, 0.12, 0.05];
const weekdayWeights = [0.4, 1, 1, 1, 1, 1, 0.65];

function helsinkiOffsetHours(t: number): number {
  // Close enough for demo data: summer time from April to October.
  const month = new Date(t).getUTCMonth();
  return month >= 3 && month <= 9 ? 3 : 2;
}

/** `n` sorted times in (now − 90 days, now], busier on weekdays and in the daytime. */
export function responseTimes(rnd: Random, n: number, now: number): number[] {
  const from = now - WINDOW_DAYS * DAY_MS + 60_000;
  const span = now - from;
  const times: number[] = [];
  while (times.length < n) {
    const t = from + Math.floor(rnd.next() * span);
    const local = new Date(t + helsinkiOffsetHours(t) * 3_600_000);
    const w = (hourWeights[local.getUTCHours()] ?? 0) * (weekdayWeights[local.getUTCDay()] ?? 0);
    if (rnd.next() < w) times.push(t);
  }
  return times.sort((a, b) => a - b);
}

/** The respondent's mood 0..4 (very unhappy … delighted): satisfaction about 75 %, NPS in the 30s. */
export const moodWeights = [0.035, 0.06, 0.125, 0.35, 0.43];

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : Math.min(v, hi);
}

function jitter(rnd: Random, p: number): number {
  return rnd.chance(p) ? (rnd.chance(0.5) ? 1 : -1) : 0;
}

const npsByMood: readonly { values: number[]; weights: number[] }[] = [
  { values: [0, 1, 2, 3, 4, 5], weights: [0.15, 0.15, 0.2, 0.2, 0.15, 0.15] },
  { values: [1, 2, 3, 4, 5, 6], weights: [0.05, 0.1, 0.15, 0.2, 0.25, 0.25] },
  { values: [4, 5, 6, 7, 8, 9], weights: [0.1, 0.1, 0.2, 0.3, 0.2, 0.1] },
  { values: [6, 7, 8, 9, 10], weights: [0.05, 0.15, 0.2, 0.35, 0.25] },
  { values: [8, 9, 10], weights: [0.15, 0.35, 0.5] },
];

const clustersByMood: readonly Record<EviCluster, number>[] = [
  { advocacy: 0, trust: 0, attention: 0.15, destroying: 0.85 },
  { advocacy: 0, trust: 0.05, attention: 0.3, destroying: 0.65 },
  { advocacy: 0.05, trust: 0.25, attention: 0.5, destroying: 0.2 },
  { advocacy: 0.35, trust: 0.45, attention: 0.15, destroying: 0.05 },
  { advocacy: 0.7, trust: 0.25, attention: 0.05, destroying: 0 },
];

export type AnswerJson = { r: string; s: string; t: string; q: string; c: string; n: number | null; x: string | null; h: string[] };
export type ResponseJson = { i: string; s: string; t: string; u: string; l: Lang; m: Record<string, string>; c: string };

export function answerValues(rnd: Random, q: BuiltQuestion, mood: number, lang: Lang): { n: number | null; x: string | null; h: string[] } | null {
  const spec = q.spec;
  switch (spec.kind) {
    case "smiley5":
      return { n: clamp(mood + jitter(rnd, 0.25), 0, 4) / 4, x: null, h: [] };
    case "smiley4": {
      const base = [0, 1, 2, 2, 3][mood] ?? 2;
      return { n: clamp(base + jitter(rnd, 0.2), 0, 3) / 3, x: null, h: [] };
    }
    case "nps": {
      const d = npsByMood[mood] ?? npsByMood[3]!;
      return { n: rnd.weighted(d.values, d.weights), x: null, h: [] };
    }
    case "slider": {
      if (!rnd.chance(0.9)) return null;
      const tenths = clamp(Math.round(mood * 2.5 + (rnd.next() - 0.5) * 3), 0, 10);
      return { n: tenths / 10, x: null, h: [] };
    }
    case "singleChoice": {
      if (!rnd.chance(0.85)) return null;
      const choice = rnd.weighted(
        q.choices,
        q.choices.map((_, i) => q.choices.length - i + 1),
      );
      return { n: null, x: null, h: [choice.id] };
    }
    case "multipleChoice": {
      if (!rnd.chance(0.8)) return null;
      const last = q.choices[q.choices.length - 1]!;
      if (rnd.chance(0.08)) return { n: null, x: null, h: [last.id] };
      const pool = q.choices.slice(0, -1);
      const first = rnd.pick(pool);
      const picked = [first.id];
      if (rnd.chance(0.35)) {
        const second = rnd.pick(pool);
        if (second.id !== first.id) picked.push(second.id);
      }
      return { n: null, x: null, h: picked };
    }
    case "emotion": {
      if (!spec.required && !rnd.chance(0.8)) return null;
      const weights = clustersByMood[mood] ?? clustersByMood[3]!;
      const clusters = Object.keys(weights) as EviCluster[];
      const cluster = rnd.weighted(
        clusters,
        clusters.map((c) => weights[c]),
      );
      const choice = rnd.pick(q.choices.filter((c) => c.cluster === cluster));
      return { n: eviClusters[cluster], x: null, h: [choice.id] };
    }
    case "openText": {
      if (!rnd.chance(mood <= 1 ? 0.55 : 0.3)) return null;
      const texts = openTexts[lang];
      const pool = mood >= 3 ? texts.positive : mood === 2 ? texts.neutral : texts.negative;
      return { n: null, x: rnd.pick(pool), h: [] };
    }
    case "contactDetails": {
      if (!rnd.chance(mood <= 1 ? 0.3 : 0.1)) return null;
      const name = rnd.pick(contactNames);
      const email = `${name
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z ]/g, "")
        .replace(" ", ".")}@example.com`;
      const details: Record<string, string> = { name, email };
      if (rnd.chance(0.5)) details.phone = `+35840${String(rnd.int(1_000_000, 9_999_999))}`;
      return { n: null, x: JSON.stringify(details), h: [] };
    }
  }
}

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

export const insertResponses = `INSERT INTO "Response"
  ("id", "organizationId", "surveyId", "touchpointId", "unitId", "status", "language", "metadata", "createdAt", "updatedAt", "submittedAt")
SELECT r.i, $2, r.s, r.t, r.u, 'submitted'::"ResponseStatus", r.l, r.m, r.c, r.c, r.c
FROM json_to_recordset($1::json) AS r(i text, s text, t text, u text, l text, m jsonb, c timestamptz)`;

export const insertAnswers = `INSERT INTO "Answer"
  ("responseId", "organizationId", "surveyId", "touchpointId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds")
SELECT a.r, $2, a.s, a.t, a.q, a.c, a.n, a.x, a.h
FROM json_to_recordset($1::json) AS a(r text, s text, t text, q text, c timestamptz, n float8, x text, h text[])`;

async function writeResponses(tx: Tx, s: Structure, opts: { total: number; now: Date; batchSize: number; log: (m: string) => void }): Promise<Stats> {
  // Two streams: the times depend on `now` (rejection sampling), the values do not, so the same
  // responses and answers are made whatever the day.
  const rnd = createRandom("demo-oy-responses-v1");
  const stats: Stats = { bySurvey: new Map(), byTouchpoint: new Map() };
  if (opts.total === 0) return stats;
  const nowMs = opts.now.getTime();
  const times = responseTimes(createRandom("demo-oy-times-v1"), opts.total, nowMs);
  const windowStart = nowMs - WINDOW_DAYS * DAY_MS;
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
        if (v) answers.push({ r: id, s: tp.surveyId, t: tp.id, q: q.id, c, ...v });
      }
      bump(stats.bySurvey, tp.surveyId, t);
      bump(stats.byTouchpoint, tp.id, t);
    }
    await tx.$executeRawUnsafe(insertResponses, JSON.stringify(responses), s.organizationId);
    await tx.$executeRawUnsafe(insertAnswers, JSON.stringify(answers), s.organizationId);
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
