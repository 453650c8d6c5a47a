// The analytics query engine: sums of responses and answers for a scope, from the roll-ups when
// they can answer, else from indexed aggregates over the raw rows (docs/analytics.md "Which source").
//
// Roll-ups answer when the filters have no response-level dimension (restrict by answer, metadata
// match or metadata grouping need the rows) and the utcOffset is whole hours (hour buckets then
// fall on local hour boundaries). A range [from, to) is read as daily rows for the whole UTC days
// inside it plus hourly rows for the hours at either end; a series by local day, week, month or
// weekday reads hourly rows when the offset is not 0 (a UTC day straddles two local days).
import { needsRawRows, type GroupBy, type ResultsFilters } from "../results-scope/filters.js";
import { admittedUnits, buildScope, surveysWithResponses, type Visibility } from "../results-scope/response-scope.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { answerValuesOf, pendingAnswerRows, pendingResponseRows, responseFiguresOf } from "./rollups.js";

const dayMs = 86_400_000;

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

/** Dimension filter over a roll-up table alias `x` (organisation, units, touchpoints, surveys). */
function rollupDims(v: Visibility, f: ResultsFilters, p: Params, opts: { organisationWide?: boolean }): string {
  const where = [`x."organizationId" = ${p.add(v.organizationId)}`];
  if (opts.organisationWide) return where.join(" AND ");
  const units = admittedUnits(v, f.unitId);
  if (units !== null) where.push(`x."unitId" = ANY(${p.add(units, "::text[]")})`);
  if (f.touchpointIds.length) where.push(`x."touchpointId" = ANY(${p.add(f.touchpointIds, "::text[]")})`);
  if (f.surveyIds.length) where.push(`x."surveyId" = ANY(${p.add(f.surveyIds, "::text[]")})`);
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
 * A UNION ALL over a pair of roll-up tables (`prefix` Hour/Day) for the window, selecting `cols`
 * with the dimension filter. `hourlyOnly` when the grouping needs local hours.
 */
function rollupUnion(
  prefix: "RollupResponse" | "RollupAnswer",
  cols: string,
  w: Window,
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
  // the applier runs milliseconds after each stored group; none when it has caught up).
  const pending = prefix === "RollupResponse" ? pendingResponseRows() : pendingAnswerRows();
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
    const grp = q.groupBy === null ? `''` : q.groupBy === "source" ? `s."touchpointId"` : timeGroupSql(q.groupBy, `s."bucket"`, f.utcOffset)!;
    const union = rollupUnion(
      "RollupResponse",
      `x."bucket", x."touchpointId", x."responses", x."satSum", x."satCount", x."promoters", x."passives", x."detractors"`,
      q.window,
      (pp) => rollupDims(v, f, pp, { organisationWide: q.organisationWide }),
      p,
      needsHours(q.groupBy, f.utcOffset),
    );
    sql = `SELECT ${grp} AS grp, sum(s."responses")::float8 AS responses, sum(s."satSum")::float8 AS "satSum", sum(s."satCount")::float8 AS "satCount",
      sum(s."promoters")::float8 AS promoters, sum(s."passives")::float8 AS passives, sum(s."detractors")::float8 AS detractors
      FROM (${union}) s GROUP BY 1 ORDER BY 1`;
  } else {
    const visibility: Visibility = q.organisationWide ? { ...v, unitIds: null } : v;
    const filters: ResultsFilters = q.organisationWide
      ? { ...f, touchpointIds: [], surveyIds: [], unitId: null, restrictByAnswer: [], metaDataMatch: null }
      : f;
    const scope = buildScope(visibility, { ...filters, from: q.window.from, to: q.window.to }, { alias: "r" });
    scope.params.forEach((x) => p.values.push(x));
    const grp =
      q.groupBy === null
        ? `''`
        : q.groupBy === "source"
          ? `r."touchpointId"`
          : q.groupBy === "metadata"
            ? `coalesce(r."metadata" ->> ${p.add(f.groupByMetaKey)}, '')`
            : timeGroupSql(q.groupBy, `r."createdAt"`, f.utcOffset)!;
    sql = `SELECT ${grp} AS grp, count(*)::float8 AS responses, coalesce(sum(a.sat_sum), 0)::float8 AS "satSum", coalesce(sum(a.sat_count), 0)::float8 AS "satCount",
      coalesce(sum(a.p), 0)::float8 AS promoters, coalesce(sum(a.pa), 0)::float8 AS passives, coalesce(sum(a.d), 0)::float8 AS detractors
      FROM "Response" r
      CROSS JOIN LATERAL ${responseFiguresOf(`r."id"`)} a
      WHERE ${scope.sql} GROUP BY 1 ORDER BY 1`;
  }
  return prisma.$queryRawUnsafe<ResponseSums[]>(sql, ...p.values);
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
  const source = q.source ?? (rollupsCanAnswer(f) ? "rollup" : "raw");
  const p = new Params();
  let sql: string;
  if (source === "rollup") {
    const grp = q.groupBy === null ? `''` : q.groupBy === "source" ? `s."touchpointId"` : timeGroupSql(q.groupBy, `s."bucket"`, f.utcOffset)!;
    const qParam = p.add(q.questionIds, "::text[]");
    const union = rollupUnion(
      "RollupAnswer",
      `x."questionId", x."bucket", x."touchpointId", x."value", x."count", x."sum"`,
      q.window,
      (pp) => rollupDims(v, f, pp, {}),
      p,
      needsHours(q.groupBy, f.utcOffset),
      `x."questionId" = ANY(${qParam}) AND `,
    );
    sql = `SELECT s."questionId" AS qid, ${grp} AS grp, s."value", sum(s."count")::float8 AS count, sum(s."sum")::float8 AS sum
      FROM (${union}) s GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  } else {
    const scope = buildScope(v, { ...f, from: q.window.from, to: q.window.to }, { alias: "r" });
    scope.params.forEach((x) => p.values.push(x));
    // Two steps: the answers are first summed per question, group and stored value (number and
    // choice ids: a few distinct values per question), and only those sums are spread over the
    // values they count under (`answerValuesOf`) and their groups named. Spreading and naming each
    // of a year's answers cost a third of the query (docs/analytics.md "Storage and the raw path").
    // A time grouping is summed per local hour (hourly) or local day (the others are functions of
    // the local day), then named by timeGroupSql from that bucket turned back into its UTC instant.
    const timed = q.groupBy !== null && q.groupBy !== "source" && q.groupBy !== "metadata";
    const offset = `interval '${f.utcOffset} minutes'`;
    const inner =
      q.groupBy === null
        ? `''`
        : q.groupBy === "source"
          ? `r."touchpointId"`
          : q.groupBy === "metadata"
            ? `coalesce(r."metadata" ->> ${p.add(f.groupByMetaKey)}, '')`
            : `date_trunc('${q.groupBy === "hourly" ? "hour" : "day"}', (a."createdAt") AT TIME ZONE 'UTC' + ${offset})`;
    const grp = timed ? timeGroupSql(q.groupBy!, `(g.grp - ${offset}) AT TIME ZONE 'UTC'`, f.utcOffset)! : `g.grp`;
    const qParam = p.add(q.questionIds, "::text[]");
    const from = p.add(q.window.from, "::timestamptz");
    const to = p.add(q.window.to, "::timestamptz");
    sql = `SELECT g.qid, ${grp} AS grp, v.value, sum(g.n)::float8 AS count, coalesce(sum(g.s), 0)::float8 AS sum
      FROM (
        SELECT a."questionId" AS qid, ${inner} AS grp, a."numericValue", a."choiceIds", count(*) AS n, sum(a."numericValue") AS s
        FROM "Answer" a JOIN "Response" r ON r."id" = a."responseId"
        WHERE a."questionId" = ANY(${qParam}) AND a."createdAt" >= ${from} AND a."createdAt" < ${to} AND ${scope.sql}
        GROUP BY 1, 2, 3, 4
      ) g
      CROSS JOIN LATERAL ${answerValuesOf("g")}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  }
  return prisma.$queryRawUnsafe<AnswerSums[]>(sql, ...p.values);
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
  if ((source ?? (rollupsCanAnswer(f) ? "rollup" : "raw")) === "raw") return surveysWithResponses(prisma, v, f);
  const p = new Params();
  const union = rollupUnion("RollupResponse", `x."surveyId", x."responses"`, { from: f.from, to: f.to }, (pp) => rollupDims(v, f, pp, {}), p, false);
  const rows = await prisma.$queryRawUnsafe<{ surveyId: string }[]>(
    `SELECT s."surveyId", sum(s."responses") AS n FROM (${union}) s GROUP BY 1 HAVING sum(s."responses") > 0 ORDER BY n DESC, 1 LIMIT 100`,
    ...p.values,
  );
  return rows.map((r) => r.surveyId);
}
