// Reading message records (spec 001 §2 "Message records: page, totalPages, data"; §7 GET
// /message-records/headers): the records of the email or SMS campaign touchpoints in the units where
// the caller may view results, page by page (pages start at 1; the load-more control shows until the
// page equals totalPages), and each touchpoint's delivery statuses as counts, per launch too.
import { z } from "zod";
import type { DomainContext } from "../../context.js";
import { loadAccess, unitsWithRight } from "../../../permissions/access.js";
import { tenantDb } from "../../tenancy.js";
import { notFound } from "../../errors.js";
import { objectIdSchema, parseInput } from "../../validation.js";
import { deliveryStatuses, type DeliveryStatus } from "./status.js";

export const messageRecordPageSize = 50;

const typeSchema = z.enum(["email", "sms"], { error: "type is email or sms" });
const pageSchema = z.coerce
  .number({ error: "page is a whole number from 1" })
  .int("page is a whole number from 1")
  .min(1, "page is a whole number from 1")
  .max(1_000_000, "page is a whole number from 1")
  .default(1);

export type MessageRecordHeader = {
  id: string;
  channel: "email" | "sms";
  recipient: string;
  deliveryStatus: DeliveryStatus;
  error: string | null;
  touchpointId: string | null;
  launchId: string | null;
  surveyId: string | null;
  segments: number | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};
export type MessageRecordPage = { page: number; totalPages: number; total: number; data: MessageRecordHeader[] };
export type StatusCount = { status: DeliveryStatus; count: number };
export type CampaignLaunchSummary = { id: string; createdAt: Date; status: string; kind: string; statusCounts: StatusCount[] };
export type CampaignTouchpointSummary = { id: string; name: string; unitId: string; statusCounts: StatusCount[]; launches: CampaignLaunchSummary[] };

const touchpointTypeOf = { email: "emailContactList", sms: "smsContactList" } as const;

/** The campaign touchpoints of this channel the caller may see. */
async function visibleTouchpoints(ctx: DomainContext, channel: "email" | "sms") {
  const m = await loadAccess(ctx);
  return tenantDb(ctx).touchpoint.findMany({
    where: { deleted: false, type: touchpointTypeOf[channel], unitId: { in: [...unitsWithRight(m, "viewResults")] } },
    select: { id: true, name: true, unitId: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

const headerSelect = {
  id: true,
  channel: true,
  recipient: true,
  deliveryStatus: true,
  error: true,
  touchpointId: true,
  launchId: true,
  surveyId: true,
  segments: true,
  sentAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/**
 * A page of message records, newest first: of one campaign touchpoint (touchpointId; one the caller
 * may not see, or another organisation's, is not found) or of all the caller sees of this channel.
 */
export async function messageRecordPage(
  ctx: DomainContext,
  input: { type: unknown; page?: unknown; touchpointId?: string | null; launchId?: string | null },
): Promise<MessageRecordPage> {
  const { type: channel, page } = parseInput(z.object({ type: typeSchema, page: pageSchema }), { type: input.type, page: input.page ?? undefined });
  const touchpoints = await visibleTouchpoints(ctx, channel);
  let ids = touchpoints.map((t) => t.id);
  if (input.touchpointId) {
    const id = parseInput(z.object({ touchpointId: objectIdSchema }), { touchpointId: input.touchpointId }).touchpointId;
    if (!ids.includes(id)) throw notFound("Touchpoint not found");
    ids = [id];
  }
  const where = {
    channel,
    touchpointId: { in: ids },
    ...(input.launchId ? parseInput(z.object({ launchId: objectIdSchema }), { launchId: input.launchId }) : {}),
  };
  const db = tenantDb(ctx);
  const [total, data] = await Promise.all([
    db.messageRecord.count({ where }),
    db.messageRecord.findMany({
      where,
      select: headerSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * messageRecordPageSize,
      take: messageRecordPageSize,
    }),
  ]);
  return { page, totalPages: Math.ceil(total / messageRecordPageSize), total, data };
}

const countsOf = (rows: { deliveryStatus: DeliveryStatus; _count: { _all: number } }[]): StatusCount[] =>
  deliveryStatuses.map((status) => ({ status, count: rows.find((r) => r.deliveryStatus === status)?._count._all ?? 0 }));

/** The caller's campaign touchpoints of this channel with their delivery statuses as counts, and their launches'. */
export async function campaignTouchpoints(ctx: DomainContext, type: unknown): Promise<CampaignTouchpointSummary[]> {
  const { type: channel } = parseInput(z.object({ type: typeSchema }), { type });
  const touchpoints = await visibleTouchpoints(ctx, channel);
  if (!touchpoints.length) return [];
  const ids = touchpoints.map((t) => t.id);
  const db = tenantDb(ctx);
  const [byTouchpoint, byLaunch] = await Promise.all([
    db.messageRecord.groupBy({ by: ["touchpointId", "deliveryStatus"], where: { channel, touchpointId: { in: ids } }, _count: { _all: true } }),
    db.messageRecord.groupBy({
      by: ["touchpointId", "launchId", "deliveryStatus"],
      where: { channel, touchpointId: { in: ids }, launchId: { not: null } },
      _count: { _all: true },
    }),
  ]);
  const launchIds = [...new Set(byLaunch.map((r) => r.launchId!))];
  const launches = launchIds.length
    ? await db.launch.findMany({
        where: { id: { in: launchIds } },
        select: { id: true, createdAt: true, status: true, kind: true },
        orderBy: { createdAt: "desc" },
      })
    : [];
  return touchpoints.map((t) => ({
    ...t,
    statusCounts: countsOf(byTouchpoint.filter((r) => r.touchpointId === t.id)),
    launches: launches
      .filter((l) => byLaunch.some((r) => r.touchpointId === t.id && r.launchId === l.id))
      .map((l) => ({
        ...l,
        status: String(l.status),
        kind: String(l.kind),
        statusCounts: countsOf(byLaunch.filter((r) => r.touchpointId === t.id && r.launchId === l.id)),
      })),
  }));
}
