// /api/v5 launching (spec 001 §7: POST and PUT /launch-survey, GET and DELETE /surveys/scheduled):
// the rules are in domain/campaigns/launch/launch.ts. An integrator launches with an API key as the
// bearer token (the spec's "API action"); such a launch is of kind "api".
import { z } from "zod";
import { defineRoute } from "./route.js";
import { cancelScheduledLaunch, launchSurvey, listScheduledLaunches, updateScheduledLaunch, type LaunchView } from "../../domain/campaigns/launch/launch.js";

const tag = "Launches";
const objectId = z.string().describe("24 hexadecimal characters");
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const scheduleBody = z
  .object({
    plan: z.enum(["now", "later", "recurring"]).describe("now (default), once later, or recurring"),
    at: z.string().optional().describe('later: a local date-time in the time zone ("2026-12-01T09:00"), or an instant with an offset'),
    every: z.enum(["week", "month"]).optional().describe("recurring: weekly or monthly"),
    weekday: z.number().int().optional().describe("weekly: 1 Monday … 7 Sunday"),
    dayOfMonth: z.number().int().optional().describe("monthly: 1–31; in a month without that day the launch fires on the month's last day"),
    time: z.string().optional().describe("recurring: local time of day, HH:MM"),
    startDate: z.string().optional().describe("recurring: the first day it may fire (YYYY-MM-DD); today by default"),
    timeZone: z.string().optional().describe("an IANA time zone; the organisation's by default"),
  })
  .loose()
  .meta({ id: "LaunchSchedule" });

const launchShape = z
  .object({
    _id: objectId,
    surveyId: objectId,
    surveyName: z.string(),
    channel: z.enum(["activation", "email", "sms"]).describe("activation: terminals, links/QR codes and web widgets"),
    kind: z.enum(["immediate", "scheduled", "recurring", "api"]),
    status: z.enum(["scheduled", "sending", "sent", "cancelled", "failed"]),
    scheduledAt: z.string().nullable(),
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    recurrence: z
      .object({
        every: z.enum(["week", "month"]),
        weekday: z.number().int().optional(),
        dayOfMonth: z.number().int().optional(),
        time: z.string(),
        timeZone: z.string(),
      })
      .nullable(),
    timeZone: z.string().nullable(),
    touchpoints: z.array(z.object({ _id: objectId, name: z.string(), type: z.string() })),
    messageTemplateId: objectId.nullable(),
    messageTemplateName: z.string().nullable(),
    error: z.string().nullable().describe("why the launch (or a recurring launch's last firing) failed"),
    mayChange: z.boolean().describe("the caller may edit and cancel it"),
    createdAt: z.string(),
  })
  .meta({ id: "Launch" });

const toJson = (l: LaunchView): z.input<typeof launchShape> => ({
  _id: l.id,
  surveyId: l.surveyId,
  surveyName: l.surveyName,
  channel: l.channel,
  kind: l.kind,
  status: l.status,
  scheduledAt: iso(l.scheduledAt),
  nextRunAt: iso(l.nextRunAt),
  lastRunAt: iso(l.lastRunAt),
  recurrence: l.recurrence,
  timeZone: l.timeZone,
  touchpoints: l.touchpoints.map((t) => ({ _id: t.id, name: t.name, type: t.type })),
  messageTemplateId: l.messageTemplateId,
  messageTemplateName: l.messageTemplateName,
  error: l.error,
  mayChange: l.mayChange,
  createdAt: l.createdAt.toISOString(),
});

export const launchRoutes = [
  defineRoute({
    method: "POST",
    path: "/launch-survey",
    tag,
    summary:
      "Launch a survey to touchpoints (terminals, links/QR codes, web widgets, email and SMS campaigns): now, once later or recurring. Also with an API key.",
    auth: "bearer",
    errors: { 409: "the launch failed once made: it is recorded as failed with the reason (or the SMS balance does not cover it)" },
    body: z.object({
      surveyId: z.string(),
      touchpointIds: z.array(z.string()).describe("the touchpoints to launch to"),
      emailTemplateId: z.string().nullish().describe("the message template of the email campaign touchpoints"),
      smsTemplateId: z.string().nullish().describe("the message template of the SMS campaign touchpoints"),
      schedule: scheduleBody.optional(),
      messageProps: z.object({ selectedLanguage: z.string().nullish(), maxHeight: z.number().nullish() }).partial().optional(),
    }),
    response: z.object({ ok: z.literal(true), launches: z.array(launchShape) }),
    handler: async ({ ctx, body }) => {
      const { ok, launches } = await launchSurvey(ctx, body);
      return { ok, launches: launches.map(toJson) };
    },
  }),
  defineRoute({
    method: "PUT",
    path: "/launch-survey",
    tag,
    summary: "Change a scheduled or recurring launch: its time or recurrence, and optionally its touchpoints or template",
    auth: "bearer",
    errors: { 409: "the launch is no longer scheduled, or it fired or changed meanwhile" },
    body: z.object({
      id: z.string().describe("the launch's _id"),
      schedule: scheduleBody,
      touchpointIds: z.array(z.string()).optional(),
      messageTemplateId: z.string().optional(),
    }),
    response: z.object({ ok: z.literal(true), launch: launchShape }),
    handler: async ({ ctx, body }) => ({ ok: true as const, launch: toJson(await updateScheduledLaunch(ctx, body)) }),
  }),
  defineRoute({
    method: "GET",
    path: "/surveys/scheduled",
    tag,
    summary: "The scheduled and recurring launches of the surveys the caller sees (and those that failed in the last 30 days), next first",
    auth: "bearer",
    response: z.array(launchShape),
    handler: async ({ ctx }) => (await listScheduledLaunches(ctx)).map(toJson),
  }),
  defineRoute({
    method: "DELETE",
    path: "/surveys/scheduled/{id}",
    tag,
    summary: "Cancel a scheduled or recurring launch",
    auth: "bearer",
    errors: { 409: "the launch is no longer scheduled" },
    params: z.object({ id: z.string() }),
    response: z.object({ message: z.literal("launch cancelled"), launch: launchShape }),
    handler: async ({ ctx, params }) => {
      const { launch } = await cancelScheduledLaunch(ctx, params.id);
      return { message: "launch cancelled" as const, launch: toJson(launch) };
    },
  }),
];
