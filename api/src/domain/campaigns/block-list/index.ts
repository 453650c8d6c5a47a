// The organisation's block list (suppression list): addresses that get no campaign message from it.
// Addresses are kept trimmed and lower-cased, so comparisons ignore case and spaces.
import type { PrismaClient } from "../../../generated/prisma/client.js";

const normalize = (email: string) => email.trim().toLowerCase();

/** Idempotent: adding an address already on the list changes nothing. Addresses compared lower-cased, trimmed. */
export async function blockAddress(db: PrismaClient, organizationId: string, email: string): Promise<void> {
  await db.blockedContact.createMany({ data: [{ organizationId, email: normalize(email) }], skipDuplicates: true });
}

/** Which of these addresses are on the organisation's block list (lower-cased). */
export async function blockedAmong(db: PrismaClient, organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalize))];
  if (wanted.length === 0) return new Set();
  const rows = await db.blockedContact.findMany({ where: { organizationId, email: { in: wanted } }, select: { email: true } });
  return new Set(rows.map((r) => r.email));
}
