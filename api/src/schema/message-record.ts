// Campaign message records and their delivery statuses, for the /touchpoints/emails and
// /touchpoints/sms screens. Rules live in domain/campaigns/sending/records.ts.
import { builder } from "./builder.js";
import { TouchpointType } from "./touchpoint.js";
import {
  campaignTouchpoints,
  messageRecordPage,
  type CampaignLaunchSummary,
  type CampaignTouchpointSummary,
  type MessageRecordHeader,
  type MessageRecordPage,
  type StatusCount,
} from "../domain/campaigns/sending/records.js";
import { deliveryStatuses } from "../domain/campaigns/sending/status.js";

const CampaignChannelEnum = builder.enumType("CampaignChannel", { values: ["email", "sms"] as const });
const DeliveryStatusEnum = builder.enumType("DeliveryStatus", {
  description: "PENDING → DELIVERED → OPENED → CLICKED → RESPONDED; ERROR carries a reason; UNKNOWN where nothing came back",
  values: deliveryStatuses,
});

const DeliveryStatusCount = builder.objectRef<StatusCount>("DeliveryStatusCount").implement({
  fields: (t) => ({
    status: t.field({ type: DeliveryStatusEnum, resolve: (c) => c.status }),
    count: t.exposeInt("count"),
  }),
});

const CampaignLaunch = builder.objectRef<CampaignLaunchSummary>("CampaignLaunch").implement({
  description: "A launch that sent messages to the touchpoint's contacts",
  fields: (t) => ({
    launchId: t.exposeString("id", { description: "the launch's 24-hex id" }),
    createdAt: t.field({ type: "DateTime", resolve: (l) => l.createdAt }),
    status: t.exposeString("status", { description: "scheduled, sending, sent, cancelled or failed" }),
    kind: t.exposeString("kind", { description: "immediate, scheduled, recurring or api" }),
    statusCounts: t.field({ type: [DeliveryStatusCount], resolve: (l) => l.statusCounts }),
  }),
});

const CampaignTouchpoint = builder.objectRef<CampaignTouchpointSummary>("CampaignTouchpoint").implement({
  description: "An email or SMS campaign touchpoint with its messages' delivery statuses as counts",
  fields: (t) => ({
    id: t.globalID({ description: "the Touchpoint's id", resolve: (c) => ({ type: TouchpointType, id: c.id }) }),
    name: t.exposeString("name"),
    statusCounts: t.field({ type: [DeliveryStatusCount], resolve: (c) => c.statusCounts }),
    launches: t.field({ type: [CampaignLaunch], description: "newest first", resolve: (c) => c.launches }),
  }),
});

const MessageRecordType = builder.objectRef<MessageRecordHeader>("MessageRecord").implement({
  description: "One campaign message to one recipient and its delivery status",
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the record's 24-hex _id" }),
    channel: t.field({ type: CampaignChannelEnum, resolve: (r) => r.channel }),
    recipient: t.exposeString("recipient"),
    deliveryStatus: t.field({ type: DeliveryStatusEnum, resolve: (r) => r.deliveryStatus }),
    error: t.exposeString("error", { nullable: true, description: "the reason of an ERROR or UNKNOWN" }),
    segments: t.exposeInt("segments", { nullable: true, description: "SMS: the parts it was sent in" }),
    sentAt: t.field({ type: "DateTime", nullable: true, resolve: (r) => r.sentAt }),
    updatedAt: t.field({ type: "DateTime", resolve: (r) => r.updatedAt }),
  }),
});

const MessageRecordPageType = builder.objectRef<MessageRecordPage>("MessageRecordPage").implement({
  description: "A page of message records (spec 001 §2: load more until page equals totalPages)",
  fields: (t) => ({
    page: t.exposeInt("page"),
    totalPages: t.exposeInt("totalPages"),
    total: t.exposeInt("total"),
    records: t.field({ type: [MessageRecordType], resolve: (p) => p.data }),
  }),
});

builder.queryField("campaignTouchpoints", (t) =>
  t.field({
    type: [CampaignTouchpoint],
    description: "The email or SMS campaign touchpoints in the units where the caller may view results, with delivery status counts",
    args: { channel: t.arg({ type: CampaignChannelEnum, required: true }) },
    resolve: (_root, args, ctx) => campaignTouchpoints(ctx, args.channel),
  }),
);

builder.queryField("messageRecords", (t) =>
  t.field({
    type: MessageRecordPageType,
    description: "A page of message records, newest first (GET /message-records/headers)",
    args: {
      channel: t.arg({ type: CampaignChannelEnum, required: true }),
      touchpointId: t.arg.globalID({ for: TouchpointType, description: "only this campaign touchpoint's records" }),
      page: t.arg.int({ description: "from 1 (default 1)" }),
    },
    resolve: (_root, args, ctx) => messageRecordPage(ctx, { type: args.channel, page: args.page ?? 1, touchpointId: args.touchpointId?.id ?? null }),
  }),
);
