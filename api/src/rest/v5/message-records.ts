// /api/v5/message-records (spec 001 §7 "GET /message-records/headers with type and page"): the
// campaign messages' records page by page. Rules: domain/campaigns/sending/records.ts.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { messageRecordPage, messageRecordPageSize, type MessageRecordHeader } from "../../domain/campaigns/sending/records.js";
import { deliveryStatuses } from "../../domain/campaigns/sending/status.js";

const objectId = z.string().describe("24 hexadecimal characters");

const recordShape = z
  .object({
    _id: objectId,
    channel: z.enum(["email", "sms"]),
    recipient: z.string().describe("the address or the international phone number"),
    deliveryStatus: z.enum(deliveryStatuses).describe("PENDING → DELIVERED → OPENED → CLICKED → RESPONDED; ERROR with error; UNKNOWN where nothing came back"),
    error: z.string().nullable().describe("the reason of an ERROR or UNKNOWN"),
    touchpointId: objectId.nullable(),
    launchId: objectId.nullable(),
    surveyId: objectId.nullable(),
    segments: z.number().int().nullable().describe("SMS: the parts it was sent in"),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "MessageRecordHeader" });

const toJson = (r: MessageRecordHeader): z.input<typeof recordShape> => ({
  _id: r.id,
  channel: r.channel,
  recipient: r.recipient,
  deliveryStatus: r.deliveryStatus,
  error: r.error,
  touchpointId: r.touchpointId,
  launchId: r.launchId,
  surveyId: r.surveyId,
  segments: r.segments,
  sentAt: r.sentAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const messageRecordRoutes = [
  defineRoute({
    method: "GET",
    path: "/message-records/headers",
    tag: "Channels",
    summary: `The campaign message records of the email or SMS touchpoints the caller may view results of, newest first, ${messageRecordPageSize} a page (pages start at 1; load more until page equals totalPages)`,
    auth: "bearer",
    query: z.object({
      type: z.string().describe("email or sms"),
      page: z.string().optional().describe("from 1 (default 1)"),
      touchpointId: z.string().optional().describe("only this campaign touchpoint's records"),
    }),
    response: z.object({ page: z.number().int(), totalPages: z.number().int(), data: z.array(recordShape) }),
    handler: async ({ ctx, query }) => {
      const result = await messageRecordPage(ctx, { type: query.type, page: query.page, touchpointId: query.touchpointId });
      return { page: result.page, totalPages: result.totalPages, data: result.data.map(toJson) };
    },
  }),
];
