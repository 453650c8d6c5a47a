// /api/v5 customer journeys (spec 001 §7 "Journeys"): GET and POST /customer-journey, GET, PUT and
// DELETE /customer-journey/{id}, and the analytics POST /results/customer-journey/{id} (optional
// ?token= of a share link: the page opens without sign-in, spec 000 §2). Rules in domain/journeys/.
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  createJourney,
  deleteJourney,
  getJourney,
  journeyKpis,
  journeyMessages,
  listJourneys,
  updateJourney,
  type Journey,
} from "../../domain/journeys/journeys.js";
import { journeyResultsOfRequest } from "../../domain/journeys/analytics.js";

const tag = "Journeys";
const objectId = z.string().describe("24 hexadecimal characters");
const stage = z.object({
  name: z.string(),
  touchpointIds: z.array(objectId).describe("the touchpoints whose responses the stage reads (at least one)"),
  surveys: z.array(
    z.object({ surveyId: objectId, questionIds: z.array(objectId).describe("the questions that score the KPI; empty on input: the survey's eligible ones") }),
  ),
});
const journeyShape = z
  .object({
    _id: objectId,
    organizationId: objectId,
    name: z.string(),
    kpi: z.enum(journeyKpis),
    steps: z.array(stage),
    createdAt: z.string().describe("ISO 8601"),
    createdBy: z.string().nullable().describe("the creating user's _id"),
  })
  .meta({ id: "CustomerJourney" });
const journeyBody = z
  .object({
    name: z.string().describe("at most 200 characters"),
    kpi: z.string().optional().describe("nps (default), average, count or evi"),
    steps: z.array(stage.extend({ surveys: z.array(z.object({ surveyId: objectId, questionIds: z.array(objectId).optional() })) })),
  })
  .passthrough();

const toJson = (j: Journey): z.input<typeof journeyShape> => ({
  _id: j.id,
  organizationId: j.organizationId,
  name: j.name,
  kpi: j.kpi,
  steps: j.steps,
  createdAt: j.createdAt.toISOString(),
  createdBy: j.createdByUserId,
});
const figure = z.object({ value: z.number().nullable().describe("the KPI; null without answers"), count: z.number().describe("answers that scored it") });
export const journeyResultShape = z
  .object({
    journeyId: objectId,
    name: z.string(),
    kpi: z.enum(journeyKpis),
    from: z.string(),
    to: z.string(),
    utcOffset: z.number(),
    groupBy: z.string(),
    stages: z.array(z.object({ name: z.string(), now: figure, earlier: figure, series: z.array(figure.extend({ group: z.string(), label: z.string() })) })),
    total: z.object({ now: figure, earlier: figure }),
    source: z.enum(["rollup", "raw"]),
  })
  .meta({ id: "JourneyResult" });

export const journeyRoutes = [
  defineRoute({
    method: "GET",
    path: "/customer-journey",
    tag,
    summary: "The organisation's customer journeys, newest first (members who view results)",
    auth: "bearer",
    response: z.array(journeyShape),
    handler: async ({ ctx }) => (await listJourneys(ctx)).map(toJson),
  }),
  defineRoute({
    method: "POST",
    path: "/customer-journey",
    tag,
    summary: "Create a journey (manageJourneys): every survey needs a question eligible for the KPI, every stage touchpoints",
    auth: "bearer",
    body: journeyBody,
    status: 201,
    response: journeyShape.extend({ message: z.string().describe("Journey created") }),
    handler: async ({ ctx, body }) => ({ ...toJson(await createJourney(ctx, body)), message: journeyMessages.created }),
  }),
  defineRoute({
    method: "GET",
    path: "/customer-journey/{id}",
    tag,
    summary: "One journey of the organisation; another organisation's is not found",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: journeyShape,
    handler: async ({ ctx, params }) => toJson(await getJourney(ctx, params.id)),
  }),
  defineRoute({
    method: "PUT",
    path: "/customer-journey/{id}",
    tag,
    summary: "Save a journey (manageJourneys), with the same validation as create",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    body: journeyBody,
    response: journeyShape.extend({ message: z.string().describe("Journey saved") }),
    handler: async ({ ctx, params, body }) => ({ ...toJson(await updateJourney(ctx, params.id, body)), message: journeyMessages.saved }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/customer-journey/{id}",
    tag,
    summary: "Delete a journey (manageJourneys)",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: z.object({ status: z.literal("ok"), _id: objectId, message: z.string() }),
    handler: async ({ ctx, params }) => {
      const { id } = await deleteJourney(ctx, params.id);
      return { status: "ok" as const, _id: id, message: journeyMessages.deleted };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/results/customer-journey/{id}",
    analytics: true,
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
    },
    tag,
    summary: "The journey's KPI per stage, now and earlier, and over time, for the results filters (body); ?token= of a share link opens it without sign-in",
    auth: "bearerOrQueryToken",
    params: z.object({ id: z.string() }),
    query: z.object({ token: z.string().optional() }),
    body: z.object({}).catchall(z.unknown()).describe("the results filters (spec 001 §3), flat or under `filters`"),
    response: journeyResultShape,
    handler: async ({ ctx, params, body, queryToken }) => {
      const { filters, ...rest } = body as Record<string, unknown>;
      const f = filters && typeof filters === "object" && !Array.isArray(filters) ? { ...(filters as object), ...rest } : rest;
      return journeyResultsOfRequest(ctx, params.id, { filters: f, shareToken: queryToken });
    },
  }),
];
