// Seeded responses of the analytics survey (analytics-survey.ts), written straight into "Response"
// and "Answer" as stored rows: the roll-up and bit-string tests compare served figures with the raw
// rows on them. The same seed gives the same data on every run.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { QuestionResult } from "../domain/analytics/results.js";
import type { ResultsReader } from "../domain/results-scope/response-scope.js";
import { newTestId, type TestSurvey } from "./analytics-survey.js";
import { insertAnswerRows, type NewAnswerRow } from "../domain/answers/rows.js";
import { codeOf } from "../domain/results-scope/codes.js";

/**
 * Fixed days (no "now" in the data): the seeded responses fall in ten UTC days of March 2026 from
 * `seededBase`; `seededWindow` reads them all, with explicit from/to.
 */
export const seededBase = Date.UTC(2026, 2, 10, 0, 0);
export const seededWindow = { from: "2026-03-09", to: "2026-03-21" } as const;

/** A caller that reads the organisation as its admin's share link with no allowed changes. */
export function shareLinkCaller(prisma: PrismaClient, org: { organization: { id: string }; users: { admin: { id: string } } }): ResultsReader {
  return { prisma, share: { organizationId: org.organization.id, createdByUserId: org.users.admin.id, allowChanges: [] } };
}

/** Results without where they were served from (roll-ups, bit strings, raw rows), to compare served with raw. */
export const withoutSource = (rs: QuestionResult[]) => rs.map(({ source: _s, ...r }) => r);

/** The roll-up buckets the rows touch (rollups.ts markResponsesChanged). */
export const bucketsOf = (rs: Pick<SeededRow, "c" | "s" | "t">[]) => rs.map((r) => ({ createdAt: r.c, surveyId: r.s, touchpointId: r.t }));

/** A small seeded generator (mulberry32): the same data on every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stored response as inserted: id, organisation, survey, touchpoint, unit, createdAt, hidden, metadata. */
export type SeededRow = { id: string; o: string; s: string; t: string; u: string; c: string; h: boolean; m: Record<string, unknown> };

export type SeededOptions = {
  organizationId: string;
  survey: TestSurvey;
  touchpoints: { id: string; unitId: string }[];
  n: number;
  rnd: () => number;
  /** The first of the ten UTC days the responses fall in (ms). */
  base: number;
  /** Each response's metadata (may draw from `rnd`); none by default. */
  metadata?: (rnd: () => number) => Record<string, unknown>;
  /** The emotions' cluster numbers: happy, safe, curious (angry is −1). */
  emotionValues?: [number, number, number];
};

/**
 * Inserts `n` responses over ten days from `base`, about 8 % hidden, each question answered with
 * some probability (skipped questions are part of the data), about 5 % of answers hidden.
 */
export async function insertSeededResponses(prisma: PrismaClient, o: SeededOptions): Promise<SeededRow[]> {
  const q = o.survey.questions;
  const rnd = o.rnd;
  const [happy, safe, curious] = o.emotionValues ?? [1, 0.66, 0.33];
  const rs: SeededRow[] = [];
  const as: NewAnswerRow[] = [];
  for (let i = 0; i < o.n; i++) {
    const tp = o.touchpoints[Math.floor(rnd() * o.touchpoints.length)]!;
    const c = new Date(o.base + Math.floor(rnd() * 10 * 86_400_000)).toISOString();
    const m = o.metadata ? o.metadata(rnd) : {};
    const r: SeededRow = { id: newTestId(), o: o.organizationId, s: o.survey.survey.id, t: tp.id, u: tp.unitId, c, h: rnd() < 0.08, m };
    rs.push(r);
    const a = (qid: string, n: number | null, ch: string[] = [], x: string | null = null) => as.push({ r: r.id, q: qid, c, n, x, h: ch, hidden: rnd() < 0.05 });
    if (rnd() < 0.9) a(q.smiley.id, Math.floor(rnd() * 5) / 4);
    if (rnd() < 0.9) a(q.nps.id, Math.floor(rnd() * 11));
    // Eighths: sums of them are exact in binary, so the means cannot depend on the order of summing.
    if (rnd() < 0.7) a(q.slider.id, Math.floor(rnd() * 9) / 8);
    if (rnd() < 0.8) a(q.single.id, null, [["ca", "cb", "cc"][Math.floor(rnd() * 3)]!]);
    if (rnd() < 0.6)
      a(
        q.multi.id,
        null,
        ["mx", "my", "mz"].filter(() => rnd() < 0.5),
      );
    if (rnd() < 0.5) a(q.text.id, null, [], "words");
    if (rnd() < 0.6) {
      const [e, v] = (
        [
          ["happy", happy],
          ["safe", safe],
          ["curious", curious],
          ["angry", -1],
        ] as const
      )[Math.floor(rnd() * 4)]!;
      a(q.emotion.id, v, [e]);
    }
  }
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Response" ("id","organizationId","surveyId","touchpointCode","unitCode","metadata","hidden","createdAt","submittedAt")
     SELECT id, o, s, ${codeOf("touchpoint", "t")}, ${codeOf("unit", "u")}, m, h, c, c FROM json_to_recordset($1::json) AS x(id text, o text, s text, t text, u text, c timestamptz, h boolean, m jsonb)`,
    JSON.stringify(rs),
  );
  await insertAnswerRows(prisma, as);
  return rs;
}
