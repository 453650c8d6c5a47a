// A minimal stand-in for the sending part's preflight (its owner's version replaces this file): an
// SMS launch needs a template with content and some SMS balance. The owner's version also counts
// segments per recipient and the plan's email quota.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { badInput, DomainError, notFound } from "../../errors.js";

/** Throws DomainError with the spec's message when a launch cannot be sent: an SMS template without content,
 *  "Not enough balance to send SMS", "Email quota exceeded" where the plan limits email. Changes nothing. */
export async function assertLaunchSendable(
  db: PrismaClient,
  input: { organizationId: string; surveyId: string; touchpointIds: readonly string[]; messageTemplateId: string | null },
): Promise<void> {
  const sms = await db.touchpoint.count({
    where: { organizationId: input.organizationId, id: { in: [...input.touchpointIds] }, deleted: false, type: "smsContactList" },
  });
  if (!sms) return;
  const template = input.messageTemplateId
    ? await db.messageTemplate.findFirst({ where: { id: input.messageTemplateId, organizationId: input.organizationId }, select: { content: true } })
    : null;
  if (input.messageTemplateId && !template) throw notFound("Message template not found");
  if (!template?.content.trim()) throw badInput("The SMS message needs content", "messageTemplateId");
  const org = await db.organization.findUnique({ where: { id: input.organizationId }, select: { smsBalance: true } });
  if (!org || org.smsBalance.toNumber() <= 0) throw new DomainError("CONFLICT", "Not enough balance to send SMS");
}
