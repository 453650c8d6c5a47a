// Launching surveys (the launch wizard and /surveys/scheduled): the wizard's options, launching,
// scheduled launches, editing and cancelling. Rules live in domain/campaigns/launch/launch.ts.
import { resolveArrayConnection } from "@pothos/plugin-relay";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "./builder.js";
import { SurveyType } from "./survey.js";
import { TouchpointType, TouchpointTypeEnum } from "./touchpoint.js";
import {
  cancelScheduledLaunch,
  launchSurvey,
  launchWizard,
  listScheduledLaunches,
  updateScheduledLaunch,
  type LaunchView,
  type LaunchWizard,
  type WizardTemplate,
  type WizardTouchpoint,
} from "../domain/campaigns/launch/launch.js";
import type { Recurrence, ScheduleInput } from "../domain/campaigns/launch/schedule.js";

export const LaunchChannelEnum = builder.enumType("LaunchChannel", {
  values: ["activation", "email", "sms"] as const,
  description: "The part of a launch: activation (terminals, links/QR codes, web widgets), an email campaign or an SMS campaign",
});
const LaunchKindEnum = builder.enumType("LaunchKind", { values: ["immediate", "scheduled", "recurring", "api"] as const });
const LaunchStatusEnum = builder.enumType("LaunchStatus", { values: ["scheduled", "sending", "sent", "cancelled", "failed"] as const });
const LaunchPlanEnum = builder.enumType("LaunchPlan", { values: ["now", "later", "recurring"] as const });
const LaunchEveryEnum = builder.enumType("LaunchEvery", { values: ["week", "month"] as const });

const LaunchRecurrence = builder.objectRef<Recurrence>("LaunchRecurrence").implement({
  fields: (t) => ({
    every: t.field({ type: LaunchEveryEnum, resolve: (r) => r.every }),
    weekday: t.exposeInt("weekday", { nullable: true, description: "weekly: 1 Monday … 7 Sunday" }),
    dayOfMonth: t.exposeInt("dayOfMonth", { nullable: true, description: "monthly: 1–31 (the month's last day in shorter months)" }),
    time: t.exposeString("time", { description: "local time of day, HH:MM" }),
    timeZone: t.exposeString("timeZone"),
  }),
});

const LaunchTouchpoint = builder.objectRef<LaunchView["touchpoints"][number]>("LaunchTouchpoint").implement({
  fields: (t) => ({
    id: t.globalID({ resolve: (tp) => ({ type: TouchpointType, id: tp.id }) }),
    legacyId: t.exposeString("id"),
    name: t.exposeString("name"),
    type: t.field({ type: TouchpointTypeEnum, resolve: (tp) => tp.type as "terminal" }),
  }),
});

export const LaunchType = builder.objectRef<LaunchView>("Launch");
LaunchType.implement({
  description: "One launch of a survey to touchpoints of one channel",
  fields: (t) => ({
    id: t.globalID({ resolve: (l) => ({ type: LaunchType, id: l.id }) }),
    legacyId: t.exposeString("id", { description: "the 24-hex _id (DELETE /surveys/scheduled/{id})" }),
    surveyId: t.globalID({ resolve: (l) => ({ type: SurveyType, id: l.surveyId }) }),
    surveyName: t.exposeString("surveyName"),
    channel: t.field({ type: LaunchChannelEnum, resolve: (l) => l.channel }),
    kind: t.field({ type: LaunchKindEnum, resolve: (l) => l.kind }),
    status: t.field({ type: LaunchStatusEnum, resolve: (l) => l.status }),
    scheduledAt: t.field({ type: "DateTime", nullable: true, resolve: (l) => l.scheduledAt }),
    nextRunAt: t.field({ type: "DateTime", nullable: true, resolve: (l) => l.nextRunAt }),
    lastRunAt: t.field({ type: "DateTime", nullable: true, resolve: (l) => l.lastRunAt }),
    recurrence: t.field({ type: LaunchRecurrence, nullable: true, resolve: (l) => l.recurrence }),
    timeZone: t.exposeString("timeZone", { nullable: true }),
    touchpoints: t.field({ type: [LaunchTouchpoint], resolve: (l) => l.touchpoints }),
    messageTemplateLegacyId: t.exposeString("messageTemplateId", { nullable: true }),
    messageTemplateName: t.exposeString("messageTemplateName", { nullable: true }),
    error: t.exposeString("error", { nullable: true, description: "why it (or a recurring launch's last firing) failed" }),
    mayChange: t.exposeBoolean("mayChange", { description: "the caller may edit and cancel it" }),
    createdAt: t.field({ type: "DateTime", resolve: (l) => l.createdAt }),
  }),
});

const WizardTouchpointType = builder.objectRef<WizardTouchpoint>("LaunchWizardTouchpoint").implement({
  fields: (t) => ({
    id: t.globalID({ resolve: (tp) => ({ type: TouchpointType, id: tp.id }) }),
    legacyId: t.exposeString("id"),
    name: t.exposeString("name"),
    type: t.field({ type: TouchpointTypeEnum, resolve: (tp) => tp.type }),
    activeSurveyLegacyId: t.exposeString("activeSurveyId", { nullable: true }),
    contacts: t.exposeInt("contacts", { nullable: true, description: "campaigns: the contacts on its list" }),
  }),
});
const WizardGroup = builder.objectRef<LaunchWizard["groups"][number]>("LaunchWizardGroup").implement({
  fields: (t) => ({
    type: t.field({ type: TouchpointTypeEnum, resolve: (g) => g.type }),
    touchpoints: t.field({ type: [WizardTouchpointType], resolve: (g) => g.touchpoints }),
  }),
});
const WizardTemplateType = builder.objectRef<WizardTemplate>("LaunchWizardTemplate").implement({
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the template's _id (emailTemplateId / smsTemplateId)" }),
    name: t.exposeString("name"),
    language: t.exposeString("language"),
    type: t.exposeString("type", { description: "email or sms" }),
  }),
});
const LaunchWizardType = builder.objectRef<LaunchWizard>("LaunchWizard").implement({
  fields: (t) => ({
    surveyLegacyId: t.exposeString("surveyId"),
    surveyName: t.exposeString("surveyName"),
    timeZone: t.exposeString("timeZone", { description: "the organisation's time zone: schedules are in it" }),
    groups: t.field({
      type: [WizardGroup],
      description: "the touchpoint types the plan and the caller's rights allow, each with the touchpoints the caller may launch to",
      resolve: (w) => w.groups,
    }),
    templates: t.field({ type: [WizardTemplateType], resolve: (w) => w.templates }),
  }),
});

builder.queryField("launchWizard", (t) =>
  t.field({
    type: LaunchWizardType,
    description: "What the launch wizard offers for a survey (launchSurveys in its unit)",
    args: { surveyId: t.arg.globalID({ required: true, for: SurveyType }) },
    resolve: (_root, args, ctx) => launchWizard(ctx, args.surveyId.id),
  }),
);

builder.queryField("scheduledLaunches", (t) =>
  t.connection({
    type: LaunchType,
    description: "Scheduled and recurring launches of the surveys the caller sees (and those that failed in the last 30 days), next first",
    resolve: async (_root, args, ctx) => resolveArrayConnection({ args }, await listScheduledLaunches(ctx)),
  }),
);

const LaunchScheduleInput = builder.inputType("LaunchScheduleInput", {
  fields: (t) => ({
    plan: t.field({ type: LaunchPlanEnum, required: true }),
    at: t.string({ description: 'later: a local date-time in the time zone ("2026-12-01T09:00")' }),
    every: t.field({ type: LaunchEveryEnum, description: "recurring" }),
    weekday: t.int({ description: "weekly: 1 Monday … 7 Sunday" }),
    dayOfMonth: t.int({ description: "monthly: 1–31; the month's last day in shorter months" }),
    time: t.string({ description: "recurring: HH:MM" }),
    startDate: t.string({ description: "recurring: the first day it may fire, YYYY-MM-DD" }),
    timeZone: t.string({ description: "an IANA time zone; the organisation's by default" }),
  }),
});

type ScheduleArg = { plan: "now" | "later" | "recurring"; [key: string]: unknown } | null | undefined;
const scheduleArg = (s: ScheduleArg): ScheduleInput | undefined =>
  s ? (Object.fromEntries(Object.entries(s).filter(([, v]) => v !== null && v !== undefined)) as ScheduleInput) : undefined;

/** A template's id: its 24-hex _id, or a global id of it (as a template panel may hand it over). */
const templateId = (raw: string | null | undefined): string | null | undefined => {
  if (!raw || /^[0-9a-f]{24}$/.test(raw)) return raw;
  try {
    return decodeGlobalID(raw).id;
  } catch {
    return raw; // the domain refuses it as a malformed id
  }
};

const LaunchSurveyInput = builder.inputType("LaunchSurveyInput", {
  fields: (t) => ({
    surveyId: t.globalID({ required: true, for: SurveyType }),
    touchpointIds: t.globalIDList({ required: true, for: TouchpointType }),
    emailTemplateId: t.string({ description: "the email campaign's message template (its _id or global id)" }),
    smsTemplateId: t.string({ description: "the SMS campaign's message template (its _id or global id)" }),
    schedule: t.field({ type: LaunchScheduleInput, description: "now when absent" }),
    selectedLanguage: t.string(),
    maxHeight: t.int(),
  }),
});

const LaunchSurveyPayload = builder.objectRef<{ ok: true; launches: LaunchView[] }>("LaunchSurveyPayload").implement({
  fields: (t) => ({
    ok: t.exposeBoolean("ok"),
    launches: t.field({ type: [LaunchType], resolve: (p) => p.launches }),
  }),
});

builder.mutationField("launchSurvey", (t) =>
  t.field({
    type: LaunchSurveyPayload,
    description: "Launch a survey now, once later or recurring (POST /launch-survey)",
    args: { input: t.arg({ type: LaunchSurveyInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      launchSurvey(ctx, {
        surveyId: input.surveyId.id,
        touchpointIds: input.touchpointIds.map((g) => g.id),
        emailTemplateId: templateId(input.emailTemplateId),
        smsTemplateId: templateId(input.smsTemplateId),
        schedule: scheduleArg(input.schedule),
        messageProps: { selectedLanguage: input.selectedLanguage, maxHeight: input.maxHeight },
      }),
  }),
);

const UpdateScheduledLaunchInput = builder.inputType("UpdateScheduledLaunchInput", {
  fields: (t) => ({
    id: t.globalID({ required: true, for: LaunchType }),
    schedule: t.field({ type: LaunchScheduleInput, required: true, description: "later or recurring" }),
    touchpointIds: t.globalIDList({ for: TouchpointType, description: "touchpoints of the launch's own channel" }),
    messageTemplateId: t.string({ description: "campaigns: another template of the same kind" }),
  }),
});

const LaunchPayload = builder.objectRef<{ launch: LaunchView; message: string }>("LaunchPayload").implement({
  fields: (t) => ({
    launch: t.field({ type: LaunchType, resolve: (p) => p.launch }),
    message: t.exposeString("message"),
  }),
});

builder.mutationField("updateScheduledLaunch", (t) =>
  t.field({
    type: LaunchPayload,
    description: "Change a scheduled or recurring launch (PUT /launch-survey)",
    args: { input: t.arg({ type: UpdateScheduledLaunchInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      launch: await updateScheduledLaunch(ctx, {
        id: input.id.id,
        schedule: scheduleArg(input.schedule),
        touchpointIds: input.touchpointIds?.map((g) => g.id),
        messageTemplateId: templateId(input.messageTemplateId) ?? undefined,
      }),
      message: "saved",
    }),
  }),
);

builder.mutationField("cancelScheduledLaunch", (t) =>
  t.field({
    type: LaunchPayload,
    description: 'Cancel a scheduled or recurring launch (DELETE /surveys/scheduled/{id}): "launch cancelled"',
    args: { id: t.arg.globalID({ required: true, for: LaunchType }) },
    resolve: (_root, { id }, ctx) => cancelScheduledLaunch(ctx, id.id),
  }),
);
