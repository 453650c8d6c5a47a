// The block (unsubscribe, "suppression") list of an organisation (spec 001 §2, §3 "Block list
// entries: _id is the blocked email", §7, §8 emailsSuppressed): addresses that never get another
// campaign message from that organisation and are not loaded into its contact lists.
//
// blockAddress and blockedAmong are the interface the other campaign parts call (unsubscribe,
// sending); listBlockedAddresses and unblockAddress serve /contacts/blocklist and its screen.
// Addresses are kept lower-cased and trimmed.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { DomainContext } from "../../context.js";
import { tenantDb } from "../../tenancy.js";
import { canSomewhere, loadAccess } from "../../../permissions/access.js";
import { forbidden, notFound } from "../../errors.js";

export const blockListMessages = {
  removed: "removed from suppression list",
  notBlocked: "This address is not on the block list",
  noRights: "You do not have the rights to manage contacts",
  onlyAdmins: "Only an organisation admin can remove an address from the block list",
} as const;

export const normalizeAddress = (email: string): string => email.trim().toLowerCase();

/** Idempotent: adding an address already on the list changes nothing. Addresses compared lower-cased, trimmed. */
export async function blockAddress(db: PrismaClient, organizationId: string, email: string): Promise<void> {
  const address = normalizeAddress(email);
  if (!address) return;
  await db.blockedContact.createMany({ data: [{ organizationId, email: address }], skipDuplicates: true });
}

/** Which of these addresses are on the organisation's block list (lower-cased). */
/** `db` may be a transaction's client: a caller inside a transaction must read through it (embedded mode has one connection). */
export async function blockedAmong(db: Pick<PrismaClient, "blockedContact">, organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normalizeAddress).filter(Boolean))];
  if (wanted.length === 0) return new Set();
  const rows = await db.blockedContact.findMany({ where: { organizationId, email: { in: wanted } }, select: { email: true } });
  return new Set(rows.map((r) => r.email));
}

export type BlockedAddress = { email: string; createdAt: Date };

/** Seeing the block list: manageContacts in some unit. */
async function requireContactManager(ctx: DomainContext) {
  const access = await loadAccess(ctx);
  if (!canSomewhere(access, "manageContacts")) throw forbidden(blockListMessages.noRights);
  return access;
}

/** The organisation's blocked addresses, newest first, optionally those containing `search`. */
export async function listBlockedAddresses(
  ctx: DomainContext,
  opts: { search?: string | null; limit?: number; offset?: number } = {},
): Promise<{ total: number; addresses: BlockedAddress[] }> {
  await requireContactManager(ctx);
  const search = opts.search?.trim().toLowerCase();
  const where = search ? { email: { contains: search } } : {};
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 1000);
  const db = tenantDb(ctx);
  const [total, addresses] = await Promise.all([
    db.blockedContact.count({ where }),
    db.blockedContact.findMany({
      where,
      select: { email: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { email: "asc" }],
      take: limit,
      skip: Math.max(opts.offset ?? 0, 0),
    }),
  ]);
  return { total, addresses };
}

/**
 * Takes an address off the block list: the person asked to unsubscribe, so only an organisation
 * admin may undo it. An address not on the list is "not found".
 */
export async function unblockAddress(ctx: DomainContext, email: string): Promise<{ email: string; message: string }> {
  const access = await requireContactManager(ctx);
  if (!access.organizationAdmin) throw forbidden(blockListMessages.onlyAdmins);
  const address = normalizeAddress(email);
  const { count } = await tenantDb(ctx).blockedContact.deleteMany({ where: { email: address } });
  if (count === 0) throw notFound(blockListMessages.notBlocked);
  return { email: address, message: blockListMessages.removed };
}
