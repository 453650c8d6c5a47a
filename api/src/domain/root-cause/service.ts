// Root-cause analysis (DESIGN.md): which questions and answer options of a survey drive its outcome
// (an NPS, smiley or slider question), as importance (correlation with the outcome over the
// responses answering both) against performance (mean score on 0–100, or the share choosing an
// option), with a minimum sample and a significance flag, classified into quadrants (stats.ts).
//
// Everything is computed by PostgreSQL aggregates (corr, avg, count) in one statement over the
// answer rows of the responses in the caller's scope: nothing row by row in JavaScript. For speed
// at millions of responses it reads the most recent ROOT_CAUSE_SAMPLE responses answering the
// outcome (a correlation over 20,000 pairs has a standard error under 0.01); `sampled` says so.
import { isOutcomeQuestionType } from "@feedback/shared/root-cause";
import { answersOfResponse, bothBranches, questionAnswers } from "../answers/rows.js";
import type { DomainContext } from "../context.js";
import { badInput } from "../errors.js";
import { findScopedQuestion, resolveAnalyticsRequest, titleIn, type AnalyticsRequestInput, type ScopedQuestion } from "../text-analytics/request.js";
import { DEFAULT_MIN_SAMPLE, MIN_MIN_SAMPLE, classifyItems, correlationPValue, performanceOfMean, type Classified, type ScoredQuestionType } from "./stats.js";

/** The most responses analysed per request: the most recent ones answering the outcome. */
const ROOT_CAUSE_SAMPLE = 20_000;
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
  /** analysed responses answering this question (all of them also answered the outcome, so = n) */
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
    /** responses answering the outcome (analysed: at most sampleLimit) */
    n: number;
    /** 0–100 */
    performance: number | null;
    /** NPS outcomes: −100..100 */
    nps: number | null;
  };
  minSampleSize: number;
  significanceLevel: number;
  /** the most responses analysed (the most recent answering the outcome) */
  sampleLimit: number;
  /** true when more responses answered the outcome than were analysed */
  sampled: boolean;
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
  const outcome = await findScopedQuestion(req, input.outcomeQuestionId);
  if (!isOutcomeQuestionType(outcome.type)) throw badInput(rootCauseMessages.badOutcome, "outcomeQuestionId");

  const questions = await req.db.question.findMany({
    where: { surveyId: outcome.surveyId, hidden: false, id: { not: outcome.id } },
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
  const chosen = `(opts.oid = ANY(d."choiceIds"))`;
  // o: the most recent ROOT_CAUSE_SAMPLE outcome answers in scope (index on questionId and hour);
  // d: the other answers of those responses (index on responseId). Then one pass of aggregates.
  // The window through Answer("questionId", hour) (answers/answer-hours.ts), newest hours first.
  const fromP = p(filters.from, "::timestamptz");
  const toP = p(filters.to, "::timestamptz");
  const outcomeAnswers = questionAnswers("a", "r", {
    questions: { eq: p(outcome.id) },
    window: { from: filters.from, to: filters.to, fromSql: fromP, toSql: toP },
  });
  // The newest of each branch (coded answers by their responses' time, answer rows by hour), then the newest of both.
  const sql = `WITH o AS MATERIALIZED (
      SELECT o."responseId", o.y FROM (${bothBranches(
        outcomeAnswers,
        (b) => `(SELECT a."responseId", a."numericValue" AS y, a."createdAt" AS at
        FROM ${b.from}
       WHERE ${scope.sql}
         AND ${b.where}
         AND a."hidden" = false AND a."numericValue" IS NOT NULL
       ORDER BY ${b.newestFirst}
       LIMIT ${ROOT_CAUSE_SAMPLE})`,
      )}) o
       ORDER BY o.at DESC
       LIMIT ${ROOT_CAUSE_SAMPLE}),
    d AS MATERIALIZED (
      -- per response through the index by response (answersOfResponse: fenced)
      SELECT a."questionId", a."numericValue" AS x, a."choiceIds", o.y
        FROM o CROSS JOIN LATERAL ${answersOfResponse('o."responseId"', {
          questions: {
            any: p(
              drivers.map((q) => q.id),
              "::text[]",
            ),
          },
          visibleOnly: true,
        })} a),
    opts AS (SELECT * FROM unnest(${p(
      options.map((o) => o.question.id),
      "::text[]",
    )}, ${p(
      options.map((o) => o.choice.id),
      "::text[]",
    )}) AS t(qid, oid))
    SELECT 'outcome' AS kind, NULL::text AS qid, NULL::text AS oid, count(*)::int AS n, avg(o.y)::float8 AS mean, NULL::float8 AS r,
           (count(*) FILTER (WHERE o.y >= 9))::int AS promoters, (count(*) FILTER (WHERE o.y <= 6))::int AS detractors,
           NULL::float8 AS "meanChosen", NULL::float8 AS "meanOthers"
      FROM o
    UNION ALL
    SELECT 'question', d."questionId", NULL, count(*)::int, avg(d.x)::float8, corr(d.y, d.x)::float8, 0, 0, NULL, NULL
      FROM d WHERE d.x IS NOT NULL AND d."questionId" = ANY(${p(
        numeric.map((q) => q.id),
        "::text[]",
      )})
     GROUP BY d."questionId"
    UNION ALL
    SELECT 'option', opts.qid, opts.oid, count(*)::int,
           avg(CASE WHEN ${chosen} THEN 1.0 ELSE 0.0 END)::float8,
           corr(d.y, CASE WHEN ${chosen} THEN 1.0 ELSE 0.0 END)::float8, 0, 0,
           (avg(d.y) FILTER (WHERE ${chosen}))::float8, (avg(d.y) FILTER (WHERE NOT ${chosen}))::float8
      FROM d JOIN opts ON opts.qid = d."questionId"
     WHERE cardinality(d."choiceIds") > 0
     GROUP BY opts.qid, opts.oid`;
  type Row = {
    kind: "outcome" | "question" | "option";
    qid: string | null;
    oid: string | null;
    n: number;
    mean: number | null;
    r: number | null;
    promoters: number;
    detractors: number;
    meanChosen: number | null;
    meanOthers: number | null;
  };
  // JIT compilation costs more than it saves on this short statement (the planner's estimates for
  // the per-response lookups are far too high, which would switch it on).
  // (Prisma's interactive transactions time out after 5 s by default: a busy server may need longer.)
  const rows = await ctx.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL jit = off");
      return tx.$queryRawUnsafe<Row[]>(sql, ...params);
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  const numericRows = rows
    .filter((row) => row.kind !== "option")
    .map((row) => ({ ...row, questionId: row.kind === "outcome" ? null : row.qid, answered: row.n }));
  const optionRows = rows
    .filter((row) => row.kind === "option")
    .map((row) => ({
      qid: row.qid!,
      oid: row.oid!,
      answered: row.n,
      n: row.n,
      share: row.mean,
      r: row.r,
      meanChosen: row.meanChosen,
      meanOthers: row.meanOthers,
    }));

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
  const base = {
    outcome: outcomeSummary,
    minSampleSize: minSample,
    significanceLevel: 0.05,
    sampleLimit: ROOT_CAUSE_SAMPLE,
    sampled: outcomeRow.n >= ROOT_CAUSE_SAMPLE,
  };
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
    const diff =
      row && row.meanChosen !== null && row.meanOthers !== null
        ? performanceOfMean(outcomeType, row.meanChosen) - performanceOfMean(outcomeType, row.meanOthers)
        : null;
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
