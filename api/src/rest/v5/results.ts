// /api/v5 results analytics (spec 001 §7 "Results"): GET /results/defaults, GET /results/preflight,
// POST /results/question (and POST /results/token/{token} for a share link's visitor),
// POST /results/get-used-meta-per-key. Share links: `?token=` on preflight and used-meta, no bearer
// token needed; a visitor gets the touchpoints and metadata lists only when the link's allowChanges
// lets them change those filters. Rules in domain/analytics/results.ts; formulas in docs/analytics.md.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { getQuestionResult, resultsDefaults, resultsPreflight, usedMetaPerKey } from "../../domain/analytics/results.js";
import { resultsRequest } from "../../domain/results-scope/request.js";

const tag = "Results";
const metrics = z.object({
  count: z.number(),
  mean: z.number().nullable(),
  satisfaction: z.number().nullable(),
  nps: z.number().nullable(),
  promoters: z.number().nullable(),
  passives: z.number().nullable(),
  detractors: z.number().nullable(),
  evi: z.number().nullable(),
});
const distribution = z.array(z.object({ value: z.string(), label: z.string().nullable(), count: z.number(), percent: z.number() }));
const eviClusters = z
  .array(
    z.object({
      cluster: z.string().describe("advocacy, trust, attention, destroying (or a cluster of the question's options.clusters)"),
      value: z.number().describe("the cluster's value, −1…1"),
      count: z.number().describe("answers whose emotion belongs to the cluster"),
      percent: z.number().describe("share of the question's answers"),
    }),
  )
  .nullable()
  .describe("emotion questions: the answers per EVI cluster, highest value first (per emotion: distribution); null for other types");
export const questionResultShape = z
  .object({
    questionId: z.string(),
    surveyId: z.string(),
    questionType: z.string(),
    title: z.unknown(),
    organizationNowCount: z.object({ overallCount: z.number().describe("answers to the question in the window, whatever the touchpoint filter") }),
    hidden: z.boolean().describe("hidden by a share link's hideResultsIfLessThan"),
    mainResult: metrics.extend({ distribution, eviClusters }).nullable(),
    earlier: metrics.nullable(),
    groupBy: z.string(),
    stackedTo100: z.boolean(),
    series: z.array(z.object({ group: z.string(), label: z.string(), metrics, distribution, eviClusters })),
    satisfactionReport: z.object({ dissatisfied: distribution.element, neutral: distribution.element, satisfied: distribution.element }).nullable(),
    source: z.enum(["rollup", "raw"]).describe("answered from the roll-ups or the raw rows"),
  })
  .meta({ id: "QuestionResult" });
const questionBody = z
  .object({ questionId: z.string(), dateFilterChangedManually: z.boolean().optional() })
  .catchall(z.unknown())
  .describe("the results filters (spec 001 §3) plus questionId");
const filtersOf = (body: Record<string, unknown>) => {
  const { questionId: _q, filters, ...rest } = body;
  // Filters may come flat (the spec) or under `filters`.
  return filters && typeof filters === "object" && !Array.isArray(filters) ? { ...(filters as object), ...rest } : rest;
};
const preflightQuery = z
  .object({
    token: z.string().optional(),
    surveyId: z.union([z.string(), z.array(z.string())]).optional(),
    channelId: z.union([z.string(), z.array(z.string())]).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    utcOffset: z.string().optional(),
    dateFilterChangedManually: z.string().optional(),
  })
  .catchall(z.unknown());

export const resultsRoutes = [
  defineRoute({
    method: "GET",
    path: "/results/defaults",
    tag,
    summary: "The default results window (the last 7 days in the caller's utcOffset)",
    auth: "bearer",
    query: z.object({ utcOffset: z.string().optional() }),
    response: z.object({ from: z.string(), to: z.string(), utcOffset: z.number(), allowChanges: z.array(z.string()) }),
    handler: async ({ query }) => resultsDefaults(query.utcOffset),
  }),
  defineRoute({
    method: "GET",
    path: "/results/preflight",
    analytics: true,
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
    },
    tag,
    summary: "The normalised filters, the touchpoints to choose from (by team) and the metadata keys in use",
    auth: "bearerOrQueryToken",
    query: preflightQuery,
    response: z.object({
      from: z.string(),
      to: z.string(),
      utcOffset: z.number(),
      surveyId: z.array(z.string()),
      channelId: z.array(z.string()),
      unitIds: z.array(z.string()),
      sourceList: z.array(
        z.object({ unitId: z.string(), unitName: z.string(), touchpoints: z.array(z.object({ _id: z.string(), name: z.string(), type: z.string() })) }),
      ),
      usedMeta: z.array(z.object({ key: z.string(), count: z.number() })),
      responseLimitNotice: z
        .string()
        .nullable()
        .describe('"Response limit exceeded (some responses not shown)" when the organisation has responses over its response limit in the window; else null'),
    }),
    handler: async ({ ctx, query, queryToken }) => {
      const { token: _t, ...filters } = query;
      const r = await resultsRequest(ctx, { shareToken: queryToken, filters });
      return resultsPreflight(r.reader, r.filters);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/results/question",
    analytics: true,
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
    },
    tag,
    summary: "One question's result: distribution, mean, satisfaction, NPS, EVI, now and earlier, a grouped series",
    auth: "bearerOrQueryToken",
    body: questionBody,
    response: questionResultShape,
    handler: async ({ ctx, body, queryToken }) => {
      const r = await resultsRequest(ctx, { shareToken: queryToken, filters: filtersOf(body) });
      return getQuestionResult(r.reader, body.questionId, r.filters, { hideResultsIfLessThan: r.share?.options.hideResultsIfLessThan ?? null });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/results/token/{token}",
    analytics: true,
    errors: {
      404: "the link is not valid or was removed",
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the link has expired",
    },
    tag,
    summary: "One question's result through a share link (no sign-in): the link's filters with the visitor's allowed changes",
    auth: "none",
    params: z.object({ token: z.string() }),
    body: questionBody,
    response: questionResultShape,
    handler: async ({ ctx, params, body }) => {
      const r = await resultsRequest({ ...ctx, viewer: null }, { shareToken: params.token, filters: filtersOf(body) });
      return getQuestionResult(r.reader, body.questionId, r.filters, { hideResultsIfLessThan: r.share?.options.hideResultsIfLessThan ?? null });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/results/get-used-meta-per-key",
    analytics: true,
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
    },
    tag,
    summary: "The values of one metadata key in the filtered responses, most used first",
    auth: "bearerOrQueryToken",
    query: z.object({ token: z.string().optional() }),
    body: z.object({ metaKey: z.string() }).catchall(z.unknown()),
    response: z.object({ key: z.string(), values: z.array(z.object({ value: z.string(), count: z.number() })) }),
    handler: async ({ ctx, body, queryToken }) => {
      const { metaKey, ...filters } = body;
      const r = await resultsRequest(ctx, { shareToken: queryToken, filters });
      return usedMetaPerKey(r.reader, { ...r.filters, metaKey });
    },
  }),
];
