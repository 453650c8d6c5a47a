// The summary dashboard in GraphQL (spec 001 §2 /summary, §3 "Summary filters" / "Summary result"):
// Query.summary and Subscription.summaryResponsesArrived (new responses at the touchpoints the
// viewer's summary covers, so its counts move while responses arrive). Rules: domain/analytics.
import { builder } from "./builder.js";
import { SurveyType } from "./survey.js";
import { UnitType } from "./unit.js";
import { getSummary, type RankingRow, type SummaryDay, type SummaryResult } from "../domain/analytics/summary.js";
import { callerVisibility } from "../domain/results-scope/response-scope.js";
import type { OrganizationResponsesEvent } from "../pubsub/bus.js";
import { requireOrganization } from "../domain/viewer.js";

type FloatPair = { now: number | null; earlier: number | null };
type IntPair = { now: number; earlier: number };

const SummaryFloatPair = builder.objectRef<FloatPair>("SummaryFloatPair").implement({
  description: "a figure in the window (now) and in the same length just before it (earlier); null without data",
  fields: (t) => ({ now: t.exposeFloat("now", { nullable: true }), earlier: t.exposeFloat("earlier", { nullable: true }) }),
});
const SummaryIntPair = builder.objectRef<IntPair>("SummaryIntPair").implement({
  fields: (t) => ({ now: t.exposeInt("now"), earlier: t.exposeInt("earlier") }),
});
const SummaryRankingRow = builder.objectRef<RankingRow>("SummaryRankingRow").implement({
  fields: (t) => ({
    touchpointLegacyId: t.exposeString("touchpointId", { description: "the touchpoint's 24-hex _id" }),
    name: t.exposeString("name"),
    type: t.exposeString("type"),
    position: t.exposeInt("position", { description: "1 = the best average" }),
    average: t.exposeFloat("average", { nullable: true, description: "satisfaction 0–100" }),
    nps: t.exposeInt("nps", { nullable: true }),
    count: t.exposeInt("count", { description: "responses" }),
  }),
});
const SummaryRanking = builder.objectRef<SummaryResult["ranking"]>("SummaryRanking").implement({
  fields: (t) => ({
    now: t.field({ type: [SummaryRankingRow], resolve: (r) => r.now }),
    earlier: t.field({ type: [SummaryRankingRow], resolve: (r) => r.earlier }),
  }),
});
const SummaryDayRef = builder.objectRef<SummaryDay>("SummaryDay").implement({
  fields: (t) => ({
    date: t.exposeString("date", { description: "yyyy/MM/dd in the request's utcOffset" }),
    count: t.exposeInt("count"),
    average: t.exposeFloat("average", { nullable: true }),
    nps: t.exposeInt("nps", { nullable: true }),
  }),
});
const Summary = builder.objectRef<SummaryResult>("Summary").implement({
  fields: (t) => ({
    from: t.exposeString("from", { description: "yyyy/MM/dd" }),
    to: t.exposeString("to", { description: "yyyy/MM/dd, inclusive" }),
    utcOffset: t.exposeInt("utcOffset"),
    ranking: t.field({ type: SummaryRanking, resolve: (s) => s.ranking }),
    average: t.field({ type: SummaryFloatPair, resolve: (s) => s.average }),
    orgAverage: t.field({ type: SummaryFloatPair, resolve: (s) => s.orgAverage }),
    count: t.field({ type: SummaryIntPair, resolve: (s) => s.count }),
    orgCount: t.field({ type: SummaryIntPair, resolve: (s) => s.orgCount }),
    nps: t.field({ type: SummaryFloatPair, resolve: (s) => s.nps }),
    orgNPS: t.field({ type: SummaryFloatPair, resolve: (s) => s.orgNPS }),
    daily: t.field({ type: [SummaryDayRef], resolve: (s) => s.charts.daily }),
    responseLimitNotice: t.exposeString("responseLimitNotice", {
      nullable: true,
      description: '"Response limit exceeded (some responses not shown)" when the organisation has responses over its response limit in the window; else null',
    }),
  }),
});

const SummaryInput = builder.inputType("SummaryInput", {
  fields: (t) => ({
    from: t.string({ description: "yyyy-MM-dd (default: 6 days before to)" }),
    to: t.string({ description: "yyyy-MM-dd, inclusive (default: today)" }),
    surveyIds: t.globalIDList({ for: SurveyType, description: "the surveys' ids; empty: every survey" }),
    utcOffset: t.int({ description: "minutes east of UTC" }),
    unitId: t.globalID({ for: UnitType, description: "a team's id: the team and its sub-teams" }),
  }),
});

builder.queryField("summary", (t) =>
  t.field({
    type: Summary,
    description: "The summary dashboard (members): ranking, average, NPS, count now and earlier beside the organisation's, and a daily series",
    args: { input: t.arg({ type: SummaryInput }) },
    resolve: (_root, { input }, ctx) =>
      getSummary(ctx, {
        from: input?.from ?? undefined,
        to: input?.to ?? undefined,
        surveyId: input?.surveyIds?.map((s) => s.id),
        utcOffset: input?.utcOffset ?? undefined,
        unitId: input?.unitId?.id,
      }),
  }),
);

type Arrival = OrganizationResponsesEvent["touchpoints"][number];
const SummaryArrivalTouchpoint = builder.objectRef<Arrival>("SummaryArrivalTouchpoint").implement({
  fields: (t) => ({
    touchpointLegacyId: t.exposeString("touchpointId"),
    surveyLegacyId: t.exposeString("surveyId"),
    created: t.exposeInt("created", { description: "responses stored at this touchpoint since the previous event" }),
    lastFeedbackAt: t.expose("lastFeedbackAt", { type: "DateTime" }),
  }),
});
const SummaryArrival = builder.objectRef<OrganizationResponsesEvent>("SummaryResponsesArrived").implement({
  fields: (t) => ({
    created: t.exposeInt("created", { description: "responses stored since the previous event at the touchpoints below" }),
    touchpoints: t.field({ type: [SummaryArrivalTouchpoint], resolve: (e) => e.touchpoints }),
  }),
});

builder.subscriptionField("summaryResponsesArrived", (t) =>
  t.field({
    type: SummaryArrival,
    description: "New responses at the touchpoints the viewer's summary covers (coalesced, at most one event every 500 ms)",
    subscribe: async (_root, _args, ctx) => {
      const { organizationId } = requireOrganization(ctx.viewer);
      const visibility = await callerVisibility(ctx, "summary");
      const units = visibility.unitIds === null ? null : new Set(visibility.unitIds);
      const source = ctx.bus.subscribe("organization:responses", organizationId);
      return (async function* () {
        for await (const event of source) {
          const touchpoints = units ? event.touchpoints.filter((x) => units.has(x.unitId)) : event.touchpoints;
          if (touchpoints.length) yield { ...event, touchpoints, created: touchpoints.reduce((a, x) => a + x.created, 0) };
        }
      })();
    },
    resolve: (event) => event,
  }),
);
