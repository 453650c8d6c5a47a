// Customer journeys (spec 001 §3 "Customer journey", §7 "Journeys"): the journeys of the
// organisation, their editing, and their analytics (members, or a share link's visitor with
// shareToken). Rules in domain/journeys/.
import { builder } from "./builder.js";
import { filtersArg, ResultsFilterInput } from "./results-filter.js";
import {
  createJourney,
  deleteJourney,
  getJourney,
  journeyKpis,
  journeyMessages,
  listJourneys,
  updateJourney,
  type Journey,
  type JourneyStage,
} from "../domain/journeys/journeys.js";
import { journeyResultsOfRequest, type JourneyResult, type KpiFigure, type StagePoint, type StageResult } from "../domain/journeys/analytics.js";

export const JourneyKpiEnum = builder.enumType("JourneyKpi", { values: journeyKpis, description: "the KPI a journey is scored by (default nps)" });

const StageSurvey = builder.objectRef<JourneyStage["surveys"][number]>("JourneyStageSurvey").implement({
  fields: (t) => ({
    surveyId: t.exposeString("surveyId", { description: "the survey's 24-hex id" }),
    questionIds: t.exposeStringList("questionIds", { description: "the questions that score the KPI (24-hex ids)" }),
  }),
});
const Stage = builder.objectRef<JourneyStage>("JourneyStage").implement({
  description: "A stage of a journey: its touchpoints and the surveys and questions that score it",
  fields: (t) => ({
    name: t.exposeString("name"),
    touchpointIds: t.exposeStringList("touchpointIds", { description: "24-hex ids" }),
    surveys: t.field({ type: [StageSurvey], resolve: (s) => s.surveys }),
  }),
});

export const CustomerJourneyType = builder.objectRef<Journey>("CustomerJourney");
CustomerJourneyType.implement({
  description: "A customer journey: stages scored by a KPI",
  fields: (t) => ({
    id: t.globalID({ resolve: (j) => ({ type: "CustomerJourney", id: j.id }) }),
    legacyId: t.exposeString("id", { description: "the journey's 24-hex _id (/customer-journey/{id})" }),
    name: t.exposeString("name"),
    kpi: t.field({ type: JourneyKpiEnum, resolve: (j) => j.kpi }),
    steps: t.field({ type: [Stage], resolve: (j) => j.steps }),
    createdAt: t.field({ type: "DateTime", resolve: (j) => j.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (j) => j.updatedAt }),
  }),
});

const StageSurveyInput = builder.inputType("JourneyStageSurveyInput", {
  fields: (t) => ({
    surveyId: t.string({ required: true, description: "the survey's 24-hex id" }),
    questionIds: t.stringList({ description: "the questions that score the KPI; none: the survey's eligible ones" }),
  }),
});
const StageInput = builder.inputType("JourneyStageInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    touchpointIds: t.stringList({ required: true, description: "at least one (24-hex ids)" }),
    surveys: t.field({ type: [StageSurveyInput], required: true }),
  }),
});
const JourneyInput = builder.inputType("CustomerJourneyInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    kpi: t.field({ type: JourneyKpiEnum, description: "default nps" }),
    steps: t.field({ type: [StageInput], required: true }),
  }),
});

builder.queryField("customerJourneys", (t) =>
  t.field({
    type: [CustomerJourneyType],
    description: "The organisation's customer journeys, newest first (GET /customer-journey)",
    resolve: (_root, _args, ctx) => listJourneys(ctx),
  }),
);

builder.queryField("customerJourney", (t) =>
  t.field({
    type: CustomerJourneyType,
    description: "One customer journey (GET /customer-journey/{id})",
    args: { id: t.arg.globalID({ required: true, for: CustomerJourneyType }) },
    resolve: (_root, { id }, ctx) => getJourney(ctx, id.id),
  }),
);

const JourneyPayload = builder.objectRef<{ journey: Journey; message: string }>("CustomerJourneyPayload").implement({
  fields: (t) => ({
    journey: t.field({ type: CustomerJourneyType, resolve: (p) => p.journey }),
    message: t.exposeString("message", { description: "Journey created / Journey saved" }),
  }),
});

builder.mutationField("createCustomerJourney", (t) =>
  t.field({
    type: JourneyPayload,
    description: "Create a journey (POST /customer-journey)",
    args: { input: t.arg({ type: JourneyInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ journey: await createJourney(ctx, input), message: journeyMessages.created }),
  }),
);

builder.mutationField("updateCustomerJourney", (t) =>
  t.field({
    type: JourneyPayload,
    description: "Save a journey (PUT /customer-journey/{id})",
    args: { id: t.arg.globalID({ required: true, for: CustomerJourneyType }), input: t.arg({ type: JourneyInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => ({ journey: await updateJourney(ctx, id.id, input), message: journeyMessages.saved }),
  }),
);

const DeletePayload = builder.objectRef<{ id: string }>("DeleteCustomerJourneyPayload").implement({
  fields: (t) => ({
    deletedJourneyId: t.globalID({ description: "the deleted journey's id (for @deleteRecord)", resolve: (p) => ({ type: "CustomerJourney", id: p.id }) }),
    message: t.string({ description: "Journey deleted", resolve: () => journeyMessages.deleted }),
  }),
});

builder.mutationField("deleteCustomerJourney", (t) =>
  t.field({
    type: DeletePayload,
    description: "Delete a journey (DELETE /customer-journey/{id})",
    args: { id: t.arg.globalID({ required: true, for: CustomerJourneyType }) },
    resolve: (_root, { id }, ctx) => deleteJourney(ctx, id.id),
  }),
);

const Figure = builder.objectRef<KpiFigure>("JourneyKpiFigure").implement({
  fields: (t) => ({
    value: t.exposeFloat("value", { nullable: true, description: "the KPI; null without answers" }),
    count: t.exposeInt("count", { description: "the answers that scored it" }),
  }),
});
const Point = builder.objectRef<StagePoint>("JourneyStagePoint").implement({
  fields: (t) => ({
    group: t.exposeString("group"),
    label: t.exposeString("label"),
    value: t.exposeFloat("value", { nullable: true }),
    count: t.exposeInt("count"),
  }),
});
const StageResultRef = builder.objectRef<StageResult>("JourneyStageResult").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    now: t.field({ type: Figure, resolve: (s) => s.now }),
    earlier: t.field({ type: Figure, resolve: (s) => s.earlier, description: "the equal-length period just before" }),
    series: t.field({ type: [Point], resolve: (s) => s.series, description: "over time, by the filters' groupBy (daily by default)" }),
  }),
});
const TotalRef = builder.objectRef<JourneyResult["total"]>("JourneyTotal").implement({
  fields: (t) => ({
    now: t.field({ type: Figure, resolve: (s) => s.now }),
    earlier: t.field({ type: Figure, resolve: (s) => s.earlier }),
  }),
});
const JourneyResultRef = builder.objectRef<JourneyResult>("JourneyResult").implement({
  description: "A journey's KPI per stage, now and earlier, and over time (POST /results/customer-journey/{id})",
  fields: (t) => ({
    journeyId: t.exposeString("journeyId"),
    name: t.exposeString("name"),
    kpi: t.field({ type: JourneyKpiEnum, resolve: (r) => r.kpi }),
    from: t.exposeString("from"),
    to: t.exposeString("to"),
    utcOffset: t.exposeInt("utcOffset"),
    groupBy: t.exposeString("groupBy"),
    stages: t.field({ type: [StageResultRef], resolve: (r) => r.stages }),
    total: t.field({ type: TotalRef, resolve: (r) => r.total }),
    source: t.exposeString("source", { description: "rollup or raw" }),
  }),
});

builder.queryField("journeyResult", (t) =>
  t.field({
    type: JourneyResultRef,
    description: "A journey's analytics under the results filters (members, or a share link's visitor with shareToken)",
    args: {
      id: t.arg.globalID({ required: true, for: CustomerJourneyType }),
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
      shareToken: t.arg.string({ description: "a share link's token, for visitors without a session" }),
    },
    resolve: (_root, args, ctx) => journeyResultsOfRequest(ctx, args.id.id, { filters: filtersArg(args.filters) ?? {}, shareToken: args.shareToken }),
  }),
);
