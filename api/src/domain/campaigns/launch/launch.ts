// Launching a survey (spec 001 §2 launch wizard, §4 Launch, §7 POST/PUT /launch-survey,
// GET/DELETE /surveys/scheduled): to terminals, links/QR codes, web widgets, email campaigns and SMS
// campaigns, now, once later, or recurring weekly or monthly. docs/campaigns.md "Launching".
//
// Rights: launchSurveys in the survey's unit ("You do not have the rights to launch this survey")
// and editTouchpoints in each touchpoint's unit ("User has no rights to edit touchpoint"); SMS
// campaigns also need the plan's smsMessages. The same rule edits and cancels a scheduled launch.
// Another organisation's survey, touchpoint, template or launch is "not found".
//
// One wizard launch writes one Launch row per part it has: activation (terminals, links, QR codes,
// widgets), email (its template and contact lists) and SMS (its template and contact lists), so
// each campaign has one template and one run per firing. Bad input changes nothing; a failure once
// the launch exists is recorded on it (status failed, error) and then answered (spec 001 §4).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { DomainContext } from "../../context.js";
import type { Prisma, TouchpointType } from "../../../generated/prisma/client.js";
import { badInput, conflict, DomainError, forbidden, notFound } from "../../errors.js";
import { objectIdSchema, parseInput } from "../../validation.js";
import { organizationHasFeature, requireFeature } from "../../features/features.js";
import { tenantDb } from "../../tenancy.js";
import { accessMessages, canInUnit, loadAccess, refusalOnObject, unitsWithRight, type Access } from "../../../permissions/access.js";
import { markLaunchedSurvey } from "../../onboarding/steps.js";
import { assertLaunchSendable } from "../sending/preflight.js";
import { dispatchFiring, leaseMs, type LaunchChannel } from "./firing.js";
import { parseSchedule, storedRecurrence, type Recurrence, type Schedule } from "./schedule.js";

export const launchMessages = {
  noTouchpoints: "Choose at least one touchpoint",
  notLaunchable: "Legacy web plugins cannot be launched: upgrade the plugin first",
  archived: "An archived survey cannot be launched",
  templateNotFound: "Message template not found",
  emailTemplateRequired: "Choose a message template for the email campaign",
  smsTemplateRequired: "Choose a message template for the SMS campaign",
  notEmailTemplate: "This template is not an email template",
  notSmsTemplate: "This template is not an SMS template",
  launchNotFound: "Launch not found",
  notScheduled: "This launch is no longer scheduled: it has been sent, has failed or was cancelled",
  changedMeanwhile: "The launch fired or changed meanwhile: reload and try again",
  editNeedsLater: "A scheduled launch can be moved to a later time or made recurring",
  otherChannel: "A scheduled launch keeps its kind of touchpoints: launch the others separately",
  cancelled: "launch cancelled",
  noLaunchRight: accessMessages.noLaunchSurvey,
} as const;

/** The touchpoint types a survey is launched to, and the part of the launch each belongs to. */
export const launchChannelOf: Record<Exclude<TouchpointType, "legacyPlugin">, LaunchChannel> = {
  terminal: "activation",
  link: "activation",
  qr: "activation",
  website: "activation",
  emailContactList: "email",
  smsContactList: "sms",
};
export const launchableTypes = Object.keys(launchChannelOf) as (keyof typeof launchChannelOf)[];

const messagePropsSchema = z
  .object({
    selectedLanguage: z.string().trim().max(10, "selectedLanguage is a language code").nullish(),
    maxHeight: z.number().int().min(0).max(10_000).nullish(),
  })
  .partial();

const launchSchema = z.object({
  surveyId: objectIdSchema,
  touchpointIds: z.array(objectIdSchema, { message: launchMessages.noTouchpoints }).min(1, launchMessages.noTouchpoints).max(1_000),
  emailTemplateId: objectIdSchema.nullish(),
  smsTemplateId: objectIdSchema.nullish(),
  schedule: z.unknown().optional(),
  messageProps: messagePropsSchema.optional(),
});
export type LaunchInput = z.input<typeof launchSchema>;

const updateSchema = z.object({
  id: objectIdSchema,
  schedule: z.unknown(),
  touchpointIds: z.array(objectIdSchema, { message: launchMessages.noTouchpoints }).min(1, launchMessages.noTouchpoints).max(1_000).optional(),
  messageTemplateId: objectIdSchema.optional(),
});
export type UpdateLaunchInput = z.input<typeof updateSchema>;

export const launchSelect = {
  id: true,
  organizationId: true,
  surveyId: true,
  touchpointIds: true,
  kind: true,
  scheduledAt: true,
  recurrence: true,
  status: true,
  messageTemplateId: true,
  contactListIds: true,
  options: true,
  lastRunAt: true,
  nextRunAt: true,
  error: true,
  createdAt: true,
  survey: { select: { name: true, unitId: true } },
  messageTemplate: { select: { name: true } },
} as const satisfies Prisma.LaunchSelect;
type LaunchRow = Prisma.LaunchGetPayload<{ select: typeof launchSelect }>;

export type LaunchView = {
  id: string;
  surveyId: string;
  surveyName: string;
  channel: LaunchChannel;
  kind: "immediate" | "scheduled" | "recurring" | "api";
  status: "scheduled" | "sending" | "sent" | "cancelled" | "failed";
  scheduledAt: Date | null;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
  recurrence: Recurrence | null;
  timeZone: string | null;
  touchpoints: { id: string; name: string; type: string }[];
  messageTemplateId: string | null;
  messageTemplateName: string | null;
  error: string | null;
  /** The caller may edit and cancel it (the launching rights). */
  mayChange: boolean;
  createdAt: Date;
};

const optionsOf = (o: unknown): Record<string, unknown> => (o && typeof o === "object" && !Array.isArray(o) ? (o as Record<string, unknown>) : {});
const channelOfRow = (o: unknown): LaunchChannel => {
  const c = optionsOf(o).channel;
  return c === "email" || c === "sms" ? c : "activation";
};

async function organizationTimeZone(ctx: DomainContext, organizationId: string): Promise<string> {
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { timeZone: true } });
  return org?.timeZone ?? "UTC";
}

/** The survey, when the caller may launch it. */
async function launchableSurvey(ctx: DomainContext, m: Access, surveyId: string) {
  const refusal = await refusalOnObject(ctx, "launchSurveys", "Survey", surveyId);
  if (refusal) throw refusal;
  const survey = await tenantDb(ctx).survey.findFirst({
    where: { id: surveyId, isTemplate: false },
    select: { id: true, unitId: true, archived: true, name: true },
  });
  if (!survey) throw notFound(accessMessages.surveyNotFound);
  if (!canInUnit(m, "launchSurveys", survey.unitId)) throw forbidden(launchMessages.noLaunchRight);
  return survey;
}

type LaunchTouchpoint = { id: string; unitId: string; type: keyof typeof launchChannelOf; name: string; contactListId: string | null };

/** The touchpoints, each of a launchable type, in the organisation, where the caller edits touchpoints. */
async function launchableTouchpoints(ctx: DomainContext, m: Access, ids: readonly string[]): Promise<LaunchTouchpoint[]> {
  const unique = [...new Set(ids)];
  const rows = await tenantDb(ctx).touchpoint.findMany({
    where: { id: { in: unique }, deleted: false },
    select: { id: true, unitId: true, type: true, name: true, contactList: { select: { id: true } } },
  });
  if (rows.length !== unique.length) throw new DomainError("NOT_FOUND", accessMessages.touchpointNotFound, "touchpointIds");
  const editable = unitsWithRight(m, "editTouchpoints");
  for (const row of rows) {
    if (!editable.has(row.unitId)) throw forbidden(accessMessages.noEditTouchpoint);
    if (row.type === "legacyPlugin") throw badInput(launchMessages.notLaunchable, "touchpointIds");
  }
  if (rows.some((r) => r.type === "smsContactList")) await requireFeature(ctx, "smsMessages");
  return rows.map((r) => ({ id: r.id, unitId: r.unitId, type: r.type as LaunchTouchpoint["type"], name: r.name, contactListId: r.contactList?.id ?? null }));
}

async function requireTemplate(ctx: DomainContext, id: string | null | undefined, type: "email" | "sms"): Promise<string> {
  const field = type === "email" ? "emailTemplateId" : "smsTemplateId";
  if (!id) throw badInput(type === "email" ? launchMessages.emailTemplateRequired : launchMessages.smsTemplateRequired, field);
  const template = await tenantDb(ctx).messageTemplate.findFirst({ where: { id }, select: { id: true, templateType: true } });
  if (!template) throw new DomainError("NOT_FOUND", launchMessages.templateNotFound, field);
  if (template.templateType !== type) throw badInput(type === "email" ? launchMessages.notEmailTemplate : launchMessages.notSmsTemplate, field);
  return template.id;
}

function scheduleColumns(schedule: Schedule) {
  return {
    scheduledAt: schedule.kind === "immediate" ? null : schedule.firstRunAt,
    recurrence: schedule.kind === "recurring" ? (schedule.recurrence as unknown as Prisma.InputJsonValue) : undefined,
    nextRunAt: schedule.firstRunAt,
    timeZone: schedule.kind === "scheduled" ? schedule.timeZone : schedule.kind === "recurring" ? schedule.recurrence.timeZone : null,
  };
}

/**
 * Launches a survey (POST /launch-survey, launchSurvey). Immediate launches fire in the request;
 * scheduled and recurring ones are stored for the scheduler. Answers the launches made.
 */
export async function launchSurvey(ctx: DomainContext, input: LaunchInput, now: Date = new Date()): Promise<{ ok: true; launches: LaunchView[] }> {
  const m = await loadAccess(ctx);
  const data = parseInput(launchSchema, input);
  const survey = await launchableSurvey(ctx, m, data.surveyId);
  if (survey.archived) throw badInput(launchMessages.archived, "surveyId");
  const touchpoints = await launchableTouchpoints(ctx, m, data.touchpointIds);
  const parts = new Map<LaunchChannel, LaunchTouchpoint[]>();
  for (const t of touchpoints) parts.set(launchChannelOf[t.type], [...(parts.get(launchChannelOf[t.type]) ?? []), t]);
  const templates: Partial<Record<LaunchChannel, string>> = {};
  if (parts.has("email")) templates.email = await requireTemplate(ctx, data.emailTemplateId, "email");
  if (parts.has("sms")) templates.sms = await requireTemplate(ctx, data.smsTemplateId, "sms");
  const schedule = parseSchedule(data.schedule, now, await organizationTimeZone(ctx, m.organizationId));
  // A campaign that cannot be sent is refused before anything is written.
  for (const channel of ["email", "sms"] as const) {
    const part = parts.get(channel);
    if (part) {
      await assertLaunchSendable(ctx.prisma, {
        organizationId: m.organizationId,
        surveyId: survey.id,
        touchpointIds: part.map((t) => t.id),
        messageTemplateId: templates[channel] ?? null,
      });
    }
  }

  const immediate = schedule.kind === "immediate";
  const kind = immediate ? (m.viewer.authenticatedBy === "apiKey" ? "api" : "immediate") : schedule.kind;
  const { timeZone, ...columns } = scheduleColumns(schedule);
  const batchId = randomBytes(12).toString("hex");
  const created = await ctx.prisma.$transaction(async (tx) => {
    const out: { launchId: string; firingId: string | null }[] = [];
    for (const [channel, part] of parts) {
      const launch = await tx.launch.create({
        data: {
          organizationId: m.organizationId,
          surveyId: survey.id,
          touchpointIds: part.map((t) => t.id),
          kind,
          ...columns,
          // an immediate launch is claimed here, by its own request: the scheduler never sees it
          status: immediate ? "sending" : "scheduled",
          nextRunAt: immediate ? null : columns.nextRunAt,
          lastRunAt: immediate ? now : null,
          messageTemplateId: templates[channel] ?? null,
          contactListIds: part.flatMap((t) => (t.contactListId ? [t.contactListId] : [])),
          options: { channel, batchId, timeZone, ...(data.messageProps ?? {}) },
          createdByUserId: m.viewer.userId,
        },
        select: { id: true },
      });
      const firing = immediate
        ? await tx.launchFiring.create({
            data: {
              organizationId: m.organizationId,
              launchId: launch.id,
              runKey: now.toISOString(),
              plannedAt: now,
              claimedUntil: new Date(now.getTime() + leaseMs),
              attempts: 1,
            },
            select: { id: true },
          })
        : null;
      out.push({ launchId: launch.id, firingId: firing?.id ?? null });
    }
    return out;
  });

  // Fire the immediate parts; a failure is recorded on its launch, the other parts still go, and
  // the first failure is answered after all of them (spec 001 §4).
  let failure: unknown = null;
  for (const { firingId } of created) {
    if (!firingId) continue;
    const error = await dispatchFiring({ prisma: ctx.prisma, jobs: ctx.jobs }, firingId, now, { finalOnAnyError: true });
    failure ??= error;
  }
  if (immediate && !failure && ctx.viewer?.authenticatedBy === "accessToken") await markLaunchedSurvey(ctx);
  if (failure) throw failure instanceof DomainError ? failure : new DomainError("CONFLICT", "The launch failed: a generic error occurred");
  const rows = await tenantDb(ctx).launch.findMany({
    where: { id: { in: created.map((c) => c.launchId) } },
    select: launchSelect,
    orderBy: { createdAt: "asc" },
  });
  return { ok: true, launches: await toViews(ctx, m, rows) };
}

async function toViews(ctx: DomainContext, m: Access, rows: LaunchRow[]): Promise<LaunchView[]> {
  const touchpointIds = [...new Set(rows.flatMap((r) => r.touchpointIds))];
  const touchpoints = await tenantDb(ctx).touchpoint.findMany({
    where: { id: { in: touchpointIds } },
    select: { id: true, name: true, type: true, unitId: true, deleted: true },
  });
  const byId = new Map(touchpoints.map((t) => [t.id, t]));
  const launchUnits = unitsWithRight(m, "launchSurveys");
  const editUnits = unitsWithRight(m, "editTouchpoints");
  return rows.map((r) => {
    const tps = r.touchpointIds.flatMap((id) => {
      const t = byId.get(id);
      return t && !t.deleted ? [t] : [];
    });
    const options = optionsOf(r.options);
    const recurrence = storedRecurrence(r.recurrence);
    return {
      id: r.id,
      surveyId: r.surveyId,
      surveyName: r.survey.name,
      channel: channelOfRow(r.options),
      kind: r.kind,
      status: r.status,
      scheduledAt: r.scheduledAt,
      nextRunAt: r.nextRunAt,
      lastRunAt: r.lastRunAt,
      recurrence,
      timeZone: recurrence?.timeZone ?? (typeof options.timeZone === "string" ? options.timeZone : null),
      touchpoints: tps.map((t) => ({ id: t.id, name: t.name, type: t.type })),
      messageTemplateId: r.messageTemplateId,
      messageTemplateName: r.messageTemplate?.name ?? null,
      error: r.error,
      mayChange: r.status === "scheduled" && launchUnits.has(r.survey.unitId) && tps.every((t) => editUnits.has(t.unitId)),
      createdAt: r.createdAt,
    };
  });
}

/** The scheduled and recurring launches of surveys the caller sees (and those that failed lately), next first. */
export async function listScheduledLaunches(ctx: DomainContext, now: Date = new Date()): Promise<LaunchView[]> {
  const m = await loadAccess(ctx);
  const rows = await tenantDb(ctx).launch.findMany({
    where: {
      kind: { in: ["scheduled", "recurring"] },
      OR: [{ status: "scheduled" }, { status: "failed", updatedAt: { gte: new Date(now.getTime() - 30 * 86_400_000) } }],
      survey: { unitId: { in: [...unitsWithRight(m, "viewResults")] } },
    },
    select: launchSelect,
    orderBy: [{ nextRunAt: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: 500,
  });
  return toViews(ctx, m, rows);
}

/** A launch the caller may change: the launching rights on its survey and touchpoints. */
async function changeableLaunch(ctx: DomainContext, m: Access, launchId: string): Promise<LaunchRow> {
  const id = parseInput(objectIdSchema, launchId);
  const row = await tenantDb(ctx).launch.findFirst({ where: { id }, select: launchSelect });
  // a launch of a survey the caller does not see is not theirs to know
  if (!row || !canInUnit(m, "viewResults", row.survey.unitId)) throw notFound(launchMessages.launchNotFound);
  if (!canInUnit(m, "launchSurveys", row.survey.unitId)) throw forbidden(launchMessages.noLaunchRight);
  const touchpoints = await tenantDb(ctx).touchpoint.findMany({ where: { id: { in: row.touchpointIds } }, select: { unitId: true } });
  const editable = unitsWithRight(m, "editTouchpoints");
  if (touchpoints.some((t) => !editable.has(t.unitId))) throw forbidden(accessMessages.noEditTouchpoint);
  return row;
}

/** Changes a scheduled or recurring launch (PUT /launch-survey): its time or recurrence, and optionally its touchpoints or template. */
export async function updateScheduledLaunch(ctx: DomainContext, input: UpdateLaunchInput, now: Date = new Date()): Promise<LaunchView> {
  const m = await loadAccess(ctx);
  const data = parseInput(updateSchema, input);
  const row = await changeableLaunch(ctx, m, data.id);
  if (row.status !== "scheduled") throw conflict(launchMessages.notScheduled);
  const plan = optionsOf(data.schedule).plan;
  if (plan !== "later" && plan !== "recurring") throw badInput(launchMessages.editNeedsLater, "schedule.plan");
  const schedule = parseSchedule(data.schedule, now, await organizationTimeZone(ctx, m.organizationId));
  const channel = channelOfRow(row.options);
  const update: Prisma.LaunchUpdateManyMutationInput & { touchpointIds?: string[]; contactListIds?: string[]; messageTemplateId?: string } = {};
  if (data.touchpointIds) {
    const touchpoints = await launchableTouchpoints(ctx, m, data.touchpointIds);
    if (touchpoints.some((t) => launchChannelOf[t.type] !== channel)) throw badInput(launchMessages.otherChannel, "touchpointIds");
    update.touchpointIds = touchpoints.map((t) => t.id);
    update.contactListIds = touchpoints.flatMap((t) => (t.contactListId ? [t.contactListId] : []));
  }
  if (data.messageTemplateId !== undefined) {
    if (channel === "activation") throw badInput(launchMessages.otherChannel, "messageTemplateId");
    update.messageTemplateId = await requireTemplate(ctx, data.messageTemplateId, channel);
  }
  const { timeZone, ...columns } = scheduleColumns(schedule);
  // moved only from the state it was read in: a firing or another edit in between wins
  const changed = await tenantDb(ctx).launch.updateMany({
    where: { id: row.id, status: "scheduled", nextRunAt: row.nextRunAt },
    data: {
      ...update,
      kind: schedule.kind === "recurring" ? "recurring" : "scheduled",
      scheduledAt: columns.scheduledAt,
      recurrence: schedule.kind === "recurring" ? columns.recurrence : (null as unknown as Prisma.InputJsonValue),
      nextRunAt: columns.nextRunAt,
      options: { ...optionsOf(row.options), timeZone },
      error: null,
    },
  });
  if (changed.count !== 1) throw conflict(launchMessages.changedMeanwhile);
  const saved = await tenantDb(ctx).launch.findFirstOrThrow({ where: { id: row.id }, select: launchSelect });
  return (await toViews(ctx, m, [saved]))[0]!;
}

/** Cancels a scheduled or recurring launch (DELETE /surveys/scheduled/{id}): "launch cancelled". */
export async function cancelScheduledLaunch(ctx: DomainContext, launchId: string): Promise<{ message: string; launch: LaunchView }> {
  const m = await loadAccess(ctx);
  const row = await changeableLaunch(ctx, m, launchId);
  const cancelled = await tenantDb(ctx).launch.updateMany({ where: { id: row.id, status: "scheduled" }, data: { status: "cancelled", nextRunAt: null } });
  if (cancelled.count !== 1) throw conflict(launchMessages.notScheduled);
  const saved = await tenantDb(ctx).launch.findFirstOrThrow({ where: { id: row.id }, select: launchSelect });
  return { message: launchMessages.cancelled, launch: (await toViews(ctx, m, [saved]))[0]! };
}

export type WizardTouchpoint = {
  id: string;
  name: string;
  type: keyof typeof launchChannelOf;
  unitId: string;
  activeSurveyId: string | null;
  contacts: number | null;
};
export type WizardTemplate = { id: string; name: string; language: string; type: "email" | "sms" };
export type LaunchWizard = {
  surveyId: string;
  surveyName: string;
  timeZone: string;
  /** The touchpoint types the plan and the caller's rights allow, each with the caller's touchpoints of it. */
  groups: { type: keyof typeof launchChannelOf; touchpoints: WizardTouchpoint[] }[];
  templates: WizardTemplate[];
};

/** What the wizard offers for a survey (launchSurveys on it): touchpoints grouped by type, templates, the time zone. */
export async function launchWizard(ctx: DomainContext, surveyId: string): Promise<LaunchWizard> {
  const m = await loadAccess(ctx);
  const survey = await launchableSurvey(ctx, m, parseInput(objectIdSchema, surveyId));
  const sms = await organizationHasFeature(ctx.prisma, m.organizationId, "smsMessages");
  const types = launchableTypes.filter((t) => t !== "smsContactList" || sms);
  const db = tenantDb(ctx);
  const [touchpoints, templates, timeZone] = await Promise.all([
    db.touchpoint.findMany({
      where: { deleted: false, type: { in: types }, unitId: { in: [...unitsWithRight(m, "editTouchpoints")] } },
      select: { id: true, name: true, type: true, unitId: true, activeSurveyId: true, contactList: { select: { _count: { select: { contacts: true } } } } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    }),
    db.messageTemplate.findMany({
      where: { templateType: { in: sms ? ["email", "sms"] : ["email"] } },
      select: { id: true, name: true, language: true, templateType: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    }),
    organizationTimeZone(ctx, m.organizationId),
  ]);
  return {
    surveyId: survey.id,
    surveyName: survey.name,
    timeZone,
    groups: types.map((type) => ({
      type,
      touchpoints: touchpoints
        .filter((t) => t.type === type)
        .map((t) => ({
          id: t.id,
          name: t.name,
          type,
          unitId: t.unitId,
          activeSurveyId: t.activeSurveyId,
          contacts: launchChannelOf[type] === "activation" ? null : (t.contactList?._count.contacts ?? 0),
        })),
    })),
    templates: templates.map((t) => ({ id: t.id, name: t.name, language: t.language, type: t.templateType === "sms" ? "sms" : "email" })),
  };
}
