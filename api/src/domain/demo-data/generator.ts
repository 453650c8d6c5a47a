// The demo data generator shared by the seeded demo organisation (api/src/seed/demo.ts), the public
// survey templates (templates.ts) and POST /demo-data (demo-data.ts): questions built from the demo
// content with fresh ids, their Question rows, and responses and answers with believable values.
//
// Value encodings (DESIGN.md "Domain definitions"), as stored in Answer:
//   smiley (5 buttons) numericValue ∈ {0, .25, .5, .75, 1}; smiley (4 buttons) ∈ {0, 1/3, 2/3, 1};
//   nps integer 0..10; slider 0..1 in tenths (options.min..max is the scale shown);
//   emotion: numericValue = the emotion's cluster value, choiceIds = [the emotion's choice id];
//   singleChoice / multipleChoice: choiceIds; openText: textValue;
//   contactDetails: textValue = JSON {name, email, phone?}.
import type { Prisma } from "../../generated/prisma/client.js";
import { contactNames, eviClusters, openTexts, type EviCluster, type Lang, type QuestionSpec, type Text } from "./content.js";
import type { Random } from "./random.js";
import { newId } from "../surveys/input.js";
import { codeOf } from "../results-scope/codes.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo responses fall in the last this many days. */
export const responseWindowDays = 90;

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

export type BuiltChoice = { id: string; key: string; text: Text; cluster?: EviCluster };
export type BuiltQuestion = { id: string; spec: QuestionSpec; choices: BuiltChoice[] };

/** A question of the demo content with fresh ids for it and its choices. */
export function buildQuestion(spec: QuestionSpec): BuiltQuestion {
  const choices = "choices" in spec ? spec.choices.map((c) => ({ id: newId(), key: c.key, text: c.text, ...(c.cluster ? { cluster: c.cluster } : {}) })) : [];
  return { id: newId(), spec, choices };
}

function questionTypeAndOptions(q: BuiltQuestion): {
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

/** The Question rows of a survey's built questions, in their order (createMany data). */
export function questionRows(
  questions: readonly BuiltQuestion[],
  where: { organizationId: string; surveyId: string; createdAt?: Date },
): Prisma.QuestionCreateManyInput[] {
  return questions.map((q, position) => {
    const row = questionTypeAndOptions(q);
    return {
      id: q.id,
      organizationId: where.organizationId,
      surveyId: where.surveyId,
      position,
      type: row.type,
      title: q.spec.title,
      options: row.options,
      choices: row.choices,
      required: "required" in q.spec ? (q.spec.required ?? false) : false,
      ...(where.createdAt ? { createdAt: where.createdAt, updatedAt: where.createdAt } : {}),
    };
  });
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
  const from = now - responseWindowDays * DAY_MS + 60_000;
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

export type AnswerJson = { r: string; q: string; c: string; n: number | null; x: string | null; h: string[] };
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

export const insertResponses = `INSERT INTO "Response"
  ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "status", "language", "metadata", "createdAt", "submittedAt")
SELECT r.i, $2, r.s, ${codeOf("touchpoint", "r.t")}, coalesce(${codeOf("unit", "r.u")}, 0), 'submitted'::"ResponseStatus", r.l, r.m, r.c, r.c
FROM json_to_recordset($1::json) AS r(i text, s text, t text, u text, l text, m jsonb, c timestamptz)`;
