// /api/v5/notifications (spec 001 §7 "Notifications"): the notification rules, in the spec's field
// names (_id, survey_id, device_id, receivers…). Rules live in domain/notifications/rules.ts.
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  createNotificationRule,
  deleteNotificationRule,
  getNotificationRule,
  listNotificationRules,
  notificationMessages,
  updateNotificationRule,
  type NotificationRuleInput,
  type NotificationRuleView,
} from "../../domain/notifications/rules.js";

const objectId = z.string().describe("24 hexadecimal characters");

const conditionShape = z
  .object({
    questionId: objectId,
    values: z
      .union([z.array(z.union([z.string(), z.number()])), z.object({ gte: z.number().optional(), lt: z.number().optional() })])
      .describe("a non-empty list (button indexes, scores, choice ids, words or contact fields), or a numeric map { gte, lt } (slider, NPS)"),
  })
  .meta({ id: "NotificationCondition" });

const notificationShape = z
  .object({
    _id: objectId,
    name: z.string(),
    survey_id: objectId,
    device_id: z.array(objectId).describe("the touchpoints whose responses are checked"),
    conditions: z.array(z.array(conditionShape)).describe("AND groups of OR conditions"),
    delay: z.number().int().describe("minutes; the rule sends when the response is complete or the delay has passed"),
    receivers: z.array(z.string()).describe("e-mail addresses"),
    format: z.enum(["plain", "markdown"]),
    messageContentFromQuestionIds: z.array(objectId).optional().describe("the answers the message includes; omitted: every answer"),
    active: z.boolean(),
    webhooks: z.array(z.string()).describe("signed webhook receivers (Standard Webhooks)"),
    webhookSecret: z.string().nullable().describe("whsec_…: verifies the webhook-signature header; null without webhooks"),
    createdBy: objectId.nullable(),
    lastSentAt: z.string().nullable().describe("ISO 8601"),
    createdAt: z.string().describe("ISO 8601"),
    updatedAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "Notification" });

const toJson = (r: NotificationRuleView): z.input<typeof notificationShape> => ({
  _id: r.id,
  name: r.name,
  survey_id: r.surveyId,
  device_id: r.touchpointIds,
  conditions: r.conditions,
  delay: r.delay,
  receivers: r.receivers,
  format: r.format,
  ...(r.messageContentFromQuestionIds ? { messageContentFromQuestionIds: r.messageContentFromQuestionIds } : {}),
  active: r.active,
  webhooks: r.webhookUrls,
  webhookSecret: r.webhookSecret,
  createdBy: r.createdByUserId,
  lastSentAt: r.lastRunAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

// Loose on purpose: the domain checks every field and answers the spec's messages.
const body = z
  .object({
    name: z.unknown().optional().describe("text"),
    survey_id: z.unknown().optional().describe("24 hexadecimal characters"),
    device_id: z.unknown().optional().describe("a non-empty list of touchpoint ids"),
    conditions: z.unknown().optional().describe("AND groups of OR conditions { questionId, values }"),
    delay: z.unknown().optional().describe("minutes (at least 30 is suggested)"),
    receivers: z.unknown().optional().describe("a non-empty list of e-mail addresses"),
    format: z.unknown().optional().describe("plain (default) or markdown"),
    messageContentFromQuestionIds: z.unknown().optional().describe("omit for every answer; never an empty list"),
    active: z.unknown().optional().describe("false pauses the rule"),
    webhooks: z.unknown().optional().describe("at most 5 http(s) URLs that get a signed POST when the rule fires; private addresses are refused"),
  })
  .describe("a complete notification rule");

const toInput = (b: z.output<typeof body>): NotificationRuleInput => ({
  name: b.name,
  surveyId: b.survey_id,
  touchpointIds: b.device_id,
  conditions: b.conditions,
  delay: b.delay,
  receivers: b.receivers,
  format: b.format,
  messageContentFromQuestionIds: b.messageContentFromQuestionIds,
  active: b.active,
  webhooks: b.webhooks,
});

const params = z.object({ id: z.string().describe("24 hexadecimal characters; anything else is refused before any lookup") });

export const notificationRoutes = [
  defineRoute({
    method: "GET",
    path: "/notifications",
    tag: "Notifications",
    summary: "The notification rules the caller sees: an organisation admin all of the organisation's, anyone else their own",
    auth: "bearer",
    response: z.array(notificationShape),
    handler: async ({ ctx }) => (await listNotificationRules(ctx)).map(toJson),
  }),
  defineRoute({
    method: "POST",
    path: "/notifications",
    tag: "Notifications",
    summary: "Create a notification rule (a copy is created the same way, without _id)",
    auth: "bearer",
    body,
    status: 201,
    response: notificationShape.extend({ message: z.string().describe("Saved") }),
    handler: async ({ ctx, body: b }) => ({ ...toJson(await createNotificationRule(ctx, toInput(b))), message: notificationMessages.saved }),
  }),
  defineRoute({
    method: "GET",
    path: "/notifications/{id}",
    tag: "Notifications",
    summary: "One notification rule",
    auth: "bearer",
    params,
    response: notificationShape,
    handler: async ({ ctx, params: p }) => toJson(await getNotificationRule(ctx, p.id)),
  }),
  defineRoute({
    method: "PUT",
    path: "/notifications/{id}",
    tag: "Notifications",
    summary: "Replace a notification rule with a complete one",
    auth: "bearer",
    params,
    body,
    response: notificationShape.extend({ message: z.string().describe("Saved") }),
    handler: async ({ ctx, params: p, body: b }) => ({ ...toJson(await updateNotificationRule(ctx, p.id, toInput(b))), message: notificationMessages.saved }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/notifications/{id}",
    tag: "Notifications",
    summary: "Delete a notification rule",
    auth: "bearer",
    params,
    response: z.object({ status: z.literal("ok"), _id: objectId, message: z.string().describe("Deleted") }),
    handler: async ({ ctx, params: p }) => {
      const { id } = await deleteNotificationRule(ctx, p.id);
      return { status: "ok" as const, _id: id, message: notificationMessages.deleted };
    },
  }),
];
