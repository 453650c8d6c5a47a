// The analytics query engine: sums of responses and answers for a scope, from the roll-ups when
// they can answer, else from indexed aggregates over the raw rows (docs/analytics.md "Which source").
//
// Roll-ups answer when the filters have no response-level dimension (restrict by answer, metadata
// match or metadata grouping need the rows) and the utcOffset is whole hours (hour buckets then
// fall on local hour boundaries). For responses a range [from, to) is read as daily rows for the
// whole UTC days inside it plus hourly rows for the hours at either end; a series by local day, week,
// month or weekday reads hourly rows when the offset is not 0 (a UTC day straddles two local days).
// Answers have daily roll-ups only: the hours at either end, and those a series off UTC moves to
// another local day, come from the raw rows (`rollupAnswerSumsSql`); hour of day is raw. What the
// roll-ups cannot serve is read from the response bit strings when they can (response-bits-read.ts),
// else from the raw rows; planner.ts and `answerPathOf` decide which path serves each read.
import { needsRawRows, type GroupBy, type ResultsFilters } from "../results-scope/filters.js";
import { admittedUnits, buildScope, metadataObjectSql, surveysWithResponses, type Visibility } from "../results-scope/response-scope.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { codeOf, codesOf, idOf } from "../results-scope/codes.js";
import { answerValuesOf, pendingResponseRows, responseFiguresOf } from "./rollups.js";
import { planAnswerPath, type AnswerPath } from "./planner.js";
import { answersOfResponse, bothBranches, questionAnswers } from "../answers/rows.js";
import {
  bitsAnswerCountedSql,
  bitsAnswerSql,
  bitsAnswerStringsSql,
  bitsCountSql,
  bitsGroupOf,
  bitsMatchSql,
  bitsListSql,
  bitsMetaKeysSql,
  bitsReady,
  daysOf,
  bitsResponseSql,
  metadataKeysOf,
  ordinalsOf,
  type BitsGroup,
} from "./response-bits-read.js";
import { bitsBlock } from "./response-bits.js";
import { ordinalsAmong } from "./response-ordinals.js";
import { countKeysByGroup, type StringRow } from "./bits-count.js";
import { poolOf } from "../../db/client.js";

const dayMs = 86_400_000;

/**
 * A read's source when the caller names one: "raw" reads the raw rows; "rollup" takes the planner's
 * path without weighing the hours a series off UTC moves (`movedShareOf`: the tests that compare the
 * paths use it); none lets the engine choose.
 */
export type Source = "rollup" | "raw";
export type Window = { from: Date; to: Date };

export function rollupsCanAnswer(f: ResultsFilters): boolean {
  return !needsRawRows(f) && f.utcOffset % 60 === 0;
}

/** The group expression of a timestamp column (UTC instant) in the caller's offset. */
export function timeGroupSql(groupBy: GroupBy, ts: string, utcOffset: number): string | null {
  const local = `((${ts}) AT TIME ZONE 'UTC' + interval '${utcOffset} minutes')`;
  switch (groupBy) {
    case "daily":
      return `to_char(${local}, 'YYYY-MM-DD')`;
    case "hourly":
      return `to_char(${local}, 'HH24')`;
    case "weekday":
      return `extract(isodow FROM ${local})::int::text`;
    case "weekNumber":
      return `to_char(${local}, 'IYYY-"W"IW')`;
    case "monthly":
      return `to_char(${local}, 'YYYY-MM')`;
    default:
      return null;
  }
}

/** Parameter list with a helper that appends and answers the placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ""): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * Dimension filter over a roll-up table alias `x` (organisation, units, touchpoints, surveys), whose
 * keys are codes ("Answer roll-ups by codes", "Response roll-ups by codes").
 */
function rollupDims(v: Visibility, f: ResultsFilters, p: Params, opts: { organisationWide?: boolean } = {}): string {
  const where = [`x."organizationCode" = ${codeOf("organization", p.add(v.organizationId))}`];
  if (opts.organisationWide) return where.join(" AND ");
  const units = admittedUnits(v, f.unitId);
  if (units !== null) where.push(`x."unitCode" = ${codesOf("unit", p.add(units, "::text[]"))}`);
  if (f.touchpointIds.length) where.push(`x."touchpointCode" = ${codesOf("touchpoint", p.add(f.touchpointIds, "::text[]"))}`);
  if (f.surveyIds.length) where.push(`x."surveyCode" = ${codesOf("survey", p.add(f.surveyIds, "::text[]"))}`);
  return where.join(" AND ");
}

/** Splits [from, to) into hourly head, whole UTC days, hourly tail. */
function splitWindow(w: Window): { days: Window | null; hours: Window[] } {
  const d1 = Math.ceil(w.from.getTime() / dayMs) * dayMs;
  const d2 = Math.floor(w.to.getTime() / dayMs) * dayMs;
  if (d1 >= d2) return { days: null, hours: [w] };
  const hours: Window[] = [];
  if (w.from.getTime() < d1) hours.push({ from: w.from, to: new Date(d1) });
  if (d2 < w.to.getTime()) hours.push({ from: new Date(d2), to: w.to });
  return { days: { from: new Date(d1), to: new Date(d2) }, hours };
}

/**
 * A UNION ALL over the response roll-ups (`prefix` Hour/Day) for the window, selecting `cols`
 * with the dimension filter. `hourlyOnly` when the grouping needs local hours. (The answer roll-ups,
 * daily and keyed by codes: `rollupAnswerSumsSql`.)
 */
function rollupUnion(
  prefix: "RollupResponse",
  cols: string,
  w: Window,
  organizationId: string,
  dims: (p: Params) => string,
  p: Params,
  hourlyOnly: boolean,
  extra = "",
): string {
  const parts: string[] = [];
  const split = hourlyOnly ? { days: null, hours: [w] } : splitWindow(w);
  if (split.days) {
    parts.push(
      `SELECT ${cols} FROM "${prefix}Day" x WHERE ${extra}${dims(p)} AND x."bucket" >= ${p.add(split.days.from, "::timestamptz")} AND x."bucket" < ${p.add(split.days.to, "::timestamptz")}`,
    );
  }
  for (const h of split.hours) {
    parts.push(
      `SELECT ${cols} FROM "${prefix}Hour" x WHERE ${extra}${dims(p)} AND x."bucket" >= ${p.add(h.from, "::timestamptz")} AND x."bucket" < ${p.add(h.to, "::timestamptz")}`,
    );
  }
  // Responses stored but not yet applied to the roll-ups, from the raw rows in hour buckets (few:
  // the applier runs milliseconds after each stored group, up to ~250 ms under load; none when it
  // has caught up).
  // (The organisation inside the pending rows' fence as well: the dimension filter cannot reach in.)
  const org = p.add(organizationId);
  const pending = pendingResponseRows(org);
  parts.push(
    `SELECT ${cols} FROM (${pending}) x WHERE ${extra}${dims(p)} AND x."bucket" >= ${p.add(w.from, "::timestamptz")} AND x."bucket" < ${p.add(w.to, "::timestamptz")}`,
  );
  return parts.join(" UNION ALL ");
}

/** Whether a grouping reads hourly rows only. */
function needsHours(groupBy: GroupBy | null, utcOffset: number): boolean {
  if (!groupBy || groupBy === "source" || groupBy === "metadata") return false;
  if (groupBy === "hourly") return true;
  return utcOffset !== 0;
}

// ---------------------------------------------------------------------------------------------
// Response sums: count, satisfaction, NPS classes (the summary)
// ---------------------------------------------------------------------------------------------

export type ResponseSums = { grp: string; responses: number; satSum: number; satCount: number; promoters: number; passives: number; detractors: number };

export type ResponseQuery = {
  window: Window;
  /** null: one total row (grp ""). "source": per touchpoint. Otherwise a time grouping. */
  groupBy: GroupBy | null;
  /** The whole organisation (no visibility, team, touchpoint or survey filter). */
  organisationWide?: boolean;
  source?: Source;
};

export async function responseSums(prisma: PrismaClient, v: Visibility, f: ResultsFilters, q: ResponseQuery): Promise<ResponseSums[]> {
  const source = q.source ?? (rollupsCanAnswer(f) ? "rollup" : "raw");
  const p = new Params();
  let sql: string;
  if (source === "rollup") {
    const bySource = q.groupBy === "source";
    const grp = q.groupBy === null ? `''` : bySource ? `s."touchpointCode"` : timeGroupSql(q.groupBy, `s."bucket"`, f.utcOffset)!;
    const union = rollupUnion(
      "RollupResponse",
      `x."bucket", x."touchpointCode", x."responses", x."satSum", x."satCount", x."promoters", x."passives", x."detractors"`,
      q.window,
      v.organizationId,
      (pp) => rollupDims(v, f, pp, { organisationWide: q.organisationWide }),
      p,
      needsHours(q.groupBy, f.utcOffset),
    );
    const sums = `SELECT ${grp} AS grp, sum(s."responses")::float8 AS responses, sum(s."satSum")::float8 AS "satSum", sum(s."satCount")::float8 AS "satCount",
      sum(s."promoters")::float8 AS promoters, sum(s."passives")::float8 AS passives, sum(s."detractors")::float8 AS detractors
      FROM (${union}) s GROUP BY 1`;
    // By source: summed by touchpoint code, then each code turned back into its touchpoint's id once.
    sql = bySource
      ? `SELECT td."id" AS grp, g.responses, g."satSum", g."satCount", g.promoters, g.passives, g.detractors
          FROM (${sums}) g JOIN "Touchpoint" td ON td."code" = g.grp ORDER BY 1`
      : `${sums} ORDER BY 1`;
  } else {
    const visibility: Visibility = q.organisationWide ? { ...v, unitIds: null } : v;
    const filters: ResultsFilters = q.organisationWide
      ? { ...f, touchpointIds: [], surveyIds: [], unitId: null, restrictByAnswer: [], metaDataMatch: null }
      : f;
    // What the roll-ups cannot serve, the response bit strings may (not forced raw, organisation built).
    const group = q.source === undefined && !q.organisationWide ? await bitsPathOf(prisma, v, f, q.groupBy) : null;
    sql = group
      ? bitsResponseSumsSql(p, v, f, q.window, q.groupBy, group)
      : `${rawResponseSelect(p, visibility, filters, q.window, q.groupBy, false)} ORDER BY 1`;
  }
  return prisma.$queryRawUnsafe<ResponseSums[]>(sql, ...p.values);
}

/**
 * Response sums from the raw rows of the window's responses in the scope, or (`pendingOnly`) of
 * those still pending only (driven by the pending rows).
 */
function rawResponseSelect(p: Params, v: Visibility, f: ResultsFilters, w: Window, groupBy: GroupBy | null, pendingOnly: boolean): string {
  const scope = buildScope(v, { ...f, from: w.from, to: w.to }, { alias: "r", firstParam: p.values.length + 1 });
  scope.params.forEach((x) => p.values.push(x));
  const grp = groupExpression(p, f, groupBy, (time) => timeGroupSql(time, `r."createdAt"`, f.utcOffset)!);
  const from = pendingOnly
    ? `(SELECT "responseId" FROM "RollupPending" OFFSET 0) pp CROSS JOIN LATERAL (SELECT r.* FROM "Response" r WHERE r."id" = pp."responseId" AND ${scope.sql} OFFSET 0) r`
    : `"Response" r`;
  return `SELECT ${groupNamed(groupBy, "g.grp")} AS grp, g.responses, g."satSum", g."satCount", g.promoters, g.passives, g.detractors FROM (
      SELECT ${grp} AS grp, count(*)::float8 AS responses, coalesce(sum(a.sat_sum), 0)::float8 AS "satSum", coalesce(sum(a.sat_count), 0)::float8 AS "satCount",
      coalesce(sum(a.p), 0)::float8 AS promoters, coalesce(sum(a.pa), 0)::float8 AS passives, coalesce(sum(a.d), 0)::float8 AS detractors
      FROM ${from}
      CROSS JOIN LATERAL ${responseFiguresOf(`r."id"`)} a
      ${pendingOnly ? "" : `WHERE ${scope.sql}`} GROUP BY 1) g`;
}

/**
 * The grouping the organisation's response bit strings serve a read under `f` with, else null (not
 * built, a metadata key with too many values, an hour-of-day or local-day grouping).
 */
async function bitsPathOf(prisma: PrismaClient, v: Pick<Visibility, "organizationId">, f: ResultsFilters, groupBy: GroupBy | null): Promise<BitsGroup | null> {
  const group = bitsGroupOf(f, groupBy);
  if (!group) return null;
  return (await bitsReady(prisma, v.organizationId, metadataKeysOf(f, group))) ? group : null;
}

/**
 * Response sums served by the bit strings: the whole UTC days of the window from them, the
 * responses of those days still pending and the hours at either end from the raw rows, in one
 * statement (one snapshot: a response the applier adds meanwhile is counted once).
 */
function bitsResponseSumsSql(p: Params, v: Visibility, f: ResultsFilters, w: Window, groupBy: GroupBy | null, group: BitsGroup): string {
  const split = splitWindow(w);
  const parts: string[] = [];
  let with_ = "";
  if (split.days) {
    const b = bitsResponseSql(p, v, f, split.days, group);
    with_ = `WITH ${b.ctes} `;
    parts.push(b.select, rawResponseSelect(p, v, f, split.days, groupBy, true));
  }
  for (const h of split.hours) parts.push(rawResponseSelect(p, v, f, h, groupBy, false));
  return `${with_}SELECT s.grp, sum(s.responses)::float8 AS responses, sum(s."satSum")::float8 AS "satSum", sum(s."satCount")::float8 AS "satCount",
      sum(s.promoters)::float8 AS promoters, sum(s.passives)::float8 AS passives, sum(s.detractors)::float8 AS detractors
    FROM (${parts.join(" UNION ALL ")}) s GROUP BY 1 HAVING sum(s.responses) > 0 ORDER BY 1`;
}

/** The same for answer sums (`bitsAnswerSql`, `rawAnswerSelect`). */
function bitsAnswerSumsSql(p: Params, v: Visibility, f: ResultsFilters, q: AnswerQuery, group: BitsGroup): string {
  const split = splitWindow(q.window);
  return answerSumsWithBitsSql(p, v, f, q, split, split.days ? bitsAnswerSql(p, v, f, q.questionIds, split.days, group) : null);
}

/**
 * Answer sums from `bits` (a bits read of the whole UTC days: CTEs, then a SELECT of AnswerSums
 * rows) with the raw rows of the responses still pending and of the hours at either end.
 */
function answerSumsWithBitsSql(
  p: Params,
  v: Visibility,
  f: ResultsFilters,
  q: AnswerQuery,
  split: { days: Window | null; hours: Window[] },
  bits: { ctes: string; select: string } | null,
): string {
  const parts: string[] = [];
  if (split.days && bits) parts.push(bits.select, rawAnswerSelect(p, v, f, q.questionIds, split.days, q.groupBy, true));
  for (const h of split.hours) parts.push(rawAnswerSelect(p, v, f, q.questionIds, h, q.groupBy, false));
  return `${bits ? `WITH ${bits.ctes} ` : ""}SELECT s.qid, s.grp, s."value", sum(s."count")::float8 AS count, sum(s."sum")::float8 AS sum
    FROM (${parts.join(" UNION ALL ")}) s GROUP BY 1, 2, 3 HAVING sum(s."count") > 0 ORDER BY 1, 2, 3`;
}

/**
 * Response counts per `grp` (an expression over "Response" r: '' for a total, r."surveyId" per
 * survey) served by the bit strings, with the pending part and the hours at either end raw.
 */
function bitsCountBySql(p: Params, v: Visibility, f: ResultsFilters, w: Window, grp: string, group: BitsGroup): string {
  const split = splitWindow(w);
  const parts: string[] = [];
  let with_ = "";
  const raw = (win: Window, pendingOnly: boolean) => {
    const scope = buildScope(v, { ...f, from: win.from, to: win.to }, { alias: "r", firstParam: p.values.length + 1 });
    scope.params.forEach((x) => p.values.push(x));
    return pendingOnly
      ? `SELECT ${grp} AS grp, count(*)::float8 AS n FROM (SELECT "responseId" FROM "RollupPending" OFFSET 0) pp
          CROSS JOIN LATERAL (SELECT r.* FROM "Response" r WHERE r."id" = pp."responseId" AND ${scope.sql} OFFSET 0) r GROUP BY 1`
      : `SELECT ${grp} AS grp, count(*)::float8 AS n FROM "Response" r WHERE ${scope.sql} GROUP BY 1`;
  };
  if (split.days) {
    const b = bitsCountSql(p, v, f, split.days, group);
    with_ = `WITH ${b.ctes} `;
    parts.push(b.select, raw(split.days, true));
  }
  for (const h of split.hours) parts.push(raw(h, false));
  return `${with_}SELECT s.grp, sum(s.n)::float8 AS n FROM (${parts.join(" UNION ALL ")}) s GROUP BY 1 HAVING sum(s.n) > 0 ORDER BY 2 DESC, 1`;
}

// ---------------------------------------------------------------------------------------------
// Answer sums of questions by value: choice id, stored number as text, or "*" (all answers)
// ---------------------------------------------------------------------------------------------

/** One row per question (`qid`), group and value: every question of a request in one query. */
export type AnswerSums = { qid: string; grp: string; value: string; count: number; sum: number };

export type AnswerQuery = {
  /** The questions summed in one query (the results of a whole survey are one round trip per figure, not one per question). */
  questionIds: string[];
  window: Window;
  groupBy: GroupBy | null;
  /** Ignore the touchpoint filter (the organisation's count of the question, FB "organization"). */
  ignoreTouchpoints?: boolean;
  source?: Source;
};

export async function answerSums(prisma: PrismaClient, v: Visibility, f0: ResultsFilters, q: AnswerQuery): Promise<AnswerSums[]> {
  if (q.questionIds.length === 0) return [];
  const f = q.ignoreTouchpoints ? { ...f0, touchpointIds: [] } : f0;
  const path = await answerPathOf(prisma, v, f, q.groupBy, q);
  if (path.kind === "bits" && path.group.kind === "metadata" && q.questionIds.length > 1) return groupedByMetadataSums(prisma, v, f, q, path.group);
  const p = new Params();
  let sql: string;
  if (path.kind === "bits") {
    sql = bitsAnswerSumsSql(p, v, f, q, path.group);
  } else if (path.kind === "rollup") {
    sql = rollupAnswerSumsSql(p, v, f, q);
  } else {
    sql = `${rawAnswerSelect(p, v, f, q.questionIds, q.window, q.groupBy, false)} ORDER BY 1, 2, 3`;
  }
  return prisma.$queryRawUnsafe<AnswerSums[]>(sql, ...p.values);
}

/** The pending part of an answer read, alone, with its parameters (its plan is tested: rollups.test.ts). */
export function pendingAnswerSumsSql(v: Visibility, f: ResultsFilters, questionIds: string[], w: Window): { sql: string; values: unknown[] } {
  const p = new Params();
  return { sql: rawAnswerSelect(p, v, f, questionIds, w, null, true), values: p.values };
}

/**
 * Answer sums served by the daily answer roll-ups (there are no hourly ones: docs/analytics.md
 * "Daily answer roll-ups only"): the whole UTC days of the window from them, summed in codes and the
 * few sums' codes turned back into ids; the responses of those days still pending and the hours at
 * either end from the raw rows; all in one statement (one snapshot).
 *
 * A series by local day, week, month or weekday off UTC (a whole-hour offset: the planner's rule)
 * counts each UTC day's roll-up rows under its own date, then moves the answers of the day's hours
 * that belong to the next local day (the last `offset` hours east of UTC) or to the previous one (the
 * first hours west of it) from the raw rows: each such answer counts -1 under its UTC date and +1
 * under its local one. So `offset` hours a day are read raw, one index range per day whose group
 * changes (every day for a daily or weekday series), not 24.
 * Hour-of-day series are the planner's "raw".
 */
function rollupAnswerSumsSql(p: Params, v: Visibility, f: ResultsFilters, q: AnswerQuery): string {
  const split = splitWindow(q.window);
  const bySource = q.groupBy === "source";
  const timed = q.groupBy !== null && !bySource;
  const shifted = timed && f.utcOffset !== 0;
  // A roll-up row's UTC day as an instant whose local date (in the offset) is that same date.
  const sameDate = (day: string) => (shifted ? `(${day} + interval '${12 * 60 - f.utcOffset} minutes')` : day);
  const parts: string[] = [];
  if (split.days) {
    const inner = q.groupBy === null ? `''` : bySource ? `x."touchpointCode"` : timeGroupSql(q.groupBy, sameDate(`x."bucket"`), f.utcOffset)!;
    parts.push(`SELECT qd."id" AS qid, ${bySource ? `td."id"` : "g.grp"} AS grp, g."value", g.count, g.sum
      FROM (SELECT x."questionCode" AS q, ${inner} AS grp, x."value", sum(x."count")::float8 AS count, sum(x."sum")::float8 AS sum
        FROM "RollupAnswerDay" x
        WHERE x."questionCode" = ${codesOf("question", p.add(q.questionIds, "::text[]"))} AND ${rollupDims(v, f, p)}
          AND x."bucket" >= ${p.add(split.days.from, "::timestamptz")} AND x."bucket" < ${p.add(split.days.to, "::timestamptz")}
        GROUP BY 1, 2, 3) g
      JOIN "Question" qd ON qd."code" = g.q${bySource ? ` JOIN "Touchpoint" td ON td."code" = g.grp` : ""}`);
    parts.push(rawAnswerSelect(p, v, f, q.questionIds, split.days, q.groupBy, true));
    if (shifted) parts.push(movedAcrossLocalDays(p, v, f, q, split.days, sameDate));
  }
  for (const h of split.hours) parts.push(rawAnswerSelect(p, v, f, q.questionIds, h, q.groupBy, false));
  return `SELECT s.qid, s.grp, s."value", sum(s."count")::float8 AS count, sum(s."sum")::float8 AS sum
    FROM (${parts.join(" UNION ALL ")}) s GROUP BY 1, 2, 3 HAVING sum(s."count") > 0 ORDER BY 1, 2, 3`;
}

/**
 * The answers of the whole UTC `days` whose local date (at a whole-hour offset) is not their UTC date,
 * of responses already applied to the roll-ups (a pending one is in no roll-up row: the pending part
 * counts it under its local date): -1 under their UTC date (`sameDate` of their day), +1 under their
 * local date, which is the next day's east of UTC and the previous day's west of it. Only the days
 * whose group changes there are read: every day for a daily or weekday series, the last (east) or
 * first (west) day of each ISO week or month for the others. One range of the index by question and hour (answers/answer-hours.ts)
 * per such day; the answers are summed per day, question and stored value before they are spread over
 * their values and two groups, as the raw path does (`rawAnswerSelect`).
 */
function movedAcrossLocalDays(p: Params, v: Visibility, f: ResultsFilters, q: AnswerQuery, days: Window, sameDate: (day: string) => string): string {
  const scope = buildScope(v, { ...f, from: days.from, to: days.to }, { alias: "r", firstParam: p.values.length + 1 });
  scope.params.forEach((x) => p.values.push(x));
  // Intervals in hours, not days: the same length in every session time zone.
  const east = f.utcOffset > 0;
  const edgeFrom = east ? `d."day" + interval '${24 * 60 - f.utcOffset} minutes'` : `d."day"`;
  const edgeTo = east ? `d."day" + interval '24 hours'` : `d."day" + interval '${-f.utcOffset} minutes'`;
  // UTC midnights plus a whole-hour offset (the planner's rule for this path): whole hours, so the
  // hours alone name the edge exactly (answerTimeWithin).
  const neighbour = (day: string) => `(${day} ${east ? "+" : "-"} interval '24 hours')`;
  const grp = (ts: string) => timeGroupSql(q.groupBy!, ts, f.utcOffset)!;
  const edgeAnswers = questionAnswers("a", "r", { questions: { any: p.add(q.questionIds, "::text[]") } });
  return `SELECT g.qid, m.grp, v.value, sum(m.sign * g.n)::float8 AS count, coalesce(sum(m.sign * g.s), 0)::float8 AS sum
      FROM (
        SELECT d."day", a."questionId" AS qid, a."numericValue", a."choiceIds", count(*) AS n, sum(a."numericValue") AS s
        FROM (SELECT x."day" FROM generate_series(${p.add(days.from, "::timestamptz")}, ${p.add(days.to, "::timestamptz")} - interval '24 hours', interval '24 hours') x("day")
              WHERE ${grp(sameDate(`x."day"`))} IS DISTINCT FROM ${grp(sameDate(neighbour(`x."day"`)))}) d
        CROSS JOIN LATERAL (
          ${bothBranches(
            edgeAnswers,
            (b) => `SELECT a."questionId", a."numericValue", a."choiceIds" FROM ${b.from}
          WHERE ${b.where} AND ${b.within(edgeFrom, edgeTo, true)} AND ${scope.sql}
            AND NOT EXISTS (SELECT 1 FROM "RollupPending" pp WHERE pp."responseId" = r."id")`,
          )}
          OFFSET 0) a
        GROUP BY 1, 2, 3, 4
      ) g
      CROSS JOIN LATERAL (VALUES (-1, ${grp(sameDate(`g."day"`))}), (1, ${grp(sameDate(neighbour(`g."day"`)))})) m(sign, grp)
      CROSS JOIN LATERAL ${answerValuesOf("g")}
      GROUP BY 1, 2, 3`;
}

/**
 * Answer sums grouped by a metadata key's values from the bit strings. In SQL such a read ANDs every
 * group's match with every answer string of every block (26 groups × 135 answer strings × 100
 * blocks for the table of 4 surveys over 30 days at 10 M), about 1 µs a pair, on one core per
 * statement. So the strings are counted in the server where it has the pool's connections
 * (`countedInServer`); otherwise (a transaction's client, the embedded database) in SQL, the
 * questions in two halves side by side (`inHalves`).
 */
async function groupedByMetadataSums(prisma: PrismaClient, v: Visibility, f: ResultsFilters, q: AnswerQuery, group: BitsGroup): Promise<AnswerSums[]> {
  return (await countedInServer(prisma, v, f, q, group)) ?? inHalves(prisma, v, f, q, group);
}

/**
 * The keys' bits per group counted in the server (bits-count.ts) from the strings read as bytes,
 * then the rows summed as the SQL path sums them, with the raw rows of the responses still pending
 * and of the hours at either end. Both statements in one snapshot (repeatable read) on one of the
 * pool's connections: a response applied between them is counted once. Null when it cannot serve:
 * no pool under the client (a transaction's, the embedded database's), no whole UTC day in the
 * window, or a response in two groups; the caller then counts in SQL.
 */
export async function countedInServer(prisma: PrismaClient, v: Visibility, f: ResultsFilters, q: AnswerQuery, group: BitsGroup): Promise<AnswerSums[] | null> {
  const pool = poolOf(prisma);
  const split = splitWindow(q.window);
  if (!pool || !split.days) return null;
  const days = split.days;
  const client = await pool.connect();
  // While it is checked out, the pool does not listen for the connection's errors: a connection lost
  // meanwhile (a restart, a terminated backend) would be an unhandled error event, and end the process.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on("error", onError);
  let release: Error | undefined;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const p = new Params();
    const strings = await client.query<StringRow>(bitsAnswerStringsSql(p, v, f, q.questionIds, days, group), p.values);
    const counted = await countKeysByGroup(strings.rows, bitsBlock);
    let rows: AnswerSums[] | null = null;
    if (counted) {
      const p2 = new Params();
      const sql = answerSumsWithBitsSql(p2, v, f, q, split, bitsAnswerCountedSql(p2, counted));
      rows = (await client.query<AnswerSums>({ text: sql, values: p2.values })).rows;
    }
    await client.query("COMMIT");
    return rows;
  } catch (error) {
    // A statement's error (a timeout, a failed check) leaves the connection usable once rolled back;
    // one that cannot roll back (lost) is closed rather than returned to the pool.
    release =
      lost ??
      (await client.query("ROLLBACK").then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
      ));
    throw error;
  } finally {
    client.off("error", onError);
    client.release(release ?? lost);
  }
}

/**
 * The SQL path of `groupedByMetadataSums`: the questions in two halves read side by side. Halves keep
 * each question in one statement (its figures from one snapshot, as the results' series and earlier
 * period already are apart), and their rows are merged in the single statement's order (question
 * ids are hexadecimal: the same order in JavaScript as in the database's collation).
 */
async function inHalves(prisma: PrismaClient, v: Visibility, f: ResultsFilters, q: AnswerQuery, group: BitsGroup): Promise<AnswerSums[]> {
  const halves = [q.questionIds.filter((_, i) => i % 2 === 0), q.questionIds.filter((_, i) => i % 2 === 1)];
  const [a = [], b = []] = await Promise.all(
    halves.map((questionIds) => {
      const p = new Params();
      return prisma.$queryRawUnsafe<AnswerSums[]>(bitsAnswerSumsSql(p, v, f, { ...q, questionIds }, group), ...p.values);
    }),
  );
  const out: AnswerSums[] = [];
  let i = 0;
  let j = 0;
  // Each question's rows are together in one half: take the next question from the half whose is first.
  while (i < a.length || j < b.length) {
    const fromA = j >= b.length || (i < a.length && a[i]!.qid <= b[j]!.qid);
    const [rows, at] = fromA ? [a, i] : [b, j];
    let k = at;
    while (k < rows.length && rows[k]!.qid === rows[at]!.qid) out.push(rows[k++]!);
    if (fromA) i = k;
    else j = k;
  }
  return out;
}

/**
 * The path of a read (planner.ts): a forced "raw" source reads the raw rows, otherwise the planner
 * decides, and what it leaves raw goes to the response bit strings when they can serve it. Given the
 * read's questions and window and no source, a daily or weekday series off UTC goes to the raw rows
 * when the hours it would move hold more than `movedShareForRaw` of the responses.
 */
export async function answerPathOf(
  prisma: PrismaClient,
  v: Pick<Visibility, "organizationId">,
  f: ResultsFilters,
  groupBy: GroupBy | null,
  q: { source?: Source; questionIds?: string[]; window?: Window } = {},
): Promise<AnswerPath> {
  if (q.source === "raw") return { kind: "raw", reason: "raw asked for" };
  const path = planAnswerPath(f, groupBy);
  if (path.kind === "rollup" && q.source === undefined && q.questionIds && q.window && movesEveryDay(groupBy, f.utcOffset)) {
    const share = await movedShareOf(prisma, v, f, { questionIds: q.questionIds, window: q.window });
    if (share > movedShareForRaw) return { kind: "raw", reason: `${Math.round(share * 100)} % of the responses fall in the hours moved to another local day` };
  }
  if (path.kind !== "raw") return path;
  const group = await bitsPathOf(prisma, v, f, groupBy);
  return group ? { kind: "bits", group } : path;
}

/** A series whose every day has hours read raw on the roll-up path off UTC (`movedAcrossLocalDays`). */
function movesEveryDay(groupBy: GroupBy | null, utcOffset: number): boolean {
  return utcOffset !== 0 && (groupBy === "daily" || groupBy === "weekday");
}

/**
 * Past this share of a window's responses in the hours that a daily or weekday series off UTC moves
 * to another local day, the raw rows answer sooner than the roll-up path. The moved answers are read
 * by one index range a day, about four times dearer per answer than the raw path's scan: at 1 M the
 * 365-day daily series took 41 ms with the moved hours empty, 1,128 ms with half of the answers in
 * them, and 587 ms from the raw rows, so the two cross near a quarter (docs/analytics.md "Weighing the
 * moved hours").
 */
export const movedShareForRaw = 0.25;

/** Days of the window sampled by `movedShareOf`. */
const movedShareSampleDays = 7;

/**
 * The share of the responses of the surveys of `questionIds` that fall in the UTC hours a daily series
 * at `f.utcOffset` moves to another local day (the last hours of each UTC day east of UTC, the first
 * ones west of it), estimated from the hourly response roll-ups of up to seven whole UTC days spread
 * over the window. An estimate to choose a path, not a figure shown: both paths give the same answer.
 * 0 when the window holds no whole UTC day (the roll-up path then reads no moved hours) or the sample
 * holds no responses.
 */
export async function movedShareOf(
  prisma: PrismaClient,
  v: Pick<Visibility, "organizationId">,
  f: ResultsFilters,
  q: { questionIds: string[]; window: Window },
): Promise<number> {
  const days = splitWindow(q.window).days;
  if (!days || f.utcOffset === 0) return 0;
  const n = Math.round((days.to.getTime() - days.from.getTime()) / dayMs);
  const k = Math.min(n, movedShareSampleDays);
  const sample = Array.from({ length: k }, (_, i) => new Date(days.from.getTime() + Math.floor(((i + 0.5) * n) / k) * dayMs));
  const hours = f.utcOffset / 60;
  const [lo, hi] = hours > 0 ? [24 - hours, 24] : [0, -hours];
  const [row] = await prisma.$queryRawUnsafe<{ moved: number; total: number }[]>(
    `SELECT coalesce(sum(x."responses") FILTER (WHERE x.h >= $4 AND x.h < $5), 0)::float8 AS moved, coalesce(sum(x."responses"), 0)::float8 AS total
     FROM unnest($2::timestamptz[]) d("day")
     CROSS JOIN LATERAL (
       SELECT h."responses", extract(hour FROM h."bucket" AT TIME ZONE 'UTC') AS h FROM "RollupResponseHour" h
       WHERE h."organizationCode" = ${codeOf("organization", "$1")} AND h."bucket" >= d."day" AND h."bucket" < d."day" + interval '24 hours'
         AND h."surveyCode" = ANY(ARRAY(SELECT sc."code" FROM "Question" qq JOIN "Survey" sc ON sc."id" = qq."surveyId" WHERE qq."id" = ANY($3::text[])))
     ) x`,
    v.organizationId,
    sample,
    q.questionIds,
    lo,
    hi,
  );
  return row && row.total > 0 ? row.moved / row.total : 0;
}

/** The group `grp` as the results name it: a touchpoint's id for its code (groupBy "source"). */
const groupNamed = (groupBy: GroupBy | null, grp: string) => (groupBy === "source" ? idOf("touchpoint", grp) : grp);

/**
 * A raw read's group expression over the response `r`: none, its touchpoint's code, its value of the
 * grouping metadata key, or the time grouping `timed` writes (over the answer `a`). A touchpoint's
 * code is turned into its id once per group (`groupNamed`), not once per row.
 */
function groupExpression(p: Params, f: ResultsFilters, groupBy: GroupBy | null, timed: (time: Exclude<GroupBy, "source" | "metadata">) => string): string {
  if (groupBy === null) return `''`;
  if (groupBy === "source") return `r."touchpointCode"`;
  if (groupBy === "metadata") return `coalesce(r."metadata" ->> ${p.add(f.groupByMetaKey)}, '')`;
  return timed(groupBy);
}

/**
 * Answer sums from the raw rows: every answer of the window's responses in the scope (restriction
 * and metadata included), or (`pendingOnly`) only those of the responses still pending, driven by
 * the pending rows (primary-key and Answer(responseId) lookups).
 */
function rawAnswerSelect(p: Params, v: Visibility, f: ResultsFilters, questionIds: string[], w: Window, groupBy: GroupBy | null, pendingOnly: boolean): string {
  const scope = buildScope(v, { ...f, from: w.from, to: w.to }, { alias: "r", firstParam: p.values.length + 1 });
  scope.params.forEach((x) => p.values.push(x));
  if (pendingOnly) {
    const grp = groupExpression(p, f, groupBy, (time) => timeGroupSql(time, `a."createdAt"`, f.utcOffset)!);
    const qParam = p.add(questionIds, "::text[]");
    return `SELECT a."questionId" AS qid, ${groupNamed(groupBy, grp)} AS grp, v.value, count(*)::float8 AS count, coalesce(sum(a."numericValue"), 0)::float8 AS sum
      FROM (SELECT "responseId" FROM "RollupPending" OFFSET 0) pp
      CROSS JOIN LATERAL (SELECT r."id", r."touchpointCode", r."metadata" FROM "Response" r WHERE r."id" = pp."responseId" AND ${scope.sql} OFFSET 0) r
      CROSS JOIN LATERAL ${answersOfResponse('r."id"', { questions: { any: qParam } })} a
      CROSS JOIN LATERAL ${answerValuesOf("a")}
      GROUP BY 1, 2, 3`;
  }
  // Two steps: the answers are first summed per question, group and stored value (number and
  // choice ids: a few distinct values per question), and only those sums are spread over the
  // values they count under (`answerValuesOf`) and their groups named. Spreading and naming each
  // of a year's answers cost a third of the query (docs/analytics.md "Storage and the raw path").
  // A time grouping is summed per local hour (hourly) or local day (the others are functions of
  // the local day), then named by timeGroupSql from that bucket turned back into its UTC instant.
  const timed = groupBy !== null && groupBy !== "source" && groupBy !== "metadata";
  const offset = `interval '${f.utcOffset} minutes'`;
  const inner = groupExpression(p, f, groupBy, (time) => `date_trunc('${time === "hourly" ? "hour" : "day"}', (a."createdAt") AT TIME ZONE 'UTC' + ${offset})`);
  const outer = timed ? timeGroupSql(groupBy!, `(g.grp - ${offset}) AT TIME ZONE 'UTC'`, f.utcOffset)! : groupNamed(groupBy, "g.grp");
  const qAll = p.add(questionIds, "::text[]");
  const from = p.add(w.from, "::timestamptz");
  const to = p.add(w.to, "::timestamptz");
  const windowAnswers = questionAnswers("a", "r", { questions: { any: qAll }, window: { from: w.from, to: w.to, fromSql: from, toSql: to } });
  return `SELECT g.qid, ${outer} AS grp, v.value, sum(g.n)::float8 AS count, coalesce(sum(g.s), 0)::float8 AS sum
      FROM (
        ${bothBranches(
          windowAnswers,
          (b) => `SELECT a."questionId" AS qid, ${inner} AS grp, a."numericValue", a."choiceIds", count(*) AS n, sum(a."numericValue") AS s
        FROM ${b.from}
        WHERE ${b.where} AND ${scope.sql}
        GROUP BY 1, 2, 3, 4`,
        )}
      ) g
      CROSS JOIN LATERAL ${answerValuesOf("g")}
      GROUP BY 1, 2, 3`;
}

// ---------------------------------------------------------------------------------------------
// The surveys with responses in the scope (the results' questions when no survey is chosen)
// ---------------------------------------------------------------------------------------------

/**
 * The surveys with responses in the scope, most answered first (at most 100): from the roll-ups
 * (with the pending part) when they can answer, else `surveysWithResponses` over the raw rows. The
 * raw count scans every response of the window (about 100 ms for 30 days at 1 M responses, ten
 * times that at 10 M), on every unfiltered results and table view.
 */
export async function surveysInScope(prisma: PrismaClient, v: Visibility, f: ResultsFilters, source?: Source): Promise<string[]> {
  if ((source ?? (rollupsCanAnswer(f) ? "rollup" : "raw")) === "raw") {
    const group = source === undefined ? await bitsPathOf(prisma, v, f, null) : null;
    if (!group) return surveysWithResponses(prisma, v, f);
    const p = new Params();
    const sql = bitsCountBySql(p, v, f, { from: f.from, to: f.to }, `r."surveyId"`, { kind: "field", field: "s" });
    const rows = await prisma.$queryRawUnsafe<{ grp: string }[]>(`${sql} LIMIT 100`, ...p.values);
    return rows.map((r) => r.grp);
  }
  const p = new Params();
  const union = rollupUnion(
    "RollupResponse",
    `x."surveyCode", x."responses"`,
    { from: f.from, to: f.to },
    v.organizationId,
    (pp) => rollupDims(v, f, pp),
    p,
    false,
  );
  // Summed by survey code, then the codes turned back into ids; ties in count go by id, as before.
  const rows = await prisma.$queryRawUnsafe<{ surveyId: string }[]>(
    `SELECT sd."id" AS "surveyId", g.n FROM (SELECT s."surveyCode" AS code, sum(s."responses") AS n FROM (${union}) s GROUP BY 1 HAVING sum(s."responses") > 0) g
      JOIN "Survey" sd ON sd."code" = g.code ORDER BY g.n DESC, 1 LIMIT 100`,
    ...p.values,
  );
  return rows.map((r) => r.surveyId);
}

/**
 * The feedback list's total from the roll-ups when they can serve the filters, else null (the caller
 * counts the raw rows): with no response-level filter and a whole-hour offset, the response roll-ups
 * (with their pending part: `responseSums`); under restrictions, metadata or a half-hour offset, the
 * response bit strings when built (`bitsCountBySql`). Hidden responses the caller also sees (`hiddenAlsoInUnits`) are
 * counted from the raw rows (a partial index holds them). At 10 M responses the raw count of a
 * 30-day window read ~800,000 index entries on every list page (docs/analytics.md "Measured at 10 M").
 */
export async function servedResponseCount(
  prisma: PrismaClient,
  v: Visibility,
  filters: ResultsFilters,
  hiddenAlsoInUnits: readonly string[] = [],
): Promise<number | null> {
  // A total has no groups: the results' grouping (by metadata among others) does not change it.
  const f: ResultsFilters = { ...filters, groupBy: "daily" };
  const hiddenCount = () => (hiddenAlsoInUnits.length ? hiddenResponseCount(prisma, v, f, hiddenAlsoInUnits) : 0);
  if (rollupsCanAnswer(f)) {
    const [rows, hidden] = await Promise.all([responseSums(prisma, v, f, { window: { from: f.from, to: f.to }, groupBy: null }), hiddenCount()]);
    return rows.reduce((n, r) => n + Number(r.responses), 0) + hidden;
  }
  // Restrictions by answer, metadata, a half-hour offset: the response bit strings when built.
  const group = await bitsPathOf(prisma, v, f, null);
  if (!group) return null;
  const p = new Params();
  const sql = bitsCountBySql(p, v, f, { from: f.from, to: f.to }, `''`, group);
  const [rows, hidden] = await Promise.all([prisma.$queryRawUnsafe<{ n: number }[]>(sql, ...p.values), hiddenCount()]);
  return rows.reduce((n, r) => n + Number(r.n), 0) + hidden;
}

async function hiddenResponseCount(prisma: PrismaClient, v: Visibility, f: ResultsFilters, units: readonly string[]): Promise<number> {
  const scope = buildScope(v, f, { alias: "r", hiddenAlsoInUnits: [...units] });
  const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM "Response" r WHERE ${scope.sql} AND r."hidden" = true`,
    ...scope.params,
  );
  return Number(row?.n ?? 0);
}

/**
 * The raw rows' scope over a window, its parameters added to `p` (the parts of a statement that read
 * the pending responses, the hidden ones the caller manages and the hours at either end).
 */
function rawScopeIn(p: Params, v: Visibility, f: ResultsFilters, hiddenAlsoInUnits: readonly string[]): (w: Window) => string {
  return (w) => {
    const scope = buildScope(v, { ...f, from: w.from, to: w.to }, { alias: "r", hiddenAlsoInUnits: [...hiddenAlsoInUnits], firstParam: p.values.length + 1 });
    scope.params.forEach((x) => p.values.push(x));
    return scope.sql;
  };
}

/**
 * The parts of a read the bit strings do not hold, over a window split into whole UTC days and the
 * hours at either end: of those days, the responses still pending and the hidden ones the caller
 * manages (`hiddenAlsoInUnits`: they have no bits; one still pending is in the first part only); the
 * hours whole. Each part selects `cols` of "Response" r; `raw` is rawScopeIn's.
 */
function rowsWithoutBits(raw: (w: Window) => string, split: ReturnType<typeof splitWindow>, hiddenAlsoInUnits: readonly string[], cols: string): string[] {
  const parts: string[] = [];
  if (split.days) {
    parts.push(`SELECT ${cols} FROM (SELECT "responseId" FROM "RollupPending" OFFSET 0) pp
      CROSS JOIN LATERAL (SELECT ${cols} FROM "Response" r WHERE r."id" = pp."responseId" AND ${raw(split.days)} OFFSET 0) r`);
    if (hiddenAlsoInUnits.length)
      parts.push(`SELECT ${cols} FROM "Response" r WHERE ${raw(split.days)} AND r."hidden" = true
        AND NOT EXISTS (SELECT 1 FROM "RollupPending" pp WHERE pp."responseId" = r."id")`);
  }
  for (const h of split.hours) parts.push(`SELECT ${cols} FROM "Response" r WHERE ${raw(h)}`);
  return parts;
}

/** The metadata keys of `rows` (a SELECT with a column metadata), each with its number of rows (key, n). */
const rawKeyCountsSql = (rows: string) => `SELECT k.key, count(*)::float8 AS n FROM (${rows}) r
    CROSS JOIN LATERAL jsonb_object_keys(${metadataObjectSql("r.metadata")}) k(key) GROUP BY 1`;

/** A sample of at most this many matching responses is always looked up by id (listSampleIds). */
const sparseSampleFloor = 1000;
/**
 * Above the floor, matches are looked up by id only when at most this share of the days' responses
 * match. The raw sample tests the filter on every response it passes (~7 µs each at 1 M), the lookup
 * by id costs ~35 µs per match: by id is cheaper below about a fifth.
 */
const sparseSampleShare = 0.2;

/**
 * The ids of the newest `n` responses in the scope under response-level filters (the feedback list's
 * meta_ column sample), else null (no such filter, or the bit strings cannot serve it: the caller
 * samples the raw rows). The matching responses of the whole UTC days from `since` (the day the
 * sample can reach: pageSinceOf; else the window's start) come from the bit strings, by their
 * ordinals; those still pending, the hours at either end and the hidden responses the caller
 * manages (`hiddenAlsoInUnits`, which have no bits) from the raw rows. Sampling the raw rows tested
 * the restriction on every response of the window (0.3–0.9 s at 1 M: docs/analytics.md). Null too
 * when the matches are dense (`sparseSampleShare`): the raw rows' sample is the cheaper one then.
 */
export async function listSampleIds(
  prisma: PrismaClient,
  v: Visibility,
  f: ResultsFilters,
  hiddenAlsoInUnits: readonly string[],
  n: number,
  since: Date | null,
  sparse: { floor: number; share: number } = { floor: sparseSampleFloor, share: sparseSampleShare },
): Promise<string[] | null> {
  if (!needsRawRows(f) || n <= 0 || !(await bitsPathOf(prisma, v, f, null))) return null;
  const split = splitWindow({ from: since && since > f.from ? since : f.from, to: f.to });
  // One snapshot for the bit strings and the raw rows: a response the applier adds between two
  // statements would be in neither part, or in both.
  return prisma.$transaction(
    async (tx) => {
      const ordinals: number[] = [];
      if (split.days) {
        const p = new Params();
        const b = bitsMatchSql(p, v, f, split.days);
        const blocks = await tx.$queryRawUnsafe<{ block: number; bytes: Uint8Array }[]>(`WITH ${b.ctes} ${b.select}`, ...p.values);
        for (const r of blocks) ordinalsOf(Number(r.block), r.bytes, ordinals, bitsBlock);
        // Dense matches: the raw rows' sample is cheap (it reaches its n soon, through the creation-time
        // index), and looking up this many responses by id is not (random pages: ~0.8 s for 22,000 at 1 M).
        if (ordinals.length > Math.max(4 * n, sparse.floor)) return null;
        if (ordinals.length > sparse.floor) {
          const [days] = await tx.$queryRawUnsafe<{ n: number }[]>(
            `SELECT coalesce(sum(bit_count(x.bits)), 0)::int AS n FROM "ResponseBits" x WHERE x."organizationId" = $1 AND x.field = 'd' AND x.value = ANY($2::text[])`,
            v.organizationId,
            daysOf(split.days),
          );
          if (ordinals.length > sparse.share * Number(days?.n ?? 0)) return null;
        }
      }
      const p = new Params();
      const raw = rawScopeIn(p, v, f, hiddenAlsoInUnits);
      const parts: string[] = [];
      // The bits hold no hidden or over-limit response; the checks keep a change not yet recomputed out.
      if (ordinals.length)
        parts.push(`SELECT r."id", r."createdAt" FROM "Response" r
          WHERE r."organizationId" = ${p.add(v.organizationId)} AND ${ordinalsAmong("r", p.add(ordinals, "::int[]"))} AND r."hidden" = false AND r."overLimit" = false`);
      parts.push(...rowsWithoutBits(raw, split, hiddenAlsoInUnits, `r."id", r."createdAt"`));
      // The parts are disjoint (pending responses have no bits yet); UNION keeps a response once should
      // one be in two. Ties in time go by id (the raw rows' sample leaves them to the index order:
      // breaking them there cost a sort of the window, 0.2 s).
      const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
        `SELECT s."id" FROM (${parts.join(" UNION ")}) s ORDER BY s."createdAt" DESC, s."id" DESC LIMIT ${p.add(n, "::int")}`,
        ...p.values,
      );
      return rows.map((r) => r.id);
    },
    { isolationLevel: "RepeatableRead", timeout: 60_000, maxWait: 30_000 },
  );
}

/**
 * The feedback list's meta_ columns: the metadata keys of every response in the scope and filters
 * (JSON null values too), most frequent first, at most `max`, else null (the bit strings cannot serve
 * the filters, are not built or have no "k" strings yet, or a block of the window holds a key too
 * long or too many keys for them: the caller samples the raw rows). The whole UTC days of the window come from the bit strings ("k" strings
 * AND-ed with the match); the responses of those days still pending, the hidden responses the caller
 * manages (`hiddenAlsoInUnits`, which have no bits) and the hours at either end from the raw rows, in
 * one statement (one snapshot). The raw rows' sample it replaces tested the filters on every response
 * until it had 20,000 matches: 0.2–0.5 s at 10 M under dense restrictions (docs/analytics.md).
 */
export async function listMetaKeys(
  prisma: PrismaClient,
  v: Visibility,
  f: ResultsFilters,
  hiddenAlsoInUnits: readonly string[],
  max: number,
): Promise<string[] | null> {
  return (await listMetaKeyCounts(prisma, v, f, hiddenAlsoInUnits, max))?.map((k) => k.key) ?? null;
}

/** listMetaKeys with the number of matching responses that have each key. */
export async function listMetaKeyCounts(
  prisma: PrismaClient,
  v: Visibility,
  f: ResultsFilters,
  hiddenAlsoInUnits: readonly string[],
  max: number,
): Promise<{ key: string; n: number }[] | null> {
  if (!(await bitsPathOf(prisma, v, f, null))) return null;
  const split = splitWindow({ from: f.from, to: f.to });
  const p = new Params();
  let with_ = "";
  let unkept = "false";
  const parts: string[] = [];
  if (split.days) {
    const b = bitsMetaKeysSql(p, v, f, split.days);
    with_ = `WITH ${b.ctes} `;
    unkept = b.unkept;
    parts.push(b.select);
  }
  parts.push(rawKeyCountsSql(rowsWithoutBits(rawScopeIn(p, v, f, hiddenAlsoInUnits), split, hiddenAlsoInUnits, "r.metadata").join(" UNION ALL ")));
  // One row: whether the bit strings' keys are not to be used (not all written yet, or a block of the
  // window has keys not kept: then the raw rows' sample serves), and the keys, in order (the same
  // collation as the raw rows' ORDER BY).
  const [row] = await prisma.$queryRawUnsafe<{ unkept: boolean; keys: { key: string; n: number }[] }[]>(
    `${with_}SELECT ${unkept} AS unkept, coalesce((SELECT json_agg(json_build_object('key', t.key, 'n', t.n) ORDER BY t.n DESC, t.key) FROM (
       SELECT s.key, sum(s.n)::int AS n FROM (${parts.join(" UNION ALL ")}) s GROUP BY 1 HAVING sum(s.n) > 0 ORDER BY 2 DESC, 1 LIMIT ${p.add(max, "::int")}
     ) t), '[]'::json) AS keys`,
    ...p.values,
  );
  if (!row || row.unkept) return null;
  return row.keys.map((k) => ({ key: k.key, n: Number(k.n) }));
}

/** What the feedback list reads of its scope in one statement (listOverview). */
export type ListOverview = {
  /** The matching responses, hidden ones the caller manages included (the list's total). */
  total: number;
  /** The surveys with matching responses, most first. */
  surveyIds: string[];
  /** The meta_ columns' keys (listMetaKeys), or null: the bit strings do not keep them all (the caller samples). */
  metaKeys: string[] | null;
  /** The matching responses per whole UTC day of the window, from the bit strings only, newest first (pageSinceOf). */
  days: { day: string; n: number }[];
};

/**
 * The feedback list's total, surveys and meta_ columns under response-level filters, and the
 * matching responses per UTC day its pages are bounded by (pageSinceOf), in one statement from one
 * match of the filters over the bit strings, else null (no such filter, or the bit strings cannot
 * serve it). The responses still pending, the hidden ones the caller manages (`hiddenAlsoInUnits`,
 * which have no bits) and the hours at either end come from the raw rows, as servedResponseCount and
 * listMetaKeys read them (docs/analytics.md "The feedback list in one match of the filters").
 */
export async function listOverview(
  prisma: PrismaClient,
  v: Visibility,
  f: ResultsFilters,
  hiddenAlsoInUnits: readonly string[],
  maxKeys: number,
): Promise<ListOverview | null> {
  if (!needsRawRows(f) || !(await bitsPathOf(prisma, v, f, null))) return null;
  const split = splitWindow({ from: f.from, to: f.to });
  const p = new Params();
  let with_ = "";
  let unkept = "false";
  let bits = { surveys: "", days: "", keys: "" };
  if (split.days) {
    const b = bitsListSql(p, v, f, split.days);
    with_ = `${b.ctes}, `;
    unkept = b.unkept;
    bits = { surveys: `${b.surveys} UNION ALL `, days: b.days, keys: `${b.keys} UNION ALL ` };
  }
  const rows = rowsWithoutBits(rawScopeIn(p, v, f, hiddenAlsoInUnits), split, hiddenAlsoInUnits, `r."surveyId", r.metadata`);
  const agg = (select: string, order: string) =>
    `coalesce((SELECT json_agg(json_build_object('k', t.k, 'n', t.n) ORDER BY ${order}) FROM (${select}) t), '[]'::json)`;
  const [row] = await prisma.$queryRawUnsafe<{ unkept: boolean; surveys: Counted[]; keys: Counted[]; days: Counted[] }[]>(
    `WITH ${with_}list_raw AS MATERIALIZED (${rows.join(" UNION ALL ")})
     SELECT ${unkept} AS unkept,
       ${agg(`SELECT s.grp AS k, sum(s.n)::float8 AS n FROM (${bits.surveys}SELECT r."surveyId" AS grp, count(*)::float8 AS n FROM list_raw r GROUP BY 1) s GROUP BY 1 HAVING sum(s.n) > 0`, "t.n DESC, t.k")} AS surveys,
       ${agg(
         `SELECT s.key AS k, sum(s.n)::int AS n FROM (${bits.keys}${rawKeyCountsSql("SELECT l.metadata FROM list_raw l")}) s
          GROUP BY 1 HAVING sum(s.n) > 0 ORDER BY 2 DESC, 1 LIMIT ${p.add(maxKeys, "::int")}`,
         "t.n DESC, t.k",
       )} AS keys,
       ${bits.days ? agg(`SELECT d.grp AS k, d.n FROM (${bits.days}) d WHERE d.n > 0`, "t.k DESC") : "'[]'::json"} AS days`,
    ...p.values,
  );
  return {
    total: row!.surveys.reduce((n, s) => n + Number(s.n), 0),
    surveyIds: row!.surveys.map((s) => s.k),
    metaKeys: row!.unkept ? null : row!.keys.map((k) => k.k),
    days: row!.days.map((d) => ({ day: d.k, n: Number(d.n) })),
  };
}

type Counted = { k: string; n: number };

/**
 * A lower bound on the creation time of a feedback-list page's responses, from a listOverview's days:
 * the start of the newest UTC day such that the whole days from it to the window's end (or to
 * `before`, a keyset page's last row) hold `needed` matching responses, else null. The bits count
 * only applied, shown responses of whole days, never more than the raw rows hold there, so no
 * response older than the bound can be among the page's: the page's query reads only the days after it.
 */
export function pageSinceOf(days: ListOverview["days"], needed: number, before?: Date): Date | null {
  if (needed <= 0) return null;
  const end = before ? Math.floor(before.getTime() / dayMs) * dayMs : Number.POSITIVE_INFINITY;
  let sum = 0;
  for (const d of days) {
    const start = Date.parse(`${d.day}T00:00:00Z`);
    if (start + dayMs > end) continue;
    sum += d.n;
    if (sum >= needed) return new Date(start);
  }
  return null;
}
