// Root-cause analysis (DESIGN.md): which questions and answer options of a survey drive its outcome
// (an NPS, smiley or slider question), as importance (correlation with the outcome over the
// responses answering both) against performance (mean score on 0–100, or the share choosing an
// option), with a minimum sample and a significance flag, classified into quadrants (stats.ts).
//
// Everything is computed by PostgreSQL aggregates (corr, avg, count) in two statements over the
// answer rows of the responses in the caller's scope: nothing row by row in JavaScript.
import type { DomainContext } from "../context.js";
import { badInput } from "../errors.js";
import { findScopedQuestion, resolveAnalyticsRequest, titleIn, type AnalyticsRequestInput, type ScopedQuestion } from "../text-analytics/request.js";
import {
  DEFAULT_MIN_SAMPLE,
  MIN_MIN_SAMPLE,
  classifyItems,
  correlationPValue,
  performanceOfMean,
  type Classified,
  type ScoredQuestionType,
} from "./stats.js";

export const outcomeTypes = ["nps", "smiley", "slider"] as const;
const numericTypes = new Set<string>(["smiley", "nps", "slider", "emotion"]);
const choiceTypes = new Set<string>(["singleChoice", "multipleChoice"]);

export const rootCauseMessages = {
  badOutcome: "The outcome must be an NPS, smiley or slider question",
  badMinSample: `minSampleSize must be a whole number between ${MIN_MIN_SAMPLE} and 100000`,
} as const;

export type RootCauseItem = {
  kind: "question" | "option";
  questionId: string;
  questionTitle: string;
  questionType: string;
  /** options only */
  optionId: string | null;
  optionText: string | null;
  /** Pearson r (questions) or point-biserial r (options) with the outcome; null without variance */
  importance: number | null;
  pValue: number | null;
  /** responses answering both this question and the outcome */
  n: number;
  /** responses answering this question under the filters */
  answered: number;
  /** 0–100: the mean score (questions) or the share choosing the option (options) */
  performance: number | null;
  /** options: the outcome's mean among those choosing it minus among the others, on the outcome's 0–100 scale */
  outcomeDifference: number | null;
} & Classified;

export type RootCause = {
  outcome: {
    questionId: string;
    title: string;
    type: string;
    /** responses answering the outcome */
    n: number;
    /** 0–100 */
    performance: number | null;
    /** NPS outcomes: −100..100 */
    nps: number | null;
  };
  minSampleSize: number;
  significanceLevel: number;
  /** set when a share link hides results with fewer responses than this */
  hiddenBecauseFewerThan: number | null;
  /** most important first; insufficient and no-variance items last */
  items: RootCauseItem[];
};

type Choice = { id: string; text: unknown };
const choicesOf = (q: ScopedQuestion): Choice[] =>
  (Array.isArray(q.choices) ? q.choices : []).filter((c): c is Choice => !!c && typeof c === "object" && typeof (c as Choice).id === "string");

const round = (x: number | null, digits = 4) => (x === null || !Number.isFinite(x) ? null : Math.round(x * 10 ** digits) / 10 ** digits);

export async function rootCause(
  ctx: DomainContext,
  input: AnalyticsRequestInput & { outcomeQuestionId: string; minSampleSize?: number | null; locale?: string | null },
): Promise<RootCause> {
  const minSample = input.minSampleSize ?? DEFAULT_MIN_SAMPLE;
  if (!Number.isInteger(minSample) || minSample < MIN_MIN_SAMPLE || minSample > 100_000) throw badInput(rootCauseMessages.badMinSample, "minSampleSize");
  const locale = input.locale ?? "en";
  const req = await resolveAnalyticsRequest(ctx, input);
  const outcome = await findScopedQuestion(ctx, req, input.outcomeQuestionId);
  if (!(outcomeTypes as readonly string[]).includes(outcome.type)) throw badInput(rootCauseMessages.badOutcome, "outcomeQuestionId");

  const questions = await ctx.prisma.question.findMany({
    where: { organizationId: req.scope.organizationId, surveyId: outcome.surveyId, hidden: false, id: { not: outcome.id } },
    select: { id: true, surveyId: true, type: true, title: true, choices: true, options: true, position: true },
    orderBy: { position: "asc" },
  });
  const drivers = questions.filter((q) => !req.hiddenQuestionIds.has(q.id));
  const numeric = drivers.filter((q) => numericTypes.has(q.type));
  const choice = drivers.filter((q) => choiceTypes.has(q.type));
  const options = choice.flatMap((q) => choicesOf(q).map((c) => ({ question: q, choice: c })));

  const { scope, filters } = req;
  const params = [...scope.params];
  const p = (value: unknown, cast = "") => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const answersIn = (questionClause: string) => `
      FROM "Answer" a JOIN "Response" r ON r."id" = a."responseId"
     WHERE ${scope.sql}
       AND a."organizationId" = ${p(scope.organizationId)} AND a."hidden" = false AND ${questionClause}
       AND a."createdAt" >= ${p(filters.from, "::timestamptz")} AND a."createdAt" < ${p(filters.to, "::timestamptz")}`;
  const outcomeCte = `o AS (
    SELECT a."responseId", avg(a."numericValue") AS y
    ${answersIn(`a."questionId" = ${p(outcome.id)} AND a."numericValue" IS NOT NULL`)}
     GROUP BY a."responseId")`;
  const baseParams = params.length;

  // 1. the outcome and every numeric driver
  const numericSql = `WITH ${outcomeCte},
    d AS (
      SELECT a."responseId", a."questionId", avg(a."numericValue") AS x
      ${answersIn(`a."questionId" = ANY(${p(numeric.map((q) => q.id), "::text[]")}) AND a."numericValue" IS NOT NULL`)}
       GROUP BY a."responseId", a."questionId")
    SELECT NULL AS "questionId", count(*)::int AS answered, avg(o.y)::float8 AS mean, count(*)::int AS n, NULL::float8 AS r,
           (count(*) FILTER (WHERE o.y >= 9))::int AS promoters, (count(*) FILTER (WHERE o.y <= 6))::int AS detractors
      FROM o
    UNION ALL
    SELECT d."questionId", count(*)::int, avg(d.x)::float8, count(o.y)::int, corr(o.y, d.x)::float8, 0, 0
      FROM d LEFT JOIN o ON o."responseId" = d."responseId"
     GROUP BY d."questionId"`;
  type NumericRow = { questionId: string | null; answered: number; mean: number | null; n: number; r: number | null; promoters: number; detractors: number };
  const numericRows = await ctx.prisma.$queryRawUnsafe<NumericRow[]>(numericSql, ...params);

  // 2. every option of the choice drivers: chosen (1) or not (0) among those answering the question
  params.length = baseParams;
  type OptionRow = { qid: string; oid: string; answered: number; share: number | null; n: number; r: number | null; meanChosen: number | null; meanOthers: number | null };
  let optionRows: OptionRow[] = [];
  if (options.length) {
    const chosen = `(opts.oid = ANY(c."choiceIds"))`;
    const optionSql = `WITH ${outcomeCte},
      opts AS (SELECT * FROM unnest(${p(options.map((o) => o.question.id), "::text[]")}, ${p(options.map((o) => o.choice.id), "::text[]")}) AS t(qid, oid)),
      c AS (
        SELECT DISTINCT ON (a."responseId", a."questionId") a."responseId", a."questionId", a."choiceIds"
        ${answersIn(`a."questionId" = ANY(${p(choice.map((q) => q.id), "::text[]")}) AND cardinality(a."choiceIds") > 0`)}
         ORDER BY a."responseId", a."questionId", a."id" DESC)
      SELECT opts.qid, opts.oid, count(*)::int AS answered,
             avg(CASE WHEN ${chosen} THEN 1.0 ELSE 0.0 END)::float8 AS share,
             count(o.y)::int AS n,
             corr(o.y, CASE WHEN ${chosen} THEN 1.0 ELSE 0.0 END)::float8 AS r,
             (avg(o.y) FILTER (WHERE ${chosen}))::float8 AS "meanChosen",
             (avg(o.y) FILTER (WHERE NOT ${chosen}))::float8 AS "meanOthers"
        FROM c JOIN opts ON opts.qid = c."questionId" LEFT JOIN o ON o."responseId" = c."responseId"
       GROUP BY opts.qid, opts.oid`;
    optionRows = await ctx.prisma.$queryRawUnsafe<OptionRow[]>(optionSql, ...params);
  }

  const outcomeRow = numericRows.find((row) => row.questionId === null) ?? { answered: 0, mean: null, n: 0, promoters: 0, detractors: 0 };
  const outcomeType = outcome.type as ScoredQuestionType;
  const outcomeSummary: RootCause["outcome"] = {
    questionId: outcome.id,
    title: titleIn(outcome.title, locale),
    type: outcome.type,
    n: outcomeRow.n,
    performance: outcomeRow.mean === null ? null : round(performanceOfMean(outcomeType, outcomeRow.mean), 2),
    nps: outcome.type === "nps" && outcomeRow.n ? round(((outcomeRow.promoters - outcomeRow.detractors) / outcomeRow.n) * 100, 2) : null,
  };
  const base = { outcome: outcomeSummary, minSampleSize: minSample, significanceLevel: 0.05 };
  const threshold = req.share?.hideResultsIfLessThan ?? null;
  if (threshold !== null && outcomeRow.n < threshold) return { ...base, hiddenBecauseFewerThan: threshold, items: [] };

  const byQuestion = new Map(numericRows.filter((row) => row.questionId !== null).map((row) => [row.questionId!, row]));
  const byOption = new Map(optionRows.map((row) => [`${row.qid}/${row.oid}`, row]));
  const raw: Omit<RootCauseItem, keyof Classified>[] = [];
  for (const q of numeric) {
    const row = byQuestion.get(q.id);
    const r = row?.r ?? null;
    raw.push({
      kind: "question",
      questionId: q.id,
      questionTitle: titleIn(q.title, locale),
      questionType: q.type,
      optionId: null,
      optionText: null,
      importance: round(r),
      pValue: round(correlationPValue(r, row?.n ?? 0), 6),
      n: row?.n ?? 0,
      answered: row?.answered ?? 0,
      performance: row?.mean === null || row?.mean === undefined ? null : round(performanceOfMean(q.type as ScoredQuestionType, row.mean), 2),
      outcomeDifference: null,
    });
  }
  for (const { question, choice: c } of options) {
    const row = byOption.get(`${question.id}/${c.id}`);
    const r = row?.r ?? null;
    const diff = row && row.meanChosen !== null && row.meanOthers !== null ? performanceOfMean(outcomeType, row.meanChosen) - performanceOfMean(outcomeType, row.meanOthers) : null;
    raw.push({
      kind: "option",
      questionId: question.id,
      questionTitle: titleIn(question.title, locale),
      questionType: question.type,
      optionId: c.id,
      optionText: titleIn(c.text, locale),
      importance: round(r),
      pValue: round(correlationPValue(r, row?.n ?? 0), 6),
      n: row?.n ?? 0,
      answered: row?.answered ?? 0,
      performance: row?.share === null || row?.share === undefined ? null : round(row.share * 100, 2),
      outcomeDifference: round(diff, 2),
    });
  }
  const visible = threshold === null ? raw : raw.filter((it) => it.n >= threshold);
  const items = classifyItems(visible, minSample).sort(
    (a, b) => Number(b.status === "ok") - Number(a.status === "ok") || Math.abs(b.importance ?? 0) - Math.abs(a.importance ?? 0) || b.n - a.n,
  );
  return { ...base, hiddenBecauseFewerThan: null, items };
}
