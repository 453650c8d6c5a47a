// Results analytics in GraphQL (spec 001 §2 /results, §3 "Question result"): Query.questionResult
// (one question) and Query.results (every question of the filtered surveys). Members, or a share
// link's visitor with `shareToken` (or the X-Share-Token header). Rules: domain/analytics/results.ts.
import { builder } from "./builder.js";
import {
  getQuestionResult,
  getResults,
  type DistributionItem,
  type EviClusterCount,
  type Metrics,
  type QuestionResult,
  type SatisfactionReport,
  type SeriesPoint,
  resultsResponseLimitNotice,
} from "../domain/analytics/results.js";
import { resultsFilterOptions, type FilterOptionMetaKey, type FilterOptionQuestion, type ResultsFilterOptions } from "../domain/analytics/filter-options.js";
import { LocalizedText, QuestionChoice, QuestionNode, QuestionOptions, textEntries } from "./question.js";
import { storedChoices, storedOptions, storedText } from "../domain/surveys/stored.js";
import { resultsRequest } from "../domain/results-scope/request.js";
import type { GraphQLContext } from "./builder.js";
import { filtersArg, ResultsFilterInput, type ResultsFilterArg } from "./results-filter.js";
import { selectsSubfield } from "./selection.js";

const ResultDistributionItem = builder.objectRef<DistributionItem>("ResultDistributionItem").implement({
  fields: (t) => ({
    value: t.exposeString("value", { description: "a choice id, or the stored value (smiley 0–1, NPS 0–10, slider 0–1)" }),
    label: t.string({
      nullable: true,
      args: { locale: t.arg.string({ description: "the reader's language: a choice's text in it when the survey has one (default: en)" }) },
      description: "the choice's text (in `locale`, else en), the smiley button index, the NPS score or the slider value on its scale",
      resolve: (d, { locale }) => (locale && d.texts?.[locale]) || d.label,
    }),
    count: t.exposeInt("count"),
    percent: t.exposeFloat("percent", { description: "share of the answers (of the group, in a series): stacks to 100 %, except multiple choice" }),
  }),
});

const ResultEviCluster = builder.objectRef<EviClusterCount>("ResultEviCluster").implement({
  description: "An emotion question's answers in one cluster of the emotional value index",
  fields: (t) => ({
    cluster: t.exposeString("cluster", { description: "advocacy, trust, attention, destroying (or a cluster of the question's options.clusters)" }),
    value: t.exposeFloat("value", { description: "the cluster's value, −1…1" }),
    count: t.exposeInt("count", { description: "answers whose emotion belongs to the cluster" }),
    percent: t.exposeFloat("percent", { description: "share of the question's answers" }),
  }),
});

const ResultMetrics = builder.objectRef<Metrics & { distribution?: DistributionItem[]; eviClusters?: EviClusterCount[] | null }>("ResultMetrics").implement({
  fields: (t) => ({
    count: t.exposeInt("count", { description: "answers" }),
    mean: t.exposeFloat("mean", { nullable: true, description: "smiley 0–1, NPS 0–10, slider on its scale" }),
    satisfaction: t.exposeFloat("satisfaction", { nullable: true, description: "mean × 100 (smiley, slider)" }),
    nps: t.exposeInt("nps", { nullable: true }),
    promoters: t.exposeInt("promoters", { nullable: true }),
    passives: t.exposeInt("passives", { nullable: true }),
    detractors: t.exposeInt("detractors", { nullable: true }),
    evi: t.exposeFloat("evi", { nullable: true, description: "emotional value index −100…100" }),
    distribution: t.field({ type: [ResultDistributionItem], resolve: (m) => m.distribution ?? [] }),
    eviClusters: t.field({
      type: [ResultEviCluster],
      nullable: true,
      description: "emotion questions: the answers per EVI cluster, highest value first (per emotion: distribution); null for other types",
      resolve: (m) => m.eviClusters ?? null,
    }),
  }),
});

const ResultSeriesPoint = builder.objectRef<SeriesPoint>("ResultSeriesPoint").implement({
  fields: (t) => ({
    group: t.exposeString("group", { description: "yyyy-MM-dd, hour 00–23, ISO weekday 1–7, yyyy-Www, yyyy-MM, touchpoint id or metadata value" }),
    label: t.exposeString("label"),
    metrics: t.field({ type: ResultMetrics, resolve: (p) => ({ ...p.metrics, distribution: p.distribution, eviClusters: p.eviClusters }) }),
  }),
});

const ResultSatisfactionReport = builder.objectRef<SatisfactionReport>("ResultSatisfactionReport").implement({
  fields: (t) => ({
    dissatisfied: t.field({ type: ResultDistributionItem, resolve: (r) => r.dissatisfied }),
    neutral: t.field({ type: ResultDistributionItem, resolve: (r) => r.neutral }),
    satisfied: t.field({ type: ResultDistributionItem, resolve: (r) => r.satisfied }),
  }),
});

const QuestionResultRef = builder.objectRef<QuestionResult>("QuestionResult").implement({
  fields: (t) => ({
    questionLegacyId: t.exposeString("questionId"),
    surveyLegacyId: t.exposeString("surveyId"),
    questionType: t.exposeString("questionType"),
    title: t.string({
      args: { locale: t.arg.string() },
      resolve: (r, { locale }) => {
        const title = r.title as Record<string, string> | string;
        if (typeof title === "string") return title;
        return title?.[locale ?? "en"] ?? title?.en ?? Object.values(title ?? {})[0] ?? "";
      },
    }),
    organizationOverallCount: t.int({
      description: "organizationNowCount.overallCount: answers in the window whatever the touchpoint filter",
      resolve: (r) => r.organizationNowCount.overallCount,
    }),
    hidden: t.exposeBoolean("hidden", { description: "hidden by the share link's hideResultsIfLessThan" }),
    mainResult: t.field({ type: ResultMetrics, nullable: true, resolve: (r) => r.mainResult }),
    earlier: t.field({ type: ResultMetrics, nullable: true, resolve: (r) => r.earlier }),
    groupBy: t.exposeString("groupBy"),
    stackedTo100: t.exposeBoolean("stackedTo100"),
    series: t.field({ type: [ResultSeriesPoint], resolve: (r) => r.series }),
    satisfactionReport: t.field({ type: ResultSatisfactionReport, nullable: true, resolve: (r) => r.satisfactionReport }),
    source: t.exposeString("source", { description: "rollup or raw" }),
  }),
});

/** The caller (resolved once per request) and the filters it reads under: domain/results-scope/request.ts. */
async function requestOf(ctx: GraphQLContext, shareToken: string | null | undefined, filters: ResultsFilterArg | null | undefined) {
  return resultsRequest(ctx, { shareToken, filters: filtersArg(filters) ?? {} });
}

builder.queryField("questionResult", (t) =>
  t.field({
    type: QuestionResultRef,
    description: "One question's result under the results filters (members, or a share link's visitor with shareToken)",
    args: {
      questionId: t.arg.globalID({ required: true, for: QuestionNode, description: "the question's id" }),
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: async (_root, args, ctx, info) => {
      const r = await requestOf(ctx, args.shareToken, args.filters);
      return getQuestionResult(r.reader, args.questionId.id, r.filters, {
        hideResultsIfLessThan: r.share?.options.hideResultsIfLessThan ?? null,
        withSeries: selectsSubfield(info, "series"),
      });
    },
  }),
);

builder.queryField("results", (t) =>
  t.field({
    type: [QuestionResultRef],
    description: "Every question's result of the filtered surveys (hidden questions and, with the option, empty ones left out)",
    args: {
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: async (_root, args, ctx, info) => {
      const r = await requestOf(ctx, args.shareToken, args.filters);
      // A query that asks no series (the results table) gets none computed: the cheaper read.
      return getResults(r.reader, r.filters, {
        hideResultsIfLessThan: r.share?.options.hideResultsIfLessThan ?? null,
        withSeries: selectsSubfield(info, "series"),
      });
    },
  }),
);

builder.queryField("responseLimitNotice", (t) =>
  t.string({
    nullable: true,
    description:
      "\"Response limit exceeded (some responses not shown)\" when the organisation has responses over its response limit in the filters' window (members, or a share link's visitor with shareToken); else null",
    args: {
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: async (_root, args, ctx) => {
      const r = await requestOf(ctx, args.shareToken, args.filters);
      return resultsResponseLimitNotice(r.reader, r.filters);
    },
  }),
);

// ---------------------------------------------------------------------------------------------
// The filter bar's choices (domain/analytics/filter-options.ts)
// ---------------------------------------------------------------------------------------------

const ResultsFilterSurvey = builder.objectRef<{ id: string; name: string }>("ResultsFilterSurvey").implement({
  fields: (t) => ({ legacyId: t.exposeString("id"), name: t.exposeString("name") }),
});

const ResultsFilterTouchpoint = builder.objectRef<ResultsFilterOptions["touchpoints"][number]>("ResultsFilterTouchpoint").implement({
  fields: (t) => ({ legacyId: t.exposeString("id"), name: t.exposeString("name"), type: t.exposeString("type"), unitLegacyId: t.exposeString("unitId") }),
});

const ResultsFilterQuestion = builder.objectRef<FilterOptionQuestion>("ResultsFilterQuestion").implement({
  description: "A question as the filter bar offers it: restrict by answer, hidden questions, root-cause outcomes",
  fields: (t) => ({
    legacyId: t.exposeString("id"),
    surveyLegacyId: t.exposeString("surveyId"),
    type: t.exposeString("type"),
    title: t.field({ type: [LocalizedText], resolve: (q) => textEntries(storedText(q.title)) }),
    choices: t.field({ type: [QuestionChoice], description: "hidden choices included (hidden: true)", resolve: (q) => storedChoices(q.choices) }),
    options: t.field({ type: QuestionOptions, nullable: true, resolve: (q) => storedOptions(q.type, q.options) }),
  }),
});

const ResultsFilterMetaValue = builder.objectRef<FilterOptionMetaKey["values"][number]>("ResultsFilterMetaValue").implement({
  fields: (t) => ({ value: t.exposeString("value"), count: t.exposeInt("count") }),
});

const ResultsFilterMetaKey = builder.objectRef<FilterOptionMetaKey>("ResultsFilterMetaKey").implement({
  fields: (t) => ({
    key: t.exposeString("key"),
    count: t.exposeInt("count", { description: "responses in the scope with this key" }),
    values: t.field({ type: [ResultsFilterMetaValue], description: "the most used values, most used first (at most 50)", resolve: (k) => k.values }),
  }),
});

const ResultsFilterOptionsRef = builder.objectRef<ResultsFilterOptions>("ResultsFilterOptions").implement({
  description:
    "What the results filter bar may offer. A share link's visitor gets only the lists of filters the link's allowChanges lets them change, within what the link's creator sees and the link's team",
  fields: (t) => ({
    surveys: t.field({ type: [ResultsFilterSurvey], resolve: (o) => o.surveys }),
    touchpoints: t.field({ type: [ResultsFilterTouchpoint], resolve: (o) => o.touchpoints }),
    questions: t.field({ type: [ResultsFilterQuestion], resolve: (o) => o.questions }),
    metaKeys: t.field({ type: [ResultsFilterMetaKey], description: "metadata keys in use in the window, most used first", resolve: (o) => o.metaKeys }),
  }),
});

builder.queryField("resultsFilterOptions", (t) =>
  t.field({
    type: ResultsFilterOptionsRef,
    description: "The results filter bar's choices: surveys, touchpoints, questions and metadata in use (members, or a share link's visitor with shareToken)",
    args: {
      filters: t.arg({
        type: ResultsFilterInput,
        description: "the results filters (spec 001 §3); for a visitor the link's filters apply, with their allowed changes",
      }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: async (_root, args, ctx) => {
      const r = await requestOf(ctx, args.shareToken, args.filters);
      return resultsFilterOptions(r.reader, r.filters);
    },
  }),
);
