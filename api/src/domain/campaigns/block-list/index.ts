// The organisation's block list (unsubscribed addresses): an address on it never gets another
// campaign message from that organisation.
import type { PrismaClient } from "../../../generated/prisma/client.js";

const normalise = (email: string) => email.trim().toLowerCase();

/** Idempotent: adding an address already on the list changes nothing. Addresses compared lower-cased, trimmed. */
export async function blockAddress(db: PrismaClient, organizationId: string, email: string): Promise<void> {
  await db.blockedContact.createMany({ data: [{ organizationId, email: normalise(email) }], skipDuplicates: true });
}

/** Which of these addresses are on the organisation's block list (lower-cased). */
export async function blockedAmong(db: PrismaClient, organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalise))];
  if (!wanted.length) return new Set();
  const rows = await db.blockedContact.findMany({ where: { organizationId, email: { in: wanted } }, select: { email: true } });
  return new Set(rows.map((r) => r.email));
}
