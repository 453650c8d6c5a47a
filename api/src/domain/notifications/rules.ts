// Notification rules (spec 001 §3 "Notification rule", §4, §5, §7 /notifications): who is alerted
// when a response of a survey at chosen touchpoints meets the conditions. Rules of spec 001 §5:
// - an id is looked up only when it is 24 hexadecimal characters (anything else is refused at once);
// - a rule is saved only when complete: conditions, delay, name, survey, receivers and touchpoints
//   present, receivers and touchpoints non-empty, messageContentFromQuestionIds omitted or not empty,
//   no string empty;
// - each condition's values are a non-empty list or a numeric map of non-negative numbers; empty
//   slider bounds and empty groups are dropped before save (conditions.ts);
// - a delay of at least 30 minutes is only suggested.
// Access (docs/notifications.md "Who sees what"): the manageNotifications right in some team to
// create; a non-admin sees, edits and deletes only their own rules, an organisation admin all of the
// organisation's. The plan's features gate the receivers: notificationsToOrganizationUsers lets the
// organisation's members be alerted, notificationsToAllEmails any address.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, forbidden, notFound } from "../errors.js";
import { emailSchema, messages, objectIdSchema, parseInput } from "../validation.js";
import { tenantDb } from "../tenancy.js";
import { canSomewhere, loadAccess, requireOnObject } from "../../permissions/access.js";
import { noFeatureAccess } from "../features/features.js";
import { checkConditionsAgainst, cleanConditions, type ConditionGroups, type RuleQuestion } from "./conditions.js";
import { checkWebhookUrls, newWebhookSecret } from "./webhooks.js";
import { forgetRules } from "./evaluation.js";

export const notificationMessages = {
  saved: "Saved",
  deleted: "Deleted",
  copied: "Copied",
  notFound: "Notification not found",
  noRights: "You do not have the rights to manage notifications",
  incomplete: (field: string) => `The notification is not complete: ${field} is required`,
  emptyList: (field: string) => `The notification is not complete: ${field} must not be empty`,
  emptyContentList: "messageContentFromQuestionIds must not be an empty list: leave it out to include every answer",
  emptyString: (field: string) => `${field} must not be empty`,
  contentQuestion: "Unknown question in messageContentFromQuestionIds: not a question of the chosen survey",
  receiverOutsidePlan: (email: string) =>
    `${email} is not a member of the organisation: your plan alerts only the organisation's users (notificationsToAllEmails is needed for other addresses)`,
  noMembersFeature: "Your plan does not include notifications to the organisation's users",
  delay: "The delay is a whole number of minutes from 0 to 10080 (one week)",
  format: "The format is plain or markdown",
  tooManyReceivers: (n: number) => `At most ${n} receivers`,
  tooManyTouchpoints: (n: number) => `At most ${n} touchpoints`,
} as const;

export const suggestedMinimumDelayMinutes = 30;
const maxDelayMinutes = 7 * 24 * 60;
const maxReceivers = 50;
const maxTouchpoints = 500;
const nameMaxLength = 200;

export type NotificationFormat = "plain" | "markdown";

export type NotificationRuleView = {
  id: string;
  name: string;
  surveyId: string;
  touchpointIds: string[];
  conditions: ConditionGroups;
  /** minutes */
  delay: number;
  receivers: string[];
  format: NotificationFormat;
  /** null when every answer is included (the spec's "omitted when empty") */
  messageContentFromQuestionIds: string[] | null;
  active: boolean;
  /** signed webhook receivers (webhooks.ts) */
  webhookUrls: string[];
  /** the rule's signing secret ("whsec_…"), null until it has a webhook */
  webhookSecret: string | null;
  createdByUserId: string | null;
  lastRunAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type NotificationRuleInput = {
  name?: unknown;
  surveyId?: unknown;
  touchpointIds?: unknown;
  conditions?: unknown;
  delay?: unknown;
  receivers?: unknown;
  format?: unknown;
  messageContentFromQuestionIds?: unknown;
  active?: unknown;
  webhooks?: unknown;
};

const select = {
  id: true,
  name: true,
  surveyId: true,
  touchpointIds: true,
  conditions: true,
  delay: true,
  receivers: true,
  format: true,
  messageContentFromQuestionIds: true,
  active: true,
  webhookUrls: true,
  webhookSecret: true,
  createdByUserId: true,
  lastRunAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type Row = {
  id: string;
  name: string;
  surveyId: string;
  touchpointIds: string[];
  conditions: unknown;
  delay: number;
  receivers: string[];
  format: NotificationFormat;
  messageContentFromQuestionIds: string[];
  active: boolean;
  webhookUrls: string[];
  webhookSecret: string | null;
  createdByUserId: string | null;
  lastRunAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const toView = (r: Row): NotificationRuleView => ({
  ...r,
  conditions: (Array.isArray(r.conditions) ? r.conditions : []) as ConditionGroups,
  messageContentFromQuestionIds: r.messageContentFromQuestionIds.length ? r.messageContentFromQuestionIds : null,
});

/** Spec 001 §5: the id is checked before anything is fetched. */
export function parseNotificationId(id: unknown): string {
  return parseInput(objectIdSchema, id);
}

/** Who may read which rules: an organisation admin all of the organisation's, anyone else their own. */
async function ownership(ctx: DomainContext): Promise<{ organizationId: string; userId: string; admin: boolean; where: { createdByUserId?: string } }> {
  const a = await loadAccess(ctx);
  const admin = a.organizationAdmin;
  return { organizationId: a.organizationId, userId: a.viewer.userId, admin, where: admin ? {} : { createdByUserId: a.viewer.userId } };
}

export async function listNotificationRules(ctx: DomainContext, opts: { surveyId?: string } = {}): Promise<NotificationRuleView[]> {
  const { where } = await ownership(ctx);
  const surveyId = opts.surveyId ? parseInput(objectIdSchema, opts.surveyId) : undefined;
  const rows = await tenantDb(ctx).notificationRule.findMany({
    where: { ...where, ...(surveyId ? { surveyId } : {}) },
    select,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 1000,
  });
  return rows.map(toView);
}

export async function getNotificationRule(ctx: DomainContext, id: string): Promise<NotificationRuleView> {
  const ruleId = parseNotificationId(id);
  const { where } = await ownership(ctx);
  const row = await tenantDb(ctx).notificationRule.findFirst({ where: { id: ruleId, ...where }, select });
  if (!row) throw notFound(notificationMessages.notFound);
  return toView(row);
}

const inputSchema = z.object({
  name: z.unknown(),
  surveyId: z.unknown(),
  touchpointIds: z.unknown(),
  conditions: z.unknown(),
  delay: z.unknown(),
  receivers: z.unknown(),
  format: z.unknown().optional(),
  messageContentFromQuestionIds: z.unknown().optional(),
  active: z.unknown().optional(),
  webhooks: z.unknown().optional(),
});

const absent = (v: unknown) => v === undefined || v === null;
const idAt = (v: unknown, field: string): string => {
  const parsed = objectIdSchema.safeParse(v);
  if (!parsed.success) throw badInput(messages.invalidId, field);
  return parsed.data;
};

type CheckedRule = {
  name: string;
  surveyId: string;
  touchpointIds: string[];
  conditions: ConditionGroups;
  delay: number;
  receivers: string[];
  format: NotificationFormat;
  messageContentFromQuestionIds: string[];
  active: boolean;
  webhookUrls: string[];
};

/** Completeness and shape (spec 001 §5), then the survey, touchpoints, questions and receivers. */
async function checkRule(ctx: DomainContext, organizationId: string, input: NotificationRuleInput): Promise<CheckedRule> {
  const raw = parseInput(inputSchema, input ?? {});
  // completeness: every field present
  for (const field of ["conditions", "delay", "name", "surveyId", "receivers", "touchpointIds"] as const) {
    if (absent(raw[field])) throw badInput(notificationMessages.incomplete(field), field);
  }
  if (typeof raw.name !== "string") throw badInput(notificationMessages.incomplete("name"), "name");
  const name = raw.name.trim();
  if (!name) throw badInput(notificationMessages.emptyString("name"), "name");
  if (name.length > nameMaxLength) throw badInput(messages.maxLength(nameMaxLength), "name");
  const surveyId = idAt(raw.surveyId, "surveyId");
  if (!Array.isArray(raw.touchpointIds)) throw badInput(notificationMessages.incomplete("touchpointIds"), "touchpointIds");
  if (raw.touchpointIds.length === 0) throw badInput(notificationMessages.emptyList("touchpointIds"), "touchpointIds");
  if (raw.touchpointIds.length > maxTouchpoints) throw badInput(notificationMessages.tooManyTouchpoints(maxTouchpoints), "touchpointIds");
  const touchpointIds = [...new Set(raw.touchpointIds.map((t, i) => idAt(t, `touchpointIds.${i}`)))];
  if (!Array.isArray(raw.receivers)) throw badInput(notificationMessages.incomplete("receivers"), "receivers");
  if (raw.receivers.length === 0) throw badInput(notificationMessages.emptyList("receivers"), "receivers");
  if (raw.receivers.length > maxReceivers) throw badInput(notificationMessages.tooManyReceivers(maxReceivers), "receivers");
  const receivers = [
    ...new Set(
      raw.receivers.map((r, i) => {
        if (typeof r === "string" && !r.trim()) throw badInput(notificationMessages.emptyString(`receivers.${i}`), `receivers.${i}`);
        const parsed = emailSchema.safeParse(r);
        if (!parsed.success) throw badInput(messages.invalidEmail, `receivers.${i}`);
        return parsed.data;
      }),
    ),
  ];
  const delay = raw.delay;
  if (typeof delay !== "number" || !Number.isInteger(delay) || delay < 0 || delay > maxDelayMinutes) throw badInput(notificationMessages.delay, "delay");
  const format = absent(raw.format) ? "plain" : raw.format;
  if (format !== "plain" && format !== "markdown") throw badInput(notificationMessages.format, "format");
  let contentIds: string[] = [];
  if (!absent(raw.messageContentFromQuestionIds)) {
    if (!Array.isArray(raw.messageContentFromQuestionIds)) throw badInput(notificationMessages.emptyContentList, "messageContentFromQuestionIds");
    if (raw.messageContentFromQuestionIds.length === 0) throw badInput(notificationMessages.emptyContentList, "messageContentFromQuestionIds");
    contentIds = [...new Set(raw.messageContentFromQuestionIds.map((q) => (typeof q === "string" ? q : "")))];
  }
  if (!absent(raw.active) && typeof raw.active !== "boolean") throw badInput("active is true or false", "active");
  const conditions = cleanConditions(raw.conditions);

  // The survey and touchpoints: the caller's organisation, and ones they may see (another
  // organisation's are "not found", as if they did not exist).
  await requireOnObject(ctx, "viewResults", "Survey", surveyId);
  for (const touchpointId of touchpointIds) await requireOnObject(ctx, "viewResults", "Touchpoint", touchpointId);

  const questions = await tenantDb(ctx).question.findMany({
    where: { surveyId, hidden: false },
    select: { id: true, type: true, options: true, choices: true },
  });
  const byId = new Map<string, RuleQuestion>(
    questions.map((q) => [
      q.id,
      {
        id: q.id,
        type: q.type,
        options: (q.options ?? {}) as Record<string, unknown>,
        choices: (Array.isArray(q.choices) ? q.choices : []) as RuleQuestion["choices"],
      },
    ]),
  );
  checkConditionsAgainst(conditions, byId);
  contentIds.forEach((q, i) => {
    if (!byId.has(q)) throw badInput(notificationMessages.contentQuestion, `messageContentFromQuestionIds.${i}`);
  });

  await checkReceivers(ctx, organizationId, receivers);
  const webhookUrls = await checkWebhookUrls(ctx.config, raw.webhooks);
  return {
    name,
    surveyId,
    touchpointIds,
    conditions,
    delay,
    receivers,
    format,
    messageContentFromQuestionIds: contentIds,
    active: absent(raw.active) ? true : (raw.active as boolean),
    webhookUrls,
  };
}

/** The plan's features gate who may be alerted. */
async function checkReceivers(ctx: DomainContext, organizationId: string, receivers: string[]): Promise<void> {
  const features = await featuresOf(ctx, organizationId);
  if (features.has("notificationsToAllEmails")) return;
  if (!features.has("notificationsToOrganizationUsers")) throw noFeatureAccess();
  const members = await ctx.prisma.membership.findMany({
    where: { organizationId, user: { email: { in: receivers } } },
    select: { user: { select: { email: true } } },
  });
  const known = new Set(members.map((m) => m.user.email.toLowerCase()));
  receivers.forEach((email, i) => {
    if (!known.has(email)) throw badInput(notificationMessages.receiverOutsidePlan(email), `receivers.${i}`);
  });
}

async function featuresOf(ctx: DomainContext, organizationId: string): Promise<Set<string>> {
  if (ctx.viewer?.organizationId === organizationId) return new Set(ctx.viewer.features);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { featureSet: { select: { features: true } } } });
  return new Set(org?.featureSet.features ?? []);
}

/** The caller may manage rules: the right in some team, and a plan with notifications. */
async function requireManager(ctx: DomainContext) {
  const own = await ownership(ctx);
  const a = await loadAccess(ctx);
  if (!canSomewhere(a, "manageNotifications")) throw forbidden(notificationMessages.noRights);
  const features = await featuresOf(ctx, own.organizationId);
  if (!features.has("notificationsToOrganizationUsers") && !features.has("notificationsToAllEmails")) throw noFeatureAccess();
  return own;
}

export async function createNotificationRule(ctx: DomainContext, input: NotificationRuleInput): Promise<NotificationRuleView> {
  const own = await requireManager(ctx);
  const rule = await checkRule(ctx, own.organizationId, input);
  const row = await tenantDb(ctx).notificationRule.create({
    data: {
      ...rule,
      webhookSecret: rule.webhookUrls.length > 0 ? newWebhookSecret() : null,
      organizationId: own.organizationId,
      createdByUserId: own.userId,
    },
    select,
  });
  forgetRules(row.surveyId);
  return toView(row);
}

/** PUT: the whole rule again (a complete rule, as for a create). */
export async function updateNotificationRule(ctx: DomainContext, id: string, input: NotificationRuleInput): Promise<NotificationRuleView> {
  const ruleId = parseNotificationId(id);
  const own = await requireManager(ctx);
  const existing = await tenantDb(ctx).notificationRule.findFirst({ where: { id: ruleId, ...own.where }, select: { id: true, webhookSecret: true } });
  if (!existing) throw notFound(notificationMessages.notFound);
  const rule = await checkRule(ctx, own.organizationId, input);
  // the secret stays once made, so receivers keep verifying
  const webhookSecret = existing.webhookSecret ?? (rule.webhookUrls.length > 0 ? newWebhookSecret() : null);
  const updated = await tenantDb(ctx).notificationRule.updateManyAndReturn({ where: { id: ruleId, ...own.where }, data: { ...rule, webhookSecret }, select });
  if (!updated[0]) throw notFound(notificationMessages.notFound);
  forgetRules();
  return toView(updated[0]);
}

export type WebhookDeliveryView = {
  id: string;
  url: string;
  responseId: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
};

/** The rule's latest webhook deliveries (the rule's screen shows their status). */
export async function listWebhookDeliveries(ctx: DomainContext, ruleId: string, take = 20): Promise<WebhookDeliveryView[]> {
  const { where } = await ownership(ctx);
  const rule = await tenantDb(ctx).notificationRule.findFirst({ where: { id: parseNotificationId(ruleId), ...where }, select: { id: true } });
  if (!rule) throw notFound(notificationMessages.notFound);
  return tenantDb(ctx).notificationWebhookDelivery.findMany({
    where: { ruleId: rule.id },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take,
    select: { id: true, url: true, responseId: true, status: true, attempts: true, lastStatusCode: true, lastError: true, createdAt: true, deliveredAt: true },
  });
}

export async function deleteNotificationRule(ctx: DomainContext, id: string): Promise<{ id: string }> {
  const ruleId = parseNotificationId(id);
  const { where } = await ownership(ctx);
  const removed = await tenantDb(ctx).notificationRule.deleteMany({ where: { id: ruleId, ...where } });
  if (removed.count === 0) throw notFound(notificationMessages.notFound);
  forgetRules();
  return { id: ruleId };
}
