// Notification rules (spec 001 §3 "Notification rule"): the list, one rule, create, update (also a
// pause) and delete. Ids of surveys, touchpoints and questions are the 24-hex ids the REST facade
// and the editor's source list use (legacyId). Rules live in domain/notifications/rules.ts.
import { builder } from "./builder.js";
import {
  createNotificationRule,
  deleteNotificationRule,
  getNotificationRule,
  listNotificationRules,
  notificationMessages,
  suggestedMinimumDelayMinutes,
  updateNotificationRule,
  listWebhookDeliveries,
  type NotificationRuleInput,
  type NotificationRuleView,
  type WebhookDeliveryView,
} from "../domain/notifications/rules.js";
import { badInput } from "../domain/errors.js";
import type { Condition } from "../domain/notifications/conditions.js";

const NotificationFormatEnum = builder.enumType("NotificationFormat", {
  description: "plain text, or formatted (markdown)",
  values: ["plain", "markdown"] as const,
});

const NotificationConditionType = builder.objectRef<Condition>("NotificationCondition").implement({
  description: "One OR condition: the question and the values that make it hold (docs/notifications.md)",
  fields: (t) => ({
    questionId: t.exposeString("questionId", { description: "the question's 24-hex id" }),
    values: t.stringList({
      nullable: true,
      description: "choice ids, words or contact fields",
      resolve: (c) => (Array.isArray(c.values) && c.values.every((v) => typeof v === "string") ? (c.values as string[]) : null),
    }),
    numbers: t.floatList({
      nullable: true,
      description: "button indexes (smiley) or scores (NPS)",
      resolve: (c) => (Array.isArray(c.values) && c.values.every((v) => typeof v === "number") ? (c.values as number[]) : null),
    }),
    gte: t.float({
      nullable: true,
      description: "lower bound, inclusive (slider, NPS)",
      resolve: (c) => (Array.isArray(c.values) ? null : (c.values.gte ?? null)),
    }),
    lt: t.float({
      nullable: true,
      description: "upper bound, exclusive (slider, NPS)",
      resolve: (c) => (Array.isArray(c.values) ? null : (c.values.lt ?? null)),
    }),
  }),
});

const NotificationConditionGroupType = builder.objectRef<Condition[]>("NotificationConditionGroup").implement({
  description: "An AND group: at least one of its conditions must hold",
  fields: (t) => ({ conditions: t.field({ type: [NotificationConditionType], resolve: (g) => g }) }),
});

const WebhookDeliveryType = builder.objectRef<WebhookDeliveryView>("NotificationWebhookDelivery").implement({
  description: "One signed POST of a firing to one webhook URL, retried with backoff",
  fields: (t) => ({
    deliveryId: t.exposeString("id", { description: "the webhook-id header of the POST" }),
    url: t.exposeString("url"),
    responseId: t.exposeString("responseId"),
    status: t.exposeString("status", { description: "pending, retrying, delivered or failed" }),
    attempts: t.exposeInt("attempts"),
    lastStatusCode: t.exposeInt("lastStatusCode", { nullable: true }),
    lastError: t.exposeString("lastError", { nullable: true }),
    createdAt: t.field({ type: "DateTime", resolve: (d) => d.createdAt }),
    deliveredAt: t.field({ type: "DateTime", nullable: true, resolve: (d) => d.deliveredAt }),
  }),
});

export const NotificationRuleType = builder.objectRef<NotificationRuleView>("NotificationRule");
NotificationRuleType.implement({
  description: "A notification rule: who is alerted when a response of the survey at the touchpoints meets the conditions",
  fields: (t) => ({
    id: t.globalID({ resolve: (r) => ({ type: NotificationRuleType, id: r.id }) }),
    legacyId: t.exposeString("id", { description: "the rule's 24-hex _id (/notifications/{id})" }),
    name: t.exposeString("name"),
    surveyId: t.exposeString("surveyId", { description: "the survey's 24-hex id" }),
    touchpointIds: t.exposeStringList("touchpointIds", { description: "the touchpoints' 24-hex ids" }),
    conditionGroups: t.field({ type: [NotificationConditionGroupType], description: "AND groups of OR conditions", resolve: (r) => r.conditions }),
    delay: t.exposeInt("delay", { description: `minutes; at least ${suggestedMinimumDelayMinutes} is suggested` }),
    receivers: t.exposeStringList("receivers"),
    format: t.field({ type: NotificationFormatEnum, resolve: (r) => r.format }),
    messageContentFromQuestionIds: t.exposeStringList("messageContentFromQuestionIds", {
      nullable: true,
      description: "the answers the message includes; null: every answer",
    }),
    active: t.exposeBoolean("active"),
    webhooks: t.exposeStringList("webhookUrls", { description: "signed webhook receivers (Standard Webhooks)" }),
    webhookSecret: t.exposeString("webhookSecret", {
      nullable: true,
      description: "the signing secret (whsec_…) receivers verify the webhook-signature header with; null without webhooks",
    }),
    webhookDeliveries: t.field({
      type: [WebhookDeliveryType],
      description: "the latest 20 webhook deliveries, newest first",
      resolve: (r, _args, ctx) => listWebhookDeliveries(ctx, r.id),
    }),
    lastSentAt: t.field({ type: "DateTime", nullable: true, resolve: (r) => r.lastRunAt }),
    createdAt: t.field({ type: "DateTime", resolve: (r) => r.createdAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (r) => r.updatedAt }),
  }),
});

const NotificationConditionInput = builder.inputType("NotificationConditionInput", {
  description: "One condition: values (choice ids, words, contact fields), numbers (button indexes, scores) or bounds gte/lt (slider, NPS)",
  fields: (t) => ({
    questionId: t.string({ required: true, description: "the question's 24-hex id" }),
    values: t.stringList(),
    numbers: t.floatList(),
    gte: t.float({ description: "empty bounds are dropped before save" }),
    lt: t.float(),
  }),
});

const NotificationConditionGroupInput = builder.inputType("NotificationConditionGroupInput", {
  fields: (t) => ({ conditions: t.field({ type: [NotificationConditionInput], required: true }) }),
});

const NotificationRuleInputType = builder.inputType("NotificationRuleInput", {
  description: "A complete notification rule (spec 001 §5); a copy is created from the same fields",
  fields: (t) => ({
    name: t.string(),
    surveyId: t.string({ description: "the survey's 24-hex id" }),
    touchpointIds: t.stringList({ description: "the touchpoints' 24-hex ids" }),
    conditionGroups: t.field({ type: [NotificationConditionGroupInput] }),
    delay: t.int({ description: "minutes" }),
    receivers: t.stringList(),
    format: t.field({ type: NotificationFormatEnum }),
    messageContentFromQuestionIds: t.stringList({ description: "leave out (null) for every answer; never an empty list" }),
    active: t.boolean(),
    webhooks: t.stringList({ description: "http(s) URLs that get a signed POST when the rule fires; no private addresses" }),
  }),
});

type ConditionIn = { questionId: string; values?: string[] | null; numbers?: number[] | null; gte?: number | null; lt?: number | null };

function toDomainInput(input: {
  name?: string | null;
  surveyId?: string | null;
  touchpointIds?: string[] | null;
  conditionGroups?: { conditions: ConditionIn[] }[] | null;
  delay?: number | null;
  receivers?: string[] | null;
  format?: "plain" | "markdown" | null;
  messageContentFromQuestionIds?: string[] | null;
  active?: boolean | null;
  webhooks?: string[] | null;
}): NotificationRuleInput {
  const conditions = input.conditionGroups?.map((g, gi) =>
    g.conditions.map((c, ci) => {
      const given = [c.values, c.numbers].filter((v) => v !== null && v !== undefined);
      if (given.length > 1 || (given.length === 1 && (c.gte != null || c.lt != null))) {
        throw badInput("A condition has values, numbers or bounds (gte, lt), not several", `conditionGroups.${gi}.conditions.${ci}`);
      }
      return { questionId: c.questionId, values: given[0] ?? { gte: c.gte ?? null, lt: c.lt ?? null } };
    }),
  );
  return { ...input, conditions };
}

builder.queryField("notificationRules", (t) =>
  t.field({
    type: [NotificationRuleType],
    description: "The rules the caller sees: an organisation admin all of the organisation's, anyone else their own (GET /notifications)",
    resolve: (_root, _args, ctx) => listNotificationRules(ctx),
  }),
);

builder.queryField("notificationRule", (t) =>
  t.field({
    type: NotificationRuleType,
    description: "One rule by its 24-hex id, checked before any lookup (GET /notifications/{id})",
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getNotificationRule(ctx, args.id),
  }),
);

const NotificationRulePayload = builder.objectRef<{ rule: NotificationRuleView; message: string }>("NotificationRulePayload").implement({
  fields: (t) => ({
    rule: t.field({ type: NotificationRuleType, resolve: (p) => p.rule }),
    message: t.exposeString("message", { description: "Saved" }),
  }),
});

builder.mutationField("createNotificationRule", (t) =>
  t.field({
    type: NotificationRulePayload,
    description: "Create a rule, or a copy of one (POST /notifications)",
    args: { input: t.arg({ type: NotificationRuleInputType, required: true }) },
    resolve: async (_root, args, ctx) => ({ rule: await createNotificationRule(ctx, toDomainInput(args.input)), message: notificationMessages.saved }),
  }),
);

builder.mutationField("updateNotificationRule", (t) =>
  t.field({
    type: NotificationRulePayload,
    description: "Replace a rule with a complete one (PUT /notifications/{id})",
    args: { id: t.arg.string({ required: true, description: "the rule's 24-hex id" }), input: t.arg({ type: NotificationRuleInputType, required: true }) },
    resolve: async (_root, args, ctx) => ({
      rule: await updateNotificationRule(ctx, args.id, toDomainInput(args.input)),
      message: notificationMessages.saved,
    }),
  }),
);

const DeleteNotificationRulePayload = builder.objectRef<{ id: string }>("DeleteNotificationRulePayload").implement({
  fields: (t) => ({
    deletedNotificationRuleId: t.globalID({ description: "for @deleteRecord", resolve: (p) => ({ type: NotificationRuleType, id: p.id }) }),
    legacyId: t.exposeString("id"),
    message: t.string({ resolve: () => notificationMessages.deleted }),
  }),
});

builder.mutationField("deleteNotificationRule", (t) =>
  t.field({
    type: DeleteNotificationRulePayload,
    description: "Delete a rule (DELETE /notifications/{id})",
    args: { id: t.arg.string({ required: true, description: "the rule's 24-hex id" }) },
    resolve: (_root, args, ctx) => deleteNotificationRule(ctx, args.id),
  }),
);
