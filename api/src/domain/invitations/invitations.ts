// Invitations (spec 000 §4 "Invite: pending, then resent, deleted or accepted"; §7 POST /invite-user,
// GET /user-invites, POST /invite-user/{id}/resend, DELETE /invite-user/{id}, POST /user-invite,
// POST /user-invite/new-user).
//
// The link carries a random 32-byte token (base64url); only its SHA-256 is stored. A link is valid
// for 7 days and once; resending makes a new token, so the old link stops working.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import argon2 from "argon2";
import type { DomainContext } from "../context.js";
import type { Role } from "../../permissions/rights.js";
import { badInput, conflict, forbidden, notFound } from "../errors.js";
import { emailSchema, messages, objectIdSchema, parseInput, passwordSchema } from "../validation.js";
import { requireViewer } from "../viewer.js";
import { queueMail } from "../../mail/queue-mail.js";
import { canInUnit, canSomewhere, dbOf, loadAccess, requireManagesUsersAnywhere, unitOf, type Access } from "../../permissions/access.js";
import { organizationDb } from "../tenancy.js";
import { assertSeatFor, lockSeats } from "../user-management/seats.js";
import { assertMayGrant, audit, displayNameSchema, grantSchema, passwordsDoNotMatch, userAlreadyInTeam } from "../user-management/users.js";

const invitationValidityMs = 7 * 24 * 60 * 60 * 1000;

export const invitationMessages = {
  invalid: "This invitation link is not valid. It may have been replaced by a newer invitation or deleted.",
  expired: "This invitation has expired. Ask for a new one.",
  accepted: "This invitation has already been accepted.",
  deleted: "This invitation has been deleted.",
  otherAccount: "This invitation was sent to another e-mail address. Sign in with the invited address to accept it.",
  accountExists: "An account with this e-mail address already exists. Sign in to accept the invitation.",
  alreadyPending: "An invitation to this e-mail address is already pending for this team. Resend it instead.",
  notFound: "Invite not found",
} as const;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export type InviteView = {
  id: string;
  organizationId: string;
  email: string;
  unitId: string;
  unitName: string;
  role: Role;
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
  invitedBy: { userId: string; displayName: string; email: string } | null;
};

const inviteSelect = {
  id: true,
  organizationId: true,
  email: true,
  unitId: true,
  role: true,
  organizationAdmin: true,
  billingAdmin: true,
  mayCreateSurveys: true,
  sentAt: true,
  expiresAt: true,
  unit: { select: { name: true } },
  invitedBy: { select: { id: true, displayName: true, email: true } },
} as const;

type InviteRow = {
  id: string;
  organizationId: string;
  email: string;
  unitId: string;
  role: string;
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  sentAt: Date;
  expiresAt: Date;
  unit: { name: string };
  invitedBy: { id: string; displayName: string; email: string } | null;
};

const toView = (row: InviteRow, now = new Date()): InviteView => ({
  id: row.id,
  organizationId: row.organizationId,
  email: row.email,
  unitId: row.unitId,
  unitName: row.unit.name,
  role: row.role as Role,
  organizationAdmin: row.organizationAdmin,
  billingAdmin: row.billingAdmin,
  mayCreateSurveys: row.mayCreateSurveys,
  sentAt: row.sentAt,
  expiresAt: row.expiresAt,
  expired: row.expiresAt <= now,
  invitedBy: row.invitedBy && { userId: row.invitedBy.id, displayName: row.invitedBy.displayName, email: row.invitedBy.email },
});

const acceptLink = (ctx: DomainContext, token: string) => `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;

async function sendInvitationMail(ctx: DomainContext, m: Access, invite: { email: string; organizationId: string }, token: string) {
  const [inviter, organization, recipient] = await Promise.all([
    ctx.prisma.user.findUniqueOrThrow({ where: { id: m.viewer.userId }, select: { displayName: true, email: true, locale: true } }),
    ctx.prisma.organization.findUniqueOrThrow({ where: { id: invite.organizationId }, select: { name: true } }),
    ctx.prisma.user.findUnique({ where: { email: invite.email }, select: { locale: true } }),
  ]);
  await queueMail(ctx, {
    kind: "invitation",
    to: invite.email,
    // The recipient's own language when they have an account, else the inviter's.
    locale: recipient?.locale ?? inviter.locale,
    organizationId: invite.organizationId,
    data: { link: acceptLink(ctx, token), inviterName: inviter.displayName || inviter.email, organizationName: organization.name },
  });
}

const inviteSchema = grantSchema.extend({ email: emailSchema, organizationId: z.string().nullish() });
export type InviteInput = z.input<typeof inviteSchema>;

/** POST /invite-user: invites an e-mail address into a unit with a role and flags. */
export async function inviteUser(ctx: DomainContext, input: InviteInput): Promise<InviteView> {
  const data = parseInput(inviteSchema, input);
  const m = await loadAccess(ctx, data.organizationId);
  unitOf(m, data.unitId);
  assertMayGrant(m, data);
  const scoped = dbOf(ctx, m);
  const existing = await ctx.prisma.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) {
    const inUnit = await scoped.unitRole.findUnique({ where: { unitId_userId: { unitId: data.unitId, userId: existing.id } }, select: { id: true } });
    if (inUnit) throw conflict(userAlreadyInTeam, "email");
  }
  const token = newToken();
  const now = new Date();
  const invite = await scoped.$transaction(async (db) => {
    await lockSeats(db, m.organizationId);
    const pending = await db.invite.findFirst({
      where: { unitId: data.unitId, email: data.email, acceptedAt: null, deletedAt: null, expiresAt: { gt: now } },
      select: { id: true },
    });
    if (pending) throw conflict(invitationMessages.alreadyPending, "email");
    await assertSeatFor(db, m.organizationId, data.email);
    const created = await db.invite.create({
      data: {
        organizationId: m.organizationId,
        unitId: data.unitId,
        role: data.role,
        email: data.email,
        organizationAdmin: data.organizationAdmin,
        billingAdmin: data.billingAdmin,
        mayCreateSurveys: data.mayCreateSurveys,
        tokenHash: hashToken(token),
        invitedByUserId: m.viewer.userId,
        sentAt: now,
        expiresAt: new Date(now.getTime() + invitationValidityMs),
      },
      select: inviteSelect,
    });
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "invite.create",
      details: { inviteId: created.id, email: data.email, unitId: data.unitId, role: data.role },
    });
    return created;
  });
  try {
    await sendInvitationMail(ctx, m, invite, token);
  } catch (error) {
    // Without its mail the invitation is useless: take it back so the seat is not held.
    await scoped.invite.delete({ where: { id: invite.id } }).catch(() => undefined);
    throw error;
  }
  return toView(invite);
}

/** Invitations of units the caller manages users in (read through dbOf / tenantDb: in the organisation worked on). */
function visibleInvitesWhere(m: Access) {
  const base = { acceptedAt: null, deletedAt: null };
  if (m.organizationAdmin) return base;
  return { ...base, unitId: { in: m.units.filter((u) => canInUnit(m, "manageUsers", u.id)).map((u) => u.id) } };
}

/** GET /user-invites: pending invitations (expired ones too, so they can be resent), newest first. */
export async function listInvites(ctx: DomainContext, organizationId?: string | null): Promise<InviteView[]> {
  const m = await loadAccess(ctx, organizationId);
  requireManagesUsersAnywhere(m);
  const rows = await dbOf(ctx, m).invite.findMany({ where: visibleInvitesWhere(m), select: inviteSelect, orderBy: [{ sentAt: "desc" }, { id: "asc" }] });
  const now = new Date();
  return rows.map((r) => toView(r, now));
}

/** The Prisma filter of the invitations a caller may list (GraphQL connections page through it). */
export async function invitesWhere(ctx: DomainContext) {
  const m = await loadAccess(ctx);
  requireManagesUsersAnywhere(m);
  return visibleInvitesWhere(m);
}

async function pendingInvite(ctx: DomainContext, m: Access, inviteId: string) {
  const id = parseInput(objectIdSchema, inviteId);
  const row = await dbOf(ctx, m).invite.findFirst({ where: { id, ...visibleInvitesWhere(m) }, select: inviteSelect });
  if (!row) throw notFound(invitationMessages.notFound);
  return row;
}

export async function getInvite(ctx: DomainContext, inviteId: string, organizationId?: string | null): Promise<InviteView> {
  const m = await loadAccess(ctx, organizationId);
  requireManagesUsersAnywhere(m);
  return toView(await pendingInvite(ctx, m, inviteId));
}

/** POST /invite-user/{id}/resend: a new token and 7 more days; the old link stops working. */
export async function resendInvite(ctx: DomainContext, inviteId: string, organizationId?: string | null): Promise<InviteView> {
  const m = await loadAccess(ctx, organizationId);
  if (!canSomewhere(m, "manageUsers")) throw notFound(invitationMessages.notFound);
  const row = await pendingInvite(ctx, m, inviteId);
  const token = newToken();
  const now = new Date();
  const scoped = dbOf(ctx, m);
  const previousHash = await scoped.invite.findUniqueOrThrow({ where: { id: row.id }, select: { tokenHash: true, sentAt: true, expiresAt: true } });
  const updated = await scoped.$transaction(async (db) => {
    await lockSeats(db, m.organizationId);
    // An expired invitation no longer holds a seat: resending it takes one again.
    if (row.expiresAt <= now) await assertSeatFor(db, m.organizationId, row.email);
    const result = await db.invite.update({
      where: { id: row.id },
      data: { tokenHash: hashToken(token), sentAt: now, expiresAt: new Date(now.getTime() + invitationValidityMs) },
      select: inviteSelect,
    });
    await audit(db, { organizationId: m.organizationId, actorUserId: m.viewer.userId, action: "invite.resend", details: { inviteId: row.id } });
    return result;
  });
  try {
    await sendInvitationMail(ctx, m, updated, token);
  } catch (error) {
    await scoped.invite.update({ where: { id: row.id }, data: previousHash }).catch(() => undefined);
    throw error;
  }
  return toView(updated);
}

/** DELETE /invite-user/{id}: the link stops working and the seat is freed. */
export async function deleteInvite(ctx: DomainContext, inviteId: string, organizationId?: string | null): Promise<{ id: string }> {
  const m = await loadAccess(ctx, organizationId);
  if (!canSomewhere(m, "manageUsers")) throw notFound(invitationMessages.notFound);
  const row = await pendingInvite(ctx, m, inviteId);
  await dbOf(ctx, m).$transaction(async (db) => {
    await db.invite.update({ where: { id: row.id }, data: { deletedAt: new Date() } });
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "invite.delete",
      details: { inviteId: row.id, email: row.email },
    });
  });
  return { id: row.id };
}

// ---- the invited person's side --------------------------------------------------------------

const tokenSchema = z.string({ message: invitationMessages.invalid }).min(11, invitationMessages.invalid).max(200, invitationMessages.invalid);

/** The invitation a token names, refused with a clear message when it cannot be used. */
async function usableInvitation(ctx: DomainContext, token: string, opts: { forEmail?: string } = {}) {
  const value = parseInput(tokenSchema, token);
  const row = await ctx.prisma.invite.findUnique({
    where: { tokenHash: hashToken(value) },
    select: { ...inviteSelect, acceptedAt: true, deletedAt: true, organization: { select: { name: true } } },
  });
  if (!row) throw notFound(invitationMessages.invalid);
  // Someone else's invitation: say only that, whatever its state.
  if (opts.forEmail !== undefined && row.email !== opts.forEmail.toLowerCase()) throw forbidden(invitationMessages.otherAccount);
  if (row.deletedAt) throw notFound(invitationMessages.deleted);
  if (row.acceptedAt) throw conflict(invitationMessages.accepted);
  if (row.expiresAt <= new Date()) throw badInput(invitationMessages.expired, "token");
  return row;
}

export type InvitationPreview = {
  email: string;
  organizationName: string;
  unitName: string;
  role: Role;
  inviterName: string | null;
  expiresAt: Date;
  /** An account with the invited address exists: sign in to accept; otherwise create one. */
  existingUser: boolean;
};

/** What the acceptance page shows before anyone signs in (the token is the proof). */
export async function previewInvitation(ctx: DomainContext, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(ctx, token);
  const user = await ctx.prisma.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    email: row.email,
    organizationName: row.organization.name,
    unitName: row.unit.name,
    role: row.role as Role,
    inviterName: row.invitedBy ? row.invitedBy.displayName || row.invitedBy.email : null,
    expiresAt: row.expiresAt,
    existingUser: Boolean(user),
  };
}

type AcceptRow = Awaited<ReturnType<typeof usableInvitation>>;

/**
 * Marks the invitation used (once: a second, concurrent use finds it taken) and grants it. `db` is
 * scoped to the invitation's organisation (organizationDb: the token, not a session, names it).
 */
async function grantInvitation(db: Parameters<Parameters<DomainContext["prisma"]["$transaction"]>[0]>[0], row: AcceptRow, userId: string) {
  const claimed = await db.invite.updateMany({
    where: { id: row.id, acceptedAt: null, deletedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date() },
  });
  if (claimed.count !== 1) throw conflict(invitationMessages.accepted);
  const membership = await db.membership.findFirst({ where: { userId } });
  if (membership) {
    await db.membership.update({
      where: { id: membership.id },
      data: {
        organizationAdmin: membership.organizationAdmin || row.organizationAdmin,
        billingAdmin: membership.billingAdmin || row.billingAdmin,
        mayCreateSurveys: membership.mayCreateSurveys || row.mayCreateSurveys,
      },
    });
  } else {
    await db.membership.create({
      data: {
        userId,
        organizationId: row.organizationId,
        organizationAdmin: row.organizationAdmin,
        billingAdmin: row.billingAdmin,
        mayCreateSurveys: row.mayCreateSurveys,
      },
    });
  }
  await db.unitRole.upsert({
    where: { unitId_userId: { unitId: row.unitId, userId } },
    create: { organizationId: row.organizationId, unitId: row.unitId, userId, role: row.role as Role },
    update: { role: row.role as Role },
  });
  // The invited organisation becomes the one they work in.
  await db.user.update({ where: { id: userId }, data: { currentOrganizationId: row.organizationId } });
  await audit(db, { organizationId: row.organizationId, actorUserId: userId, action: "invite.accept", targetUserId: userId, details: { inviteId: row.id } });
}

/** POST /user-invite: a signed-in user accepts an invitation sent to their own address. */
export async function acceptInvitation(ctx: DomainContext, token: string): Promise<{ organizationId: string; userId: string }> {
  const viewer = requireViewer(ctx.viewer);
  const row = await usableInvitation(ctx, token, { forEmail: viewer.email });
  await organizationDb(ctx, row.organizationId).$transaction((db) => grantInvitation(db, row, viewer.userId));
  ctx.bus.publish("user:updated", viewer.userId, { userId: viewer.userId });
  return { organizationId: row.organizationId, userId: viewer.userId };
}

const newUserSchema = z.object({
  token: z.string({ message: invitationMessages.invalid }),
  displayName: displayNameSchema,
  password: passwordSchema,
  password2: z.string({ message: passwordsDoNotMatch }),
  locale: z.enum(["en", "es", "fi", "se"], { message: messages.invalidProfileLocale }).optional(),
});

/**
 * POST /user-invite/new-user: someone without an account accepts by choosing a display name and a
 * password; the account is created complete (the invitation proves the address) and they sign in.
 */
export async function acceptInvitationAsNewUser(
  ctx: DomainContext,
  input: z.input<typeof newUserSchema>,
): Promise<{ organizationId: string; userId: string; email: string }> {
  const data = parseInput(newUserSchema, input);
  if (data.password !== data.password2) throw badInput(passwordsDoNotMatch, "password2");
  const row = await usableInvitation(ctx, data.token);
  const existing = await ctx.prisma.user.findUnique({ where: { email: row.email }, select: { id: true } });
  if (existing) throw conflict(invitationMessages.accountExists);
  const inviter = row.invitedBy ? await ctx.prisma.user.findUnique({ where: { id: row.invitedBy.id }, select: { locale: true } }) : null;
  const passwordHash = await argon2.hash(data.password, { type: argon2.argon2id });
  const userId = await organizationDb(ctx, row.organizationId).$transaction(async (db) => {
    const user = await db.user.create({
      data: {
        email: row.email,
        displayName: data.displayName,
        passwordHash,
        passwordChangedAt: new Date(),
        locale: data.locale ?? inviter?.locale ?? "en",
        signupStatus: "complete",
      },
    });
    await grantInvitation(db, row, user.id);
    return user.id;
  });
  return { organizationId: row.organizationId, userId, email: row.email };
}
