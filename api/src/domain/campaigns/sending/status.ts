// Delivery status of a message record (spec 000 §4): PENDING → DELIVERED → OPENED → CLICKED →
// RESPONDED; ERROR carries a reason; UNKNOWN where nothing came back. A status only moves forward:
// every change is one conditional UPDATE that compares ranks, so a late pixel never undoes a click.
import type { PrismaClient } from "../../../generated/prisma/client.js";

export const deliveryStatuses = ["PENDING", "DELIVERED", "OPENED", "CLICKED", "RESPONDED", "ERROR", "UNKNOWN"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** The forward order; ERROR and UNKNOWN rank with PENDING, so evidence of delivery lifts them. */
export const statusRank: Record<DeliveryStatus, number> = { PENDING: 0, ERROR: 0, UNKNOWN: 0, DELIVERED: 1, OPENED: 2, CLICKED: 3, RESPONDED: 4 };

export const rankSql = `(CASE "deliveryStatus" WHEN 'DELIVERED' THEN 1 WHEN 'OPENED' THEN 2 WHEN 'CLICKED' THEN 3 WHEN 'RESPONDED' THEN 4 ELSE 0 END)`;

type Tracked = "OPENED" | "CLICKED" | "RESPONDED";

/**
 * A tracking event by the record's token. Answers the record (or null for an unknown token) whether
 * or not the status moved (a second open changes nothing).
 */
export async function trackByToken(
  db: PrismaClient,
  token: string,
  to: Tracked,
): Promise<{ id: string; organizationId: string; touchpointId: string | null; surveyId: string | null } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  await db.$executeRawUnsafe(
    `UPDATE "MessageRecord" SET "deliveryStatus" = $2::"DeliveryStatus", "updatedAt" = now() WHERE "token" = $1 AND ${rankSql} < $3`,
    token,
    to,
    statusRank[to],
  );
  return db.messageRecord.findUnique({ where: { token }, select: { id: true, organizationId: true, touchpointId: true, surveyId: true } });
}

/** An SMS delivery receipt: DELIVERED or ERROR (with the reason), only from PENDING or UNKNOWN. */
export async function applyReceipt(
  db: PrismaClient,
  providerMessageId: string,
  outcome: { delivered: true } | { delivered: false; reason: string },
): Promise<number> {
  return outcome.delivered
    ? db.$executeRawUnsafe(
        `UPDATE "MessageRecord" SET "deliveryStatus" = 'DELIVERED', "error" = NULL, "updatedAt" = now() WHERE "providerMessageId" = $1 AND "channel" = 'sms' AND "deliveryStatus" IN ('PENDING', 'UNKNOWN')`,
        providerMessageId,
      )
    : db.$executeRawUnsafe(
        `UPDATE "MessageRecord" SET "deliveryStatus" = 'ERROR', "error" = $2, "updatedAt" = now() WHERE "providerMessageId" = $1 AND "channel" = 'sms' AND "deliveryStatus" IN ('PENDING', 'UNKNOWN')`,
        providerMessageId,
        outcome.reason,
      );
}

/**
 * A response arrived through a message's personal link: the response records the message, and the
 * message becomes RESPONDED. The token must belong to the response's touchpoint (a token of another
 * organisation or campaign links nothing).
 */
export async function linkResponseToMessage(db: PrismaClient, input: { responseId: string; touchpointId: string; token: string }): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(input.token)) return false;
  const record = await db.messageRecord.findUnique({ where: { token: input.token }, select: { id: true, touchpointId: true } });
  if (!record || record.touchpointId !== input.touchpointId) return false;
  await db.response.updateMany({
    where: { id: input.responseId, touchpoint: { id: input.touchpointId }, messageRecordId: null },
    data: { messageRecordId: record.id },
  });
  await trackByToken(db, input.token, "RESPONDED");
  return true;
}

export const noReceiptReason = (minutes: number) => `No delivery receipt within ${minutes} minutes`;

/**
 * SMS sent (`sent`) whose delivery receipt has not come within `timeoutMinutes` of `now`: PENDING
 * becomes UNKNOWN with the reason. A receipt that still comes later lifts it (applyReceipt takes
 * UNKNOWN). Run by the sweep of every process that runs workers.
 */
export async function expireSmsReceipts(db: PrismaClient, opts: { timeoutMinutes: number; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  return db.$executeRawUnsafe(
    `UPDATE "MessageRecord" SET "deliveryStatus" = 'UNKNOWN', "error" = $3, "updatedAt" = now()
     WHERE "channel" = 'sms' AND "sendState" = 'sent' AND "deliveryStatus" = 'PENDING' AND "sentAt" < $1::timestamptz - make_interval(mins => $2)`,
    now,
    opts.timeoutMinutes,
    noReceiptReason(opts.timeoutMinutes),
  );
}
