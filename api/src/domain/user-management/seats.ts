// The plan's user seats (spec 000 §5: "Adding users is limited by the plan's seats; upgrade is
// needed for more"). `Organization.userSeats` (null = unlimited) counts the members plus the
// pending invitations (not accepted, not deleted, not expired) of people who are not members yet.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { forbidden } from "../errors.js";

/** Spec 000 §5 "Adding users is limited by the plan's seats; upgrade is needed for more". */
export const seatsFullMessage = "Adding users is limited by the plan's seats: upgrade is needed for more";

type Db = Pick<PrismaClient, "organization" | "membership" | "invite">;

/** Serialises seat-taking writes of one organisation inside a transaction (two admins at once). */
export async function lockSeats(db: Pick<PrismaClient, "$queryRaw">, organizationId: string): Promise<void> {
  await db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`seats:${organizationId}`}))::text`;
}

export async function seatsInUse(db: Db, organizationId: string, now = new Date()): Promise<number> {
  const [members, pending] = await Promise.all([
    db.membership.findMany({ where: { organizationId }, select: { user: { select: { email: true } } } }),
    db.invite.findMany({
      where: { organizationId, acceptedAt: null, deletedAt: null, expiresAt: { gt: now } },
      select: { email: true },
    }),
  ]);
  const memberEmails = new Set(members.map((m) => m.user.email));
  const invited = new Set(pending.map((i) => i.email).filter((e) => !memberEmails.has(e)));
  return memberEmails.size + invited.size;
}

/**
 * Refuses when adding `email` would take a seat and none is left. Members, and people who already
 * hold a pending invitation, never take a new seat.
 */
export async function assertSeatFor(db: Db, organizationId: string, email: string): Promise<void> {
  const organization = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { userSeats: true } });
  if (organization.userSeats === null) return;
  const member = await db.membership.findFirst({ where: { organizationId, user: { email } }, select: { id: true } });
  if (member) return;
  const now = new Date();
  const alreadyCounted = await db.invite.findFirst({
    where: { organizationId, email, acceptedAt: null, deletedAt: null, expiresAt: { gt: now } },
    select: { id: true },
  });
  if (alreadyCounted) return;
  if ((await seatsInUse(db, organizationId, now)) >= organization.userSeats) throw forbidden(seatsFullMessage);
}
