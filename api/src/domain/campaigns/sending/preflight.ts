// What a launch must have before it is sent (spec 001 §5): an SMS message needs content and the
// organisation enough SMS balance for every recipient's segments; where the plan limits campaign
// email (Organization.campaignEmailLimit, a calendar month), the launch must fit in what is left.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { badInput, DomainError, notFound } from "../../errors.js";
import { renderSms } from "../messages/render.js";
import { notEnoughBalanceMessage } from "../../sms-balance/ledger.js";
import { smsSegments } from "./segments.js";

export const emailQuotaExceededMessage = "Email quota exceeded";
export const smsWithoutContentMessage = "The SMS message needs content";

/** A survey link as long as a personal one (the click address with its token), for the estimate. */
const sampleLink = "https://feedback.example.com/r/m/AAAAAAAAAAAAAAAAAAAAAA";

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Throws DomainError with the spec's message when a launch cannot be sent: an SMS template without content,
 *  "Not enough balance to send SMS", "Email quota exceeded" where the plan limits email. Changes nothing. */
export async function assertLaunchSendable(
  db: PrismaClient,
  input: { organizationId: string; surveyId: string; touchpointIds: readonly string[]; messageTemplateId: string | null },
): Promise<void> {
  const touchpoints = await db.touchpoint.findMany({
    where: { organizationId: input.organizationId, id: { in: [...input.touchpointIds] }, deleted: false },
    select: { id: true, type: true },
  });
  const idsOf = (type: "emailContactList" | "smsContactList") => touchpoints.filter((t) => t.type === type).map((t) => t.id);
  const smsTouchpoints = idsOf("smsContactList");
  const emailTouchpoints = idsOf("emailContactList");
  if (!smsTouchpoints.length && !emailTouchpoints.length) return;

  const template = input.messageTemplateId
    ? await db.messageTemplate.findFirst({ where: { id: input.messageTemplateId, organizationId: input.organizationId } })
    : null;
  if (input.messageTemplateId && !template) throw notFound("Message template not found");
  const org = await db.organization.findUnique({
    where: { id: input.organizationId },
    select: { smsBalance: true, smsSegmentPrice: true, campaignEmailLimit: true },
  });
  if (!org) throw notFound("No organization found");

  const recipients = (touchpointIds: string[], field: "email" | "phone") =>
    db.contact.count({ where: { organizationId: input.organizationId, contactList: { touchpointId: { in: touchpointIds } }, [field]: { not: null } } });

  if (smsTouchpoints.length) {
    if (!template?.content.trim()) throw badInput(smsWithoutContentMessage, "messageTemplateId");
    const count = await recipients(smsTouchpoints, "phone");
    const { segments } = smsSegments(renderSms(template.content, { variables: {} }, sampleLink));
    const needed = count * segments * org.smsSegmentPrice.toNumber();
    if (org.smsBalance.toNumber() < needed) throw new DomainError("INSUFFICIENT_FUNDS", notEnoughBalanceMessage);
  }
  if (emailTouchpoints.length && org.campaignEmailLimit != null) {
    const [used, count] = await Promise.all([
      db.messageRecord.count({
        where: {
          organizationId: input.organizationId,
          channel: "email",
          createdAt: { gte: monthStart(new Date()) },
          // records refused for the quota itself used none of it
          OR: [{ error: null }, { error: { not: emailQuotaExceededMessage } }],
        },
      }),
      recipients(emailTouchpoints, "email"),
    ]);
    if (used + count > org.campaignEmailLimit) throw new DomainError("QUOTA_EXCEEDED", emailQuotaExceededMessage);
  }
}
