// Root-cause analysis: each question's and answer option's importance for an
// outcome (NPS, smiley or slider) against its performance, for members under the results filters or
// a share link's visitor (shareToken). Method in domain/root-cause and docs/root-cause.md.
import { builder } from "./builder.js";
import { rootCause, type RootCause, type RootCauseItem } from "../domain/root-cause/service.js";
import { filtersArg, ResultsFilterInput } from "./results-filter.js";
import { QuestionNode } from "./question.js";

const RootCauseItemKind = builder.enumType("RootCauseItemKind", { values: ["question", "option"] as const });
const RootCauseStatus = builder.enumType("RootCauseStatus", {
  values: {
    ok: { description: "enough responses and variance: importance and quadrant are meaningful" },
    insufficient: { description: "fewer responses answering both than minSampleSize" },
    noVariance: { description: "everyone answered alike (or nobody chose the option): no correlation" },
  } as const,
});
const RootCauseQuadrant = builder.enumType("RootCauseQuadrant", {
  values: {
    fixFirst: { description: "important and underperforming: act here first" },
    strength: { description: "important and performing well: keep it up" },
    monitor: { description: "less important and underperforming" },
    maintain: { description: "less important and performing well" },
  } as const,
});

const RootCauseOutcome = builder.objectRef<RootCause["outcome"]>("RootCauseOutcome").implement({
  fields: (t) => ({
    questionLegacyId: t.exposeString("questionId"),
    title: t.exposeString("title"),
    type: t.exposeString("type", { description: "nps, smiley or slider" }),
    n: t.exposeInt("n", { description: "responses answering the outcome (analysed, at most sampleLimit)" }),
    performance: t.exposeFloat("performance", { nullable: true, description: "mean score on 0–100" }),
    nps: t.exposeFloat("nps", { nullable: true, description: "NPS outcomes: −100..100" }),
  }),
});

const RootCauseItemRef = builder.objectRef<RootCauseItem>("RootCauseItem").implement({
  description: "A question (numeric) or an answer option (choice question) and how it drives the outcome",
  fields: (t) => ({
    kind: t.field({ type: RootCauseItemKind, resolve: (i) => i.kind }),
    questionLegacyId: t.exposeString("questionId"),
    questionTitle: t.exposeString("questionTitle"),
    questionType: t.exposeString("questionType"),
    optionId: t.exposeString("optionId", { nullable: true }),
    optionText: t.exposeString("optionText", { nullable: true }),
    importance: t.exposeFloat("importance", { nullable: true, description: "correlation with the outcome, −1..1 (Pearson; point-biserial for options)" }),
    pValue: t.exposeFloat("pValue", { nullable: true, description: "two-sided, Student's t with n−2 degrees of freedom" }),
    significant: t.exposeBoolean("significant", { description: "p below the significance level, with enough responses" }),
    n: t.exposeInt("n", { description: "responses answering both this question and the outcome" }),
    answered: t.exposeInt("answered", { description: "analysed responses answering this question" }),
    performance: t.exposeFloat("performance", { nullable: true, description: "0–100: mean score (questions) or share choosing the option (options)" }),
    outcomeDifference: t.exposeFloat("outcomeDifference", {
      nullable: true,
      description: "options: the outcome's mean (0–100 scale) among those choosing it minus among the others",
    }),
    status: t.field({ type: RootCauseStatus, resolve: (i) => i.status }),
    quadrant: t.field({ type: RootCauseQuadrant, nullable: true, resolve: (i) => i.quadrant }),
  }),
});

const RootCauseRef = builder.objectRef<RootCause>("RootCause").implement({
  description: "Importance against performance of a survey's questions and options for an outcome",
  fields: (t) => ({
    outcome: t.field({ type: RootCauseOutcome, resolve: (r) => r.outcome }),
    minSampleSize: t.exposeInt("minSampleSize"),
    significanceLevel: t.exposeFloat("significanceLevel"),
    sampleLimit: t.exposeInt("sampleLimit", { description: "the most responses analysed: the most recent answering the outcome" }),
    sampled: t.exposeBoolean("sampled", { description: "more responses answered the outcome than were analysed" }),
    hiddenBecauseFewerThan: t.exposeInt("hiddenBecauseFewerThan", {
      nullable: true,
      description: "a share link's hideResultsIfLessThan when it hides these results",
    }),
    items: t.field({ type: [RootCauseItemRef], description: "most important first; insufficient and no-variance items last", resolve: (r) => r.items }),
  }),
});

builder.queryField("rootCause", (t) =>
  t.field({
    type: RootCauseRef,
    description:
      "Which questions and answer options drive an outcome (NPS, smiley or slider question) under the results filters; members, or a share link's visitor with shareToken",
    args: {
      outcomeQuestionId: t.arg.globalID({ required: true, for: QuestionNode, description: "the outcome question's id" }),
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
      minSampleSize: t.arg.int({ description: "responses answering both below which an item is insufficient (default 30, at least 10)" }),
      locale: t.arg.string({ description: "language of question and option titles (default en)" }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: (_root, args, ctx) =>
      rootCause(ctx, {
        outcomeQuestionId: args.outcomeQuestionId.id,
        filters: filtersArg(args.filters),
        minSampleSize: args.minSampleSize,
        locale: args.locale,
        shareToken: args.shareToken,
      }),
  }),
);
