// Text analytics of open-text answers under the results filters: sentiment per answer and in
// aggregate, and the word cloud, each in the answer's response language (en, es, fi).
//
// Speed: at most TEXT_ANALYSIS_CAP answers are analysed per request, the most recent ones under the
// filters (the answer says how many matched, counted up to COUNT_LIMIT, and whether it was capped).
// Scoring and counting 5,000 answers takes about 0.2 s here; everything runs in this process, offline.
import { type AnswerBranch, bothBranches, questionAnswers } from "../answers/rows.js";
import type { DomainContext } from "../context.js";
import { badInput } from "../errors.js";
import { textLanguageOf, type TextLanguage } from "./languages.js";
import { aggregateSentiment, analyzeSentiment, type SentimentAggregate, type TextSentiment } from "./sentiment.js";
import { buildWordCloud, type CloudWord } from "./word-cloud.js";
import { findScopedQuestion, resolveAnalyticsRequest, type AnalyticsRequestInput } from "./request.js";
import { visibleSurveyIds } from "../results-scope/response-scope.js";

/** The most answers analysed per request: the most recent ones under the filters. */
export const TEXT_ANALYSIS_CAP = 5000;
/** Longer answers are analysed on their first this many characters. */
const MAX_TEXT_LENGTH = 5000;
const MAX_CLOUD_WORDS = 200;
/** Matching answers are counted up to this many; beyond it the answer says "at least". */
export const COUNT_LIMIT = 10_000;
const MAX_PAGE = 100;

export type AnalyzedAnswer = {
  answerId: string;
  responseId: string;
  questionId: string;
  text: string;
  /** the response's language as stored */
  responseLanguage: string;
  /** the analysed language; null when we have no resources for it */
  language: TextLanguage | null;
  /** null when the share link hides timestamps */
  createdAt: Date | null;
  /** null for an unsupported language */
  sentiment: TextSentiment | null;
};

export type TextAnalytics = {
  questionIds: string[];
  /** answers with text under the filters (at most COUNT_LIMIT: see totalIsLowerBound) */
  totalAnswers: number;
  /** true when more than COUNT_LIMIT answers matched: totalAnswers then reads "at least" */
  totalIsLowerBound: boolean;
  /** how many were analysed (at most `cap`, the most recent) */
  analyzedAnswers: number;
  cap: number;
  capped: boolean;
  /** analysed answers in a language without resources (counted, not scored) */
  unsupportedLanguageAnswers: number;
  /** set when a share link hides results with fewer answers than this (nothing else is shown) */
  hiddenBecauseFewerThan: number | null;
  sentiment: SentimentAggregate;
  sentimentByLanguage: (SentimentAggregate & { language: TextLanguage })[];
  /** newest first */
  answers: AnalyzedAnswer[];
};

type Row = { answerId: string; responseId: string; questionId: string; text: string; language: string; createdAt: Date };

export async function textAnalytics(ctx: DomainContext, input: AnalyticsRequestInput & { questionId?: string | null }): Promise<TextAnalytics> {
  const req = await resolveAnalyticsRequest(ctx, input);
  const { scope, filters } = req;
  let questionIds: string[];
  if (input.questionId) {
    const q = await findScopedQuestion(req, input.questionId);
    if (q.type !== "openText") throw badInput("Text analytics needs an open-text question", "questionId");
    questionIds = [q.id];
  } else {
    const surveyIds = filters.surveyIds.length
      ? await visibleSurveyIds(req.db, { organizationId: scope.organizationId, unitIds: req.visibleUnitIds }, filters.surveyIds)
      : null;
    const questions = await req.db.question.findMany({
      where: { type: "openText", ...(surveyIds ? { surveyId: { in: surveyIds } } : {}) },
      select: { id: true },
    });
    questionIds = questions.map((q) => q.id).filter((id) => !req.hiddenQuestionIds.has(id));
  }

  const params = [...scope.params];
  const p = (value: unknown, cast = "") => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  // The window's ends, which each branch names the way its index serves.
  const fromP = p(filters.from, "::timestamptz");
  const toP = p(filters.to, "::timestamptz");
  // Both places of answers (answers/rows.ts): texts coded in their response rows (through the index
  // of the responses with a text by survey and hour) and answer rows (through the index by question
  // and hour). Each branch gives its newest, then the newest of both.
  const texts = questionAnswers("a", "r", {
    questions: { any: p(questionIds, "::text[]") },
    window: { from: filters.from, to: filters.to, fromSql: fromP, toSql: toP },
    texts: true,
  });
  const where = (b: AnswerBranch) => `${scope.sql}
      AND a."hidden" = false
      AND ${b.where}
      AND a."textValue" IS NOT NULL AND btrim(a."textValue") <> ''`;
  const rows = questionIds.length
    ? await req.db.$queryRawUnsafe<Row[]>(
        `SELECT t."answerId", t."responseId", t."questionId", t."text", t."language", t."createdAt" FROM (${bothBranches(
          texts,
          (b) => `(SELECT a."answerKey" AS "answerId", a."responseId", a."questionId", left(a."textValue", ${MAX_TEXT_LENGTH}) AS "text",
                r."language", r."createdAt"
           FROM ${b.from}
          WHERE ${where(b)}
          ORDER BY ${b.newestFirst}, a."answerKey" DESC
          LIMIT ${TEXT_ANALYSIS_CAP})`,
        )}) t
          ORDER BY t."createdAt" DESC, t."answerId" DESC
          LIMIT ${TEXT_ANALYSIS_CAP}`,
        ...params,
      )
    : [];
  let totalAnswers = rows.length;
  let totalIsLowerBound = false;
  if (rows.length >= TEXT_ANALYSIS_CAP) {
    // Counted up to COUNT_LIMIT only: an exact count of millions of answers costs seconds.
    const [count] = await req.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (${bothBranches(texts, (b) => `(SELECT 1 FROM ${b.from} WHERE ${where(b)} LIMIT ${COUNT_LIMIT + 1})`)} LIMIT ${COUNT_LIMIT + 1}) x`,
      ...params,
    );
    totalAnswers = Math.min(count?.n ?? rows.length, COUNT_LIMIT);
    totalIsLowerBound = (count?.n ?? 0) > COUNT_LIMIT;
  }

  const base = {
    questionIds,
    totalAnswers,
    totalIsLowerBound,
    analyzedAnswers: rows.length,
    cap: TEXT_ANALYSIS_CAP,
    capped: totalAnswers > rows.length,
  };
  const threshold = req.share?.hideResultsIfLessThan ?? null;
  if (threshold !== null && rows.length < threshold) {
    return {
      ...base,
      unsupportedLanguageAnswers: 0,
      hiddenBecauseFewerThan: threshold,
      sentiment: aggregateSentiment([]),
      sentimentByLanguage: [],
      answers: [],
    };
  }

  const hideTimestamps = req.share?.hideTimestamps ?? false;
  const answers: AnalyzedAnswer[] = rows.map((row) => {
    const language = textLanguageOf(row.language);
    return {
      answerId: row.answerId,
      responseId: row.responseId,
      questionId: row.questionId,
      text: row.text,
      responseLanguage: row.language,
      language,
      createdAt: hideTimestamps ? null : row.createdAt,
      sentiment: language ? analyzeSentiment(row.text, language) : null,
    };
  });
  const scored = answers.filter((a) => a.sentiment !== null);
  const byLanguage = new Map<TextLanguage, number[]>();
  for (const a of scored) {
    const scores = byLanguage.get(a.language!);
    if (scores) scores.push(a.sentiment!.score);
    else byLanguage.set(a.language!, [a.sentiment!.score]);
  }
  return {
    ...base,
    unsupportedLanguageAnswers: answers.length - scored.length,
    hiddenBecauseFewerThan: null,
    sentiment: aggregateSentiment(scored.map((a) => a.sentiment!.score)),
    sentimentByLanguage: [...byLanguage].sort((a, b) => b[1].length - a[1].length).map(([language, scores]) => ({ language, ...aggregateSentiment(scores) })),
    answers,
  };
}

/** The word cloud of analysed answers (optionally one language's), at most MAX_CLOUD_WORDS words. */
export function wordCloudOf(result: TextAnalytics, opts: { limit?: number | null; language?: string | null } = {}): CloudWord[] {
  const limit = opts.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CLOUD_WORDS) throw badInput(`limit must be between 1 and ${MAX_CLOUD_WORDS}`, "limit");
  const language = opts.language ? textLanguageOf(opts.language) : null;
  if (opts.language && !language) throw badInput("Text analytics supports the languages en, es and fi", "language");
  const texts = result.answers
    .filter((a) => a.language && a.sentiment && (!language || a.language === language))
    .map((a) => ({ text: a.text, language: a.language!, sentiment: a.sentiment!.score }));
  return buildWordCloud(texts, limit);
}

/** A page of the analysed answers, newest first, optionally of one label or language. */
export function answerPage(
  result: TextAnalytics,
  opts: { first?: number | null; offset?: number | null; label?: string | null; language?: string | null } = {},
): { totalCount: number; items: AnalyzedAnswer[] } {
  const first = opts.first ?? 20;
  const offset = opts.offset ?? 0;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput(`first must be between 1 and ${MAX_PAGE}`, "first");
  if (!Number.isInteger(offset) || offset < 0) throw badInput("offset must not be negative", "offset");
  const language = opts.language ? textLanguageOf(opts.language) : null;
  if (opts.language && !language) throw badInput("Text analytics supports the languages en, es and fi", "language");
  const matching = result.answers.filter((a) => (!opts.label || a.sentiment?.label === opts.label) && (!language || a.language === language));
  return { totalCount: matching.length, items: matching.slice(offset, offset + first) };
}
