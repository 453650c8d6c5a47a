// Results analytics (spec 001 §2 /results, §3 "Results filters", "Preflight result", "Question
// result", §7 "Results"): the defaults, the preflight (normalised filters, sources, used metadata),
// one question's result and the used values of a metadata key. Formulas: docs/analytics.md.
//
// A question's result: the answers in the window (count), the organisation's count of the question
// ignoring the touchpoint filter (organizationNowCount.overallCount), the distribution per choice or
// per value with shares of the answers, the mean, satisfaction % (smiley: mean × 100), NPS
// (promoters 9–10, detractors 0–6), EVI (emotion: mean cluster value × 100), the same for the
// earlier window, a series grouped by the filters' groupBy (with shares per group, so graphs can be
// stacked to 100 %), and with the satisfactionReport option the dissatisfied / neutral / satisfied
// bands (< 25, 25–75, ≥ 75 on the 0–100 scale; NPS detractors, passives, promoters).
import { overLimitNotice } from "../respondent/response-limit.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { badInput, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { parseResultsFilters, slashDate, type GroupBy, type ResultsFilters } from "../results-scope/filters.js";
import {
  admittedUnits,
  allowedChangesOf,
  buildScope,
  callerVisibility,
  metadataObjectSql,
  resultsDb,
  visibleSurveyIds,
  type ResultsReader,
  type Visibility,
} from "../results-scope/response-scope.js";
import { answerPathOf, answerSums, surveysInScope, type AnswerSums, type Source } from "./engine.js";
import { npsOf } from "./summary.js";
import { mayChangeFilter } from "./filter-options.js";
import { defaultEviClusters } from "../respondent/answers.js";
import { round1 } from "./rounding.js";

export const resultsMessages = {
  questionNotFound: "Question not found",
  metaKeyRequired: "metaKey is required",
} as const;

type QuestionRow = { id: string; surveyId: string; type: string; title: unknown; options: unknown; choices: unknown; hidden: boolean; position: number };

/** `texts`: a choice's text per language (label is the English one), for answer labels in the reader's language. */
export type DistributionItem = { value: string; label: string | null; count: number; percent: number; texts?: Record<string, string> };
export type Metrics = {
  count: number;
  mean: number | null;
  satisfaction: number | null;
  nps: number | null;
  promoters: number | null;
  passives: number | null;
  detractors: number | null;
  evi: number | null;
};
/**
 * One cluster of an emotion question's emotional value index: the answers whose emotion belongs to
 * it, their share of the question's answers, and the cluster's value (advocacy 1, trust 0.66,
 * attention 0.33, destroying −1, or the question's options.clusters).
 */
export type EviClusterCount = { cluster: string; value: number; count: number; percent: number };
export type SeriesPoint = { group: string; label: string; metrics: Metrics; distribution: DistributionItem[]; eviClusters: EviClusterCount[] | null };
export type SatisfactionReport = { dissatisfied: DistributionItem; neutral: DistributionItem; satisfied: DistributionItem };
export type QuestionResult = {
  questionId: string;
  surveyId: string;
  questionType: string;
  title: unknown;
  organizationNowCount: { overallCount: number };
  /** True when a share link's hideResultsIfLessThan hides this result (then no figures). */
  hidden: boolean;
  /** eviClusters: per cluster for an emotion question (per emotion: the distribution); null for other types. */
  mainResult: (Metrics & { distribution: DistributionItem[]; eviClusters: EviClusterCount[] | null }) | null;
  earlier: Metrics | null;
  groupBy: GroupBy;
  stackedTo100: boolean;
  series: SeriesPoint[];
  satisfactionReport: SatisfactionReport | null;
  source: Source;
};

const pct = (part: number, whole: number) => (whole > 0 ? round1((100 * part) / whole) : 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function choicesOf(q: QuestionRow): { id: string; label: string; texts?: Record<string, string> }[] {
  if (!Array.isArray(q.choices)) return [];
  return q.choices.flatMap((c) => {
    if (!isObject(c) || typeof c.id !== "string") return [];
    const text = isObject(c.text) ? (c.text.en ?? Object.values(c.text)[0]) : c.text;
    const texts = isObject(c.text)
      ? (Object.fromEntries(Object.entries(c.text).filter(([, v]) => typeof v === "string")) as Record<string, string>)
      : undefined;
    return [{ id: c.id, label: typeof text === "string" ? text : c.id, ...(texts ? { texts } : {}) }];
  });
}

const num = (r: AnswerSums) => ({ grp: r.grp, value: r.value, count: Number(r.count), sum: Number(r.sum) });
type Sums = ReturnType<typeof num>;
const valueKey = (x: number) => String(Math.round(x * 1e6) / 1e6);

/** The possible values of a question, in display order, with labels. */
function domainOf(q: QuestionRow): { value: string; label: string | null; texts?: Record<string, string> }[] | null {
  const options = isObject(q.options) ? q.options : {};
  switch (q.type) {
    case "smiley": {
      const buttons = options.buttons === 4 ? 4 : 5;
      return Array.from({ length: buttons }, (_, i) => ({ value: valueKey(i / (buttons - 1)), label: String(i) }));
    }
    case "nps":
      return Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: String(i) }));
    case "singleChoice":
    case "multipleChoice":
    case "emotion":
      return choicesOf(q).map((c) => ({ value: c.id, label: c.label, ...(c.texts ? { texts: c.texts } : {}) }));
    default:
      return null; // slider: the values that occur; text: none
  }
}

function sliderScale(q: QuestionRow): { min: number; max: number } {
  const o = isObject(q.options) ? q.options : {};
  const min = typeof o.min === "number" ? o.min : 0;
  const max = typeof o.max === "number" && o.max > min ? o.max : min + 10;
  return { min, max };
}

function metricsOf(q: QuestionRow, rows: Sums[]): Metrics {
  const all = rows.find((r) => r.value === "*");
  const count = all?.count ?? 0;
  const sum = all?.sum ?? 0;
  const m: Metrics = { count, mean: null, satisfaction: null, nps: null, promoters: null, passives: null, detractors: null, evi: null };
  if (count === 0) return m;
  const mean = sum / count;
  switch (q.type) {
    case "smiley":
      m.mean = Math.round(mean * 1000) / 1000;
      m.satisfaction = round1(mean * 100);
      break;
    case "slider": {
      const { min, max } = sliderScale(q);
      m.mean = round1(min + mean * (max - min));
      m.satisfaction = round1(mean * 100);
      break;
    }
    case "nps": {
      let p = 0;
      let pa = 0;
      let d = 0;
      for (const r of rows) {
        if (r.value === "*") continue;
        const v = Number(r.value);
        if (v >= 9) p += r.count;
        else if (v >= 7) pa += r.count;
        else d += r.count;
      }
      m.mean = round1(mean);
      m.promoters = p;
      m.passives = pa;
      m.detractors = d;
      m.nps = npsOf({ promoters: p, passives: pa, detractors: d });
      break;
    }
    case "emotion":
      m.evi = round1(mean * 100);
      break;
  }
  return m;
}

function distributionOf(q: QuestionRow, rows: Sums[]): DistributionItem[] {
  const total = rows.find((r) => r.value === "*")?.count ?? 0;
  const counts = new Map(rows.filter((r) => r.value !== "*").map((r) => [r.value, r.count]));
  const domain = domainOf(q);
  if (domain) {
    const listed = domain.map((d) => ({ ...d, count: counts.get(d.value) ?? 0, percent: pct(counts.get(d.value) ?? 0, total) }));
    // Values no longer in the question (a removed choice) still show, after the listed ones.
    const extra = [...counts.entries()]
      .filter(([v]) => !domain.some((d) => d.value === v))
      .map(([value, count]) => ({ value, label: null, count, percent: pct(count, total) }));
    return [...listed, ...extra];
  }
  if (q.type === "slider") {
    const { min, max } = sliderScale(q);
    return [...counts.entries()]
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([value, count]) => ({ value, label: String(round1(min + Number(value) * (max - min))), count, percent: pct(count, total) }));
  }
  return [];
}

function satisfactionReportOf(q: QuestionRow, rows: Sums[]): SatisfactionReport | null {
  const total = rows.find((r) => r.value === "*")?.count ?? 0;
  const band = (label: string, test: (v: number) => boolean): DistributionItem => {
    const count = rows.filter((r) => r.value !== "*" && test(Number(r.value))).reduce((a, r) => a + r.count, 0);
    return { value: label, label, count, percent: pct(count, total) };
  };
  if (q.type === "nps")
    return { dissatisfied: band("dissatisfied", (v) => v < 7), neutral: band("neutral", (v) => v >= 7 && v < 9), satisfied: band("satisfied", (v) => v >= 9) };
  if (q.type === "smiley" || q.type === "slider")
    return {
      dissatisfied: band("dissatisfied", (v) => v * 100 < 25),
      neutral: band("neutral", (v) => v * 100 >= 25 && v * 100 < 75),
      satisfied: band("satisfied", (v) => v * 100 >= 75),
    };
  return null;
}

/** The cluster values of an emotion question: its options.clusters, else the defaults (DESIGN.md). */
function clusterValuesOf(q: QuestionRow): Record<string, number> {
  const options = isObject(q.options) ? q.options : {};
  const configured = isObject(options.clusters) ? options.clusters : null;
  const values: Record<string, number> = {};
  for (const [k, v] of Object.entries(configured ?? defaultEviClusters)) if (typeof v === "number" && Number.isFinite(v)) values[k] = v;
  return Object.keys(values).length ? values : { ...defaultEviClusters };
}

/**
 * An emotion question's answers per EVI cluster, highest value first: each emotion (choice) counts
 * in its choice's cluster. An emotion no longer in the question counts in the cluster whose value
 * its answers carry (the stored numericValue is the cluster value at answer time); an emotion with
 * no cluster counts in none. Shares are of all the question's answers.
 */
function eviClustersOf(q: QuestionRow, rows: Sums[]): EviClusterCount[] | null {
  if (q.type !== "emotion") return null;
  const values = clusterValuesOf(q);
  const clusterOfChoice = new Map<string, string>();
  if (Array.isArray(q.choices))
    for (const c of q.choices)
      if (isObject(c) && typeof c.id === "string" && typeof c.cluster === "string" && c.cluster in values) clusterOfChoice.set(c.id, c.cluster);
  const total = rows.find((r) => r.value === "*")?.count ?? 0;
  const counts = new Map(Object.keys(values).map((k) => [k, 0]));
  for (const r of rows) {
    if (r.value === "*" || r.count === 0) continue;
    let cluster = clusterOfChoice.get(r.value);
    if (!cluster) {
      const mean = r.sum / r.count;
      cluster = Object.entries(values).find(([, v]) => Math.abs(v - mean) < 1e-6)?.[0];
    }
    if (cluster) counts.set(cluster, (counts.get(cluster) ?? 0) + r.count);
  }
  return Object.entries(values)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([cluster, value]) => ({ cluster, value, count: counts.get(cluster) ?? 0, percent: pct(counts.get(cluster) ?? 0, total) }));
}

const weekdays = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A question of a survey the caller may open (scope.ts visibleSurveyIds), else "not found". */
async function loadQuestion(db: PrismaClient, v: Visibility, questionId: unknown): Promise<QuestionRow> {
  const id = parseInput(objectIdSchema, questionId);
  const q = await db.question.findFirst({
    where: { id },
    select: { id: true, surveyId: true, type: true, title: true, options: true, choices: true, hidden: true, position: true },
  });
  if (!q || !(await visibleSurveyIds(db, v, [q.surveyId])).length) throw notFound(resultsMessages.questionNotFound);
  return q;
}

/**
 * `withSeries: false` (a caller that shows no series, such as the results table): the series is
 * left empty and the window's totals are read ungrouped, which for a grouping by metadata or by day
 * is the cheaper read. Every figure but `series` is the same either way, except `source`, which
 * names the path of the read actually done (an ungrouped read may be served where a grouped one
 * falls back to the raw rows, e.g. grouped by hour under a restriction).
 */
export type QuestionResultOptions = { now?: Date; source?: Source; hideResultsIfLessThan?: number | null; withSeries?: boolean };

/** POST /results/question: one question's result for the caller's filters. */
export async function getQuestionResult(
  caller: ResultsReader,
  questionId: unknown,
  filtersInput: unknown,
  opts: QuestionResultOptions = {},
): Promise<QuestionResult> {
  const f = parseResultsFilters(filtersInput, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  const db = resultsDb(caller, v);
  const q = await loadQuestion(db, v, questionId);
  const [result] = await questionResults(db, v, f, [q], opts);
  return result!;
}

/** Rows per question id, in the order the query gave them. */
function byQuestion(rows: AnswerSums[]): Map<string, AnswerSums[]> {
  const out = new Map<string, AnswerSums[]>();
  for (const r of rows) {
    let list = out.get(r.qid);
    if (!list) out.set(r.qid, (list = []));
    list.push(r);
  }
  return out;
}

/**
 * The results of several questions under one filter: three queries for all of them (the window's
 * series, the earlier period, the organisation's count when a touchpoint filter narrows the window),
 * however many questions there are, rather than three per question.
 */
async function questionResults(
  prisma: PrismaClient,
  v: Visibility,
  f: ResultsFilters,
  qs: QuestionRow[],
  opts: QuestionResultOptions,
): Promise<QuestionResult[]> {
  if (qs.length === 0) return [];
  const window = { from: f.from, to: f.to };
  const questionIds = qs.map((q) => q.id);
  const groupBy = opts.withSeries === false ? null : f.groupBy;
  // "rollup": served without the raw rows (roll-ups or response bit strings).
  const source: Source = opts.source ?? ((await answerPathOf(prisma, v, f, groupBy, { questionIds, window })).kind === "raw" ? "raw" : "rollup");
  const o = { source: opts.source };
  // The window's totals are the sum of its series (every grouping covers every answer), and the
  // organisation's count is the total when no touchpoint filter narrows it: fewer queries. Without
  // a series, the window is read as one group (its rows then make no series: see questionResultOf).
  const [series, earlier, org] = await Promise.all([
    // The series on the path weighed above (a "rollup" source is not weighed again).
    answerSums(prisma, v, f, { questionIds, window, groupBy, source }).then(byQuestion),
    answerSums(prisma, v, f, { questionIds, window: { from: f.earlierFrom, to: f.earlierTo }, groupBy: null, ...o }).then(byQuestion),
    f.touchpointIds.length ? answerSums(prisma, v, f, { questionIds, window, groupBy: null, ignoreTouchpoints: true, ...o }).then(byQuestion) : null,
  ]);
  const sourceGroups = groupBy === "source" ? [...new Set([...series.values()].flat().map((r) => r.grp))] : [];
  const tpNames = sourceGroups.length
    ? new Map((await prisma.touchpoint.findMany({ where: { id: { in: sourceGroups } }, select: { id: true, name: true } })).map((t) => [t.id, t.name]))
    : new Map<string, string>();
  return qs.map((q) =>
    questionResultOf(q, f, { ...opts, source }, series.get(q.id) ?? [], earlier.get(q.id) ?? [], org ? (org.get(q.id) ?? []) : null, tpNames),
  );
}

/** One question's result from its rows (no database access). */
function questionResultOf(
  q: QuestionRow,
  f: ResultsFilters,
  opts: QuestionResultOptions,
  series: AnswerSums[],
  earlier: AnswerSums[],
  org: AnswerSums[] | null,
  tpNames: Map<string, string>,
): QuestionResult {
  const totals = new Map<string, Sums>();
  for (const r of series.map(num)) {
    const t = totals.get(r.value) ?? { grp: "", value: r.value, count: 0, sum: 0 };
    t.count += r.count;
    t.sum += r.sum;
    totals.set(r.value, t);
  }
  const mainRows = [...totals.values()];
  const metrics = metricsOf(q, mainRows);
  const threshold = opts.hideResultsIfLessThan ?? null;
  const hidden = threshold !== null && metrics.count < threshold;
  // No series when hidden or not asked (withSeries false): the groups are not even made.
  const groups = new Map<string, Sums[]>();
  if (!hidden && opts.withSeries !== false) for (const r of series.map(num)) groups.set(r.grp, [...(groups.get(r.grp) ?? []), r]);
  const label = (g: string) =>
    f.groupBy === "weekday" ? (weekdays[Number(g)] ?? g) : f.groupBy === "source" ? (tpNames.get(g) ?? g) : f.groupBy === "daily" ? slashDate(g) : g;
  const seriesPoints: SeriesPoint[] = [...groups.entries()]
    .filter(([, rows]) => !threshold || (rows.find((r) => r.value === "*")?.count ?? 0) >= threshold)
    .map(([group, rows]) => ({
      group,
      label: label(group),
      metrics: metricsOf(q, rows),
      distribution: distributionOf(q, rows),
      eviClusters: eviClustersOf(q, rows),
    }));
  return {
    questionId: q.id,
    surveyId: q.surveyId,
    questionType: q.type,
    title: q.title,
    organizationNowCount: { overallCount: (org ? org.map(num) : mainRows).find((r) => r.value === "*")?.count ?? 0 },
    hidden,
    mainResult: hidden ? null : { ...metrics, distribution: distributionOf(q, mainRows), eviClusters: eviClustersOf(q, mainRows) },
    earlier: hidden ? null : metricsOf(q, earlier.map(num)),
    groupBy: f.groupBy,
    stackedTo100: f.options.stackGraphsTo100,
    series: seriesPoints,
    satisfactionReport: hidden || !f.options.satisfactionReport ? null : satisfactionReportOf(q, mainRows),
    source: opts.source ?? "raw",
  };
}

/** The results of every question of the filtered surveys (hidden questions and, with the option, empty ones left out). */
export async function getResults(caller: ResultsReader, filtersInput: unknown, opts: QuestionResultOptions = {}): Promise<QuestionResult[]> {
  const f = parseResultsFilters(filtersInput, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  const db = resultsDb(caller, v);
  const surveyIds = f.surveyIds.length ? await visibleSurveyIds(db, v, f.surveyIds) : await surveysInScope(db, v, f, opts.source);
  const questions = await db.question.findMany({
    where: {
      surveyId: { in: surveyIds },
      hidden: false,
      id: { notIn: f.options.hiddenQuestions },
      type: { not: "contactDetails" },
    },
    select: { id: true, surveyId: true, type: true, title: true, options: true, choices: true, hidden: true, position: true },
    orderBy: [{ surveyId: "asc" }, { position: "asc" }],
  });
  const results = await questionResults(db, v, f, questions, opts);
  return f.options.hideQuestionsWithNoResponses ? results.filter((r) => (r.mainResult?.count ?? 0) > 0) : results;
}

// ---------------------------------------------------------------------------------------------
// Defaults, preflight, used metadata
// ---------------------------------------------------------------------------------------------

/** GET /results/defaults: the default window (last 7 days in the caller's offset); members may change every filter. */
export function resultsDefaults(utcOffset: unknown, now?: Date): { from: string; to: string; utcOffset: number; allowChanges: string[] } {
  const f = parseResultsFilters(utcOffset === undefined || utcOffset === null || utcOffset === "" ? {} : { utcOffset }, { now });
  return { from: slashDate(f.fromDay), to: slashDate(f.toDay), utcOffset: f.utcOffset, allowChanges: ["all"] };
}

export type Preflight = {
  from: string;
  to: string;
  utcOffset: number;
  surveyId: string[];
  channelId: string[];
  unitIds: string[];
  sourceList: { unitId: string; unitName: string; touchpoints: { _id: string; name: string; type: string }[] }[];
  usedMeta: { key: string; count: number }[];
  /** "Response limit exceeded (some responses not shown)" when the organisation has responses over its limit in the window, else null. */
  responseLimitNotice: string | null;
};

/**
 * GET /results/preflight: the normalised filters, the sources the caller may choose from and the
 * metadata keys in use. A share link's visitor (`allowChanges`: the link's list; null for members)
 * gets the sources only when the link lets them change the touchpoints, and the keys only when it
 * lets them change the metadata match or the grouping (domain/analytics/filter-options.ts).
 */
export async function resultsPreflight(caller: ResultsReader, filtersInput: unknown, opts: { now?: Date } = {}): Promise<Preflight> {
  const allow = allowedChangesOf(caller);
  const f = parseResultsFilters(filtersInput, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  // A visitor's sources stay inside the link's team (filters.unitId) as well as its creator's view.
  const admitted = allow === null ? v.unitIds : admittedUnits(v, f.unitId);
  const units = admitted === null ? v.units.map((u) => u.id) : admitted;
  const listSources = mayChangeFilter(allow, "channelId");
  const listMeta = mayChangeFilter(allow, "metaDataMatch") || mayChangeFilter(allow, "groupBy");
  const db = resultsDb(caller, v);
  const touchpoints = await db.touchpoint.findMany({
    where: { deleted: false, unitId: { in: units } },
    select: { id: true, name: true, type: true, unitId: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const visibleTp = new Set(touchpoints.map((t) => t.id));
  const surveys = f.surveyIds.length ? await visibleSurveyIds(db, v, f.surveyIds) : await surveysInScope(db, v, f);
  const scope = buildScope(v, { ...f, surveyIds: surveys.length ? surveys : f.surveyIds }, { alias: "r" });
  const meta = listMeta
    ? await db.$queryRawUnsafe<{ key: string; count: number }[]>(
        `SELECT k.key, count(*)::int AS count FROM "Response" r CROSS JOIN LATERAL jsonb_object_keys(${metadataObjectSql('r."metadata"')}) AS k(key)
     WHERE ${scope.sql} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 200`,
        ...scope.params,
      )
    : [];
  const unitName = new Map(v.units.map((u) => [u.id, u.name]));
  const byUnit = new Map<string, Preflight["sourceList"][number]>();
  for (const t of listSources ? touchpoints : []) {
    const g = byUnit.get(t.unitId) ?? { unitId: t.unitId, unitName: unitName.get(t.unitId) ?? "", touchpoints: [] };
    g.touchpoints.push({ _id: t.id, name: t.name, type: t.type });
    byUnit.set(t.unitId, g);
  }
  return {
    from: slashDate(f.fromDay),
    to: slashDate(f.toDay),
    utcOffset: f.utcOffset,
    surveyId: surveys,
    channelId: f.touchpointIds.filter((id) => visibleTp.has(id)),
    unitIds: units,
    sourceList: [...byUnit.values()].sort((a, b) => a.unitName.localeCompare(b.unitName)),
    usedMeta: meta.map((m) => ({ key: m.key, count: Number(m.count) })),
    responseLimitNotice: await overLimitNotice(db, v.organizationId, f.from, f.to),
  };
}

/**
 * POST /results/get-used-meta-per-key: the values of one metadata key in the scope, most used first.
 * A share link's visitor (`allowChanges` the link's list) gets values only when the link lets them
 * change the metadata match or the grouping.
 */
export async function usedMetaPerKey(
  caller: ResultsReader,
  input: unknown,
  opts: { now?: Date } = {},
): Promise<{ key: string; values: { value: string; count: number }[] }> {
  const allow = allowedChangesOf(caller);
  const raw = (input && typeof input === "object" && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const { metaKey, ...filters } = raw;
  if (typeof metaKey !== "string" || !metaKey.trim()) throw badInput(resultsMessages.metaKeyRequired, "metaKey");
  const f = parseResultsFilters(filters, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  const scope = buildScope(v, f, { alias: "r" });
  const key = metaKey.trim().slice(0, 100);
  if (!mayChangeFilter(allow, "metaDataMatch") && !mayChangeFilter(allow, "groupBy")) return { key, values: [] };
  const rows = await caller.prisma.$queryRawUnsafe<{ value: string; count: number }[]>(
    `SELECT r."metadata" ->> $${scope.params.length + 1} AS value, count(*)::int AS count FROM "Response" r
     WHERE ${scope.sql} AND r."metadata" ? $${scope.params.length + 1} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1000`,
    ...scope.params,
    key,
  );
  return { key, values: rows.map((r) => ({ value: r.value, count: Number(r.count) })) };
}

/**
 * The results screens' notice (spec 001 §8): "Response limit exceeded (some responses not shown)"
 * when the caller's organisation has responses over its limit in the filters' window, else null.
 */
export async function resultsResponseLimitNotice(caller: ResultsReader, filtersInput: unknown, opts: { now?: Date } = {}): Promise<string | null> {
  const f = parseResultsFilters(filtersInput, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  return overLimitNotice(caller.prisma, v.organizationId, f.from, f.to);
}
