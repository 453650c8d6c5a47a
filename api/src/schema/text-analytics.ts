// Text analytics: sentiment per open-text answer and in aggregate, and the word
// cloud, for members under the results filters or for a share link's visitor (shareToken).
// Rules and limits in domain/text-analytics and docs/text-analytics.md.
import { builder } from "./builder.js";
import { filtersArg, ResultsFilterInput } from "./results-filter.js";
import { QuestionNode } from "./question.js";
import type { SentimentAggregate } from "../domain/text-analytics/sentiment.js";
import type { CloudWord } from "../domain/text-analytics/word-cloud.js";
import { answerPage, textAnalytics, wordCloudOf, type AnalyzedAnswer, type TextAnalytics } from "../domain/text-analytics/service.js";

const SentimentLabelEnum = builder.enumType("SentimentLabel", { values: ["negative", "neutral", "positive"] as const });

const SentimentSummary = builder.objectRef<SentimentAggregate>("SentimentSummary").implement({
  description: "Sentiment of many answers: counts per label and the mean score",
  fields: (t) => ({
    count: t.exposeInt("count", { description: "answers scored" }),
    positive: t.exposeInt("positive"),
    neutral: t.exposeInt("neutral"),
    negative: t.exposeInt("negative"),
    mean: t.exposeFloat("mean", { nullable: true, description: "mean score, -1..1 (null without answers)" }),
  }),
});

const LanguageSentiment = builder.objectRef<SentimentAggregate & { language: string }>("LanguageSentiment").implement({
  fields: (t) => ({
    language: t.exposeString("language", { description: "en, es or fi" }),
    count: t.exposeInt("count"),
    positive: t.exposeInt("positive"),
    neutral: t.exposeInt("neutral"),
    negative: t.exposeInt("negative"),
    mean: t.exposeFloat("mean", { nullable: true }),
  }),
});

const WordCloudWord = builder.objectRef<CloudWord>("WordCloudWord").implement({
  description: "One word of the cloud: all its inflected forms counted under one stem",
  fields: (t) => ({
    word: t.exposeString("word", { description: "the most frequent written form" }),
    stem: t.exposeString("stem", { description: "the counting key" }),
    language: t.exposeString("language"),
    count: t.exposeInt("count", { description: "occurrences" }),
    answers: t.exposeInt("answers", { description: "answers using the word" }),
    sentiment: t.exposeFloat("sentiment", { nullable: true, description: "mean sentiment score (-1..1) of those answers" }),
  }),
});

const TextAnswerSentiment = builder.objectRef<AnalyzedAnswer>("TextAnswerSentiment").implement({
  fields: (t) => ({
    responseLegacyId: t.exposeString("responseId", { description: "the response's 24-hex _id" }),
    questionLegacyId: t.exposeString("questionId"),
    text: t.exposeString("text"),
    language: t.exposeString("language", { nullable: true, description: "the analysed language; null when unsupported (not scored)" }),
    responseLanguage: t.exposeString("responseLanguage", { description: "the response's language as stored" }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "null when a share link hides timestamps",
      resolve: (a) => a.createdAt ?? null,
    }),
    score: t.float({ nullable: true, description: "-1..1", resolve: (a) => a.sentiment?.score ?? null }),
    label: t.field({ type: SentimentLabelEnum, nullable: true, resolve: (a) => a.sentiment?.label ?? null }),
    positiveWords: t.stringList({
      description: "words counted as positive (negation applied)",
      resolve: (a) => (a.sentiment?.hits ?? []).filter((h) => h.value > 0).map((h) => h.word),
    }),
    negativeWords: t.stringList({ resolve: (a) => (a.sentiment?.hits ?? []).filter((h) => h.value < 0).map((h) => h.word) }),
  }),
});

const TextAnswerPage = builder.objectRef<{ totalCount: number; items: AnalyzedAnswer[] }>("TextAnswerPage").implement({
  fields: (t) => ({
    totalCount: t.exposeInt("totalCount", { description: "analysed answers matching the page's label and language" }),
    items: t.field({ type: [TextAnswerSentiment], resolve: (p) => p.items }),
  }),
});

const TextAnalyticsRef = builder.objectRef<TextAnalytics>("TextAnalytics").implement({
  description: "Sentiment and word cloud of open-text answers under the results filters (the most recent `cap` answers)",
  fields: (t) => ({
    questionLegacyIds: t.exposeStringList("questionIds", { description: "the open-text questions analysed" }),
    totalAnswers: t.exposeInt("totalAnswers", { description: "answers with text under the filters, counted up to 10,000 (see totalIsLowerBound)" }),
    totalIsLowerBound: t.exposeBoolean("totalIsLowerBound", { description: 'more than 10,000 answers matched: totalAnswers reads "at least"' }),
    analyzedAnswers: t.exposeInt("analyzedAnswers", { description: "answers analysed: the most recent, at most cap" }),
    cap: t.exposeInt("cap"),
    capped: t.exposeBoolean("capped", { description: "true when older answers were left out" }),
    unsupportedLanguageAnswers: t.exposeInt("unsupportedLanguageAnswers", { description: "analysed answers in a language other than en, es, fi: not scored" }),
    hiddenBecauseFewerThan: t.exposeInt("hiddenBecauseFewerThan", {
      nullable: true,
      description: "a share link's hideResultsIfLessThan when it hides these results (fewer answers); nothing else is shown then",
    }),
    sentiment: t.field({ type: SentimentSummary, resolve: (r) => r.sentiment }),
    sentimentByLanguage: t.field({ type: [LanguageSentiment], resolve: (r) => r.sentimentByLanguage }),
    words: t.field({
      type: [WordCloudWord],
      description: "the word cloud: stemmed words without stop words, most frequent first",
      args: {
        limit: t.arg.int({ description: "1..200, default 50" }),
        language: t.arg.string({ description: "only this language's words (en, es, fi)" }),
      },
      resolve: (r, args) => wordCloudOf(r, { limit: args.limit, language: args.language }),
    }),
    answers: t.field({
      type: TextAnswerPage,
      description: "per-answer sentiment, newest first",
      args: {
        first: t.arg.int({ description: "1..100, default 20" }),
        offset: t.arg.int({ description: "default 0" }),
        label: t.arg({ type: SentimentLabelEnum }),
        language: t.arg.string(),
      },
      resolve: (r, args) => answerPage(r, args),
    }),
  }),
});

builder.queryField("textAnalytics", (t) =>
  t.field({
    type: TextAnalyticsRef,
    description:
      "Sentiment and word cloud of open-text answers (one question, or every open-text question) under the results filters; members, or a share link's visitor with shareToken",
    args: {
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
      questionId: t.arg.globalID({ for: QuestionNode, description: "an open-text question's id; without it every open-text question under the filters" }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: (_root, args, ctx) => textAnalytics(ctx, { filters: filtersArg(args.filters), questionId: args.questionId?.id, shareToken: args.shareToken }),
  }),
);
