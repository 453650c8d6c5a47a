// User management (spec 000 §2 /settings/user-management, §6, §7 "Users and teams"): the members of
// an organisation with their roles per unit and flags; changing a role or flag, removing someone
// from a unit, replacing their teams, the billing admin flag, and adding a user directly.
import { z } from "zod";
import argon2 from "argon2";
import type { DomainContext } from "../context.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { badInput, conflict, DomainError, notFound } from "../errors.js";
import { emailSchema, messages, objectIdSchema, parseInput, passwordSchema } from "../validation.js";
import { containsText, parseSearch, type SortDirection } from "../list-query.js";
import { roles, type Role } from "../../permissions/rights.js";
import {
  dbOf,
  grantRefusal,
  loadAccess,
  memberChangeRefusal,
  requireManagesUsersAnywhere,
  requireOrganizationAdmin,
  teamReplacementRefusal,
  unitOf,
  type Access,
} from "../../permissions/access.js";
import { assertSeatFor, lockSeats } from "./seats.js";
import { memoryLimiterStore, RateLimiterRes, type LimitSpec } from "../../limits/store.js";

export const userAlreadyInTeam = "User already in team";
const lastOrganizationAdminMessage = "The organisation must keep at least one organisation admin";
export const passwordsDoNotMatch = "The passwords do not match";
const noUser = () => notFound("User not found");

const roleSchema = z.enum(roles, { message: "Role must be admin, editor or viewer" });
export const displayNameSchema = z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(100, messages.maxLength(100));

export type MemberRole = { unitId: string; unitName: string; role: Role };
export type Member = {
  membershipId: string;
  userId: string;
  email: string;
  displayName: string;
  receiveDigest: boolean;
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  roles: MemberRole[];
};

type Db = Prisma.TransactionClient;

export async function audit(
  db: Pick<Db, "auditLog">,
  entry: { organizationId: string; actorUserId: string; action: string; targetUserId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.auditLog.create({
    data: {
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      details: (entry.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}

// Every read and write here goes through dbOf(ctx, m): the organisation worked on (tenancy.ts).
async function membersOf(ctx: DomainContext, m: Access, where: Prisma.MembershipWhereInput = {}): Promise<Member[]> {
  const db = dbOf(ctx, m);
  const memberships = await db.membership.findMany({
    where,
    select: {
      id: true,
      organizationAdmin: true,
      billingAdmin: true,
      mayCreateSurveys: true,
      user: { select: { id: true, email: true, displayName: true, receiveDigest: true } },
    },
    orderBy: [{ user: { displayName: "asc" } }, { user: { email: "asc" } }],
  });
  const unitRoles = await db.unitRole.findMany({
    where: { userId: { in: memberships.map((x) => x.user.id) } },
    select: { userId: true, unitId: true, role: true },
  });
  const nameOf = new Map(m.units.map((u) => [u.id, u.name]));
  return memberships.map((x) => ({
    membershipId: x.id,
    userId: x.user.id,
    email: x.user.email,
    displayName: x.user.displayName,
    receiveDigest: x.user.receiveDigest,
    organizationAdmin: x.organizationAdmin,
    billingAdmin: x.billingAdmin,
    mayCreateSurveys: x.mayCreateSurveys,
    roles: unitRoles
      .filter((r) => r.userId === x.user.id)
      .map((r) => ({ unitId: r.unitId, unitName: nameOf.get(r.unitId) ?? "", role: r.role as Role }))
      .sort((a, b) => a.unitName.localeCompare(b.unitName)),
  }));
}

/** Every member with roles and flags; for those who manage users somewhere in the organisation. */
export async function listUsers(ctx: DomainContext, organizationId?: string | null): Promise<Member[]> {
  const m = await loadAccess(ctx, organizationId);
  requireManagesUsersAnywhere(m);
  return membersOf(ctx, m);
}

/** The Prisma filter of the members a caller may list (GraphQL connections page through it). */
export async function membersWhere(ctx: DomainContext, search?: string | null): Promise<Prisma.MembershipWhereInput> {
  const text = parseSearch(search);
  const m = await loadAccess(ctx);
  requireManagesUsersAnywhere(m);
  // The user list's search box: the name or the address.
  return { organizationId: m.organizationId, ...(text ? { user: { OR: [{ displayName: containsText(text) }, { email: containsText(text) }] } } : {}) };
}

export const memberSortFields = ["name", "email", "createdAt"] as const;
export type MemberSortField = (typeof memberSortFields)[number];

/** The user list's order: by when they joined unless a column is chosen; ties by id. */
export function memberOrder(sort?: { field: MemberSortField; direction: SortDirection } | null): Prisma.MembershipOrderByWithRelationInput[] {
  if (!sort) return [{ createdAt: "asc" }, { id: "asc" }];
  const first: Prisma.MembershipOrderByWithRelationInput =
    sort.field === "name"
      ? { user: { displayName: sort.direction } }
      : sort.field === "email"
        ? { user: { email: sort.direction } }
        : { createdAt: sort.direction };
  return [first, { id: "asc" }];
}

export async function getUser(ctx: DomainContext, userId: string, organizationId?: string | null): Promise<Member> {
  const id = parseInput(objectIdSchema, userId);
  const m = await loadAccess(ctx, organizationId);
  requireManagesUsersAnywhere(m);
  const [member] = await membersOf(ctx, m, { userId: id });
  if (!member) throw noUser();
  return member;
}

/** The e-mail addresses of the organisation's members (recipient pickers); any member may read them. */
export async function userEmails(ctx: DomainContext, organizationId?: string | null): Promise<{ userId: string; email: string; displayName: string }[]> {
  const m = await loadAccess(ctx, organizationId);
  const rows = await dbOf(ctx, m).membership.findMany({
    select: { user: { select: { id: true, email: true, displayName: true } } },
    orderBy: { user: { email: "asc" } },
  });
  return rows.map((r) => ({ userId: r.user.id, email: r.user.email, displayName: r.user.displayName }));
}

async function membershipOf(db: Db, userId: string) {
  const membership = await db.membership.findFirst({
    where: { userId },
    select: { id: true, organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true },
  });
  if (!membership) throw noUser();
  return membership;
}

async function assertAnotherOrganizationAdmin(db: Db, userId: string): Promise<void> {
  const others = await db.membership.count({ where: { organizationAdmin: true, NOT: { userId } } });
  if (others === 0) throw conflict(lastOrganizationAdminMessage);
}

const memberUpdateSchema = z
  .object({
    role: roleSchema.optional(),
    organizationAdmin: z.boolean({ message: "organizationAdmin must be true or false" }).optional(),
    billingAdmin: z.boolean({ message: "billingAdmin must be true or false" }).optional(),
    mayCreateSurveys: z.boolean({ message: "mayCreateSurveys must be true or false" }).optional(),
    receiveDigest: z.boolean({ message: "receiveDigest must be true or false" }).optional(),
  })
  .strict();
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

/**
 * PUT /units/{unitId}/{userId}: the user's role in that unit (given or changed) and their flags.
 * Roles, "may create surveys" and the weekly digest need manageUsers in the unit; the organisation
 * and billing admin flags need an organisation admin.
 */
export async function updateUserInUnit(
  ctx: DomainContext,
  input: { unitId: string; userId: string; organizationId?: string | null; update: MemberUpdate },
): Promise<Member> {
  const userId = parseInput(objectIdSchema, input.userId);
  const update = parseInput(memberUpdateSchema, input.update);
  const m = await loadAccess(ctx, input.organizationId);
  const unit = unitOf(m, input.unitId);
  throwIf(memberChangeRefusal(m, unit.id, update));
  await dbOf(ctx, m).$transaction(async (db) => {
    const membership = await membershipOf(db, userId);
    if (update.organizationAdmin === false && membership.organizationAdmin) await assertAnotherOrganizationAdmin(db, userId);
    if (update.role) {
      await db.unitRole.upsert({
        where: { unitId_userId: { unitId: unit.id, userId } },
        create: { organizationId: m.organizationId, unitId: unit.id, userId, role: update.role },
        update: { role: update.role },
      });
    }
    const flags = { organizationAdmin: update.organizationAdmin, billingAdmin: update.billingAdmin, mayCreateSurveys: update.mayCreateSurveys };
    if (Object.values(flags).some((v) => v !== undefined)) await db.membership.update({ where: { id: membership.id }, data: flags });
    if (update.receiveDigest !== undefined) await db.user.update({ where: { id: userId }, data: { receiveDigest: update.receiveDigest } });
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "user.update",
      targetUserId: userId,
      details: { unitId: unit.id, ...update },
    });
  });
  ctx.bus.publish("user:updated", userId, { userId });
  return getUser(ctx, userId, input.organizationId);
}

/** Ends the membership of someone who holds no unit any more and is not an organisation admin. */
async function dropEmptyMembership(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const left = await db.unitRole.count({ where: { userId } });
  if (left > 0) return false;
  const membership = await db.membership.findFirst({
    where: { userId },
    select: { id: true, organizationAdmin: true },
  });
  if (!membership || membership.organizationAdmin) return false;
  await db.membership.delete({ where: { id: membership.id } });
  await db.user.updateMany({ where: { id: userId, currentOrganizationId: organizationId }, data: { currentOrganizationId: null } });
  return true;
}

/**
 * DELETE /units/{unitId}/{userId}: removes the user from the unit. Someone left without any unit
 * who is not an organisation admin leaves the organisation (their seat is freed).
 */
export async function removeUserFromUnit(
  ctx: DomainContext,
  input: { unitId: string; userId: string; organizationId?: string | null },
): Promise<{ removedFromOrganization: boolean }> {
  const userId = parseInput(objectIdSchema, input.userId);
  const m = await loadAccess(ctx, input.organizationId);
  const unit = unitOf(m, input.unitId);
  throwIf(memberChangeRefusal(m, unit.id));
  const result = await dbOf(ctx, m).$transaction(async (db) => {
    await membershipOf(db, userId);
    const deleted = await db.unitRole.deleteMany({ where: { unitId: unit.id, userId } });
    if (deleted.count === 0) throw noUser();
    const removedFromOrganization = await dropEmptyMembership(db, m.organizationId, userId);
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "user.removeFromUnit",
      targetUserId: userId,
      details: { unitId: unit.id, removedFromOrganization },
    });
    return { removedFromOrganization };
  });
  ctx.bus.publish("user:updated", userId, { userId });
  return result;
}

export const modifyTeamSchema = z.object({
  units: z
    .array(z.object({ unitId: objectIdSchema, role: roleSchema }), { message: "units must be a list of { unitId, role }" })
    .min(1, "Choose at least one team"),
});

/**
 * PUT /users/{id}/modify-team: the user's teams replaced by the given list of (unit, role). Every
 * unit added, changed or removed must be one the caller manages users in.
 */
export async function modifyTeam(
  ctx: DomainContext,
  input: { userId: string; organizationId?: string | null; units: { unitId: string; role: string }[] },
): Promise<Member> {
  const userId = parseInput(objectIdSchema, input.userId);
  const { units } = parseInput(modifyTeamSchema, { units: input.units });
  if (new Set(units.map((u) => u.unitId)).size !== units.length) throw badInput("Each team may appear only once", "units");
  const m = await loadAccess(ctx, input.organizationId);
  requireManagesUsersAnywhere(m);
  for (const u of units) unitOf(m, u.unitId);
  await dbOf(ctx, m).$transaction(async (db) => {
    await membershipOf(db, userId);
    const current = await db.unitRole.findMany({ where: { userId }, select: { unitId: true, role: true } });
    throwIf(teamReplacementRefusal(m, current, units));
    const wanted = new Map(units.map((u) => [u.unitId, u.role]));
    await db.unitRole.deleteMany({ where: { userId, unitId: { notIn: [...wanted.keys()] } } });
    for (const [unitId, role] of wanted) {
      await db.unitRole.upsert({
        where: { unitId_userId: { unitId, userId } },
        create: { organizationId: m.organizationId, unitId, userId, role },
        update: { role },
      });
    }
    await audit(db, { organizationId: m.organizationId, actorUserId: m.viewer.userId, action: "user.modifyTeam", targetUserId: userId, details: { units } });
  });
  ctx.bus.publish("user:updated", userId, { userId });
  return getUser(ctx, userId, input.organizationId);
}

/** PUT /users/billing-admin: only organisation admins give or take the billing admin flag. */
export async function setBillingAdmin(ctx: DomainContext, input: { userId: string; billingAdmin: boolean; organizationId?: string | null }): Promise<Member> {
  const userId = parseInput(objectIdSchema, input.userId);
  const flag = parseInput(z.boolean({ message: "flag must be true or false" }), input.billingAdmin);
  const m = await loadAccess(ctx, input.organizationId);
  requireOrganizationAdmin(m);
  await dbOf(ctx, m).$transaction(async (db) => {
    const membership = await membershipOf(db, userId);
    await db.membership.update({ where: { id: membership.id }, data: { billingAdmin: flag } });
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "user.billingAdmin",
      targetUserId: userId,
      details: { billingAdmin: flag },
    });
  });
  ctx.bus.publish("user:updated", userId, { userId });
  return getUser(ctx, userId, input.organizationId);
}

export const grantSchema = z.object({
  unitId: objectIdSchema,
  role: roleSchema,
  organizationAdmin: z.boolean({ message: "organizationAdmin must be true or false" }).default(false),
  billingAdmin: z.boolean({ message: "billingAdmin must be true or false" }).default(false),
  mayCreateSurveys: z.boolean({ message: "mayCreateSurveys must be true or false" }).default(false),
});
export type Grant = z.output<typeof grantSchema>;

/**
 * What an inviter may grant: a role in a unit where they manage users; the organisation and
 * billing admin flags only as an organisation admin; "may create surveys" only when they may
 * create surveys themselves (or are an organisation admin).
 */
export function assertMayGrant(m: Access, grant: Grant): void {
  throwIf(grantRefusal(m, grant));
}

function throwIf(refusal: DomainError | null): void {
  if (refusal) throw refusal;
}

export const createUserSchema = grantSchema.extend({
  email: emailSchema,
  displayName: displayNameSchema,
  password: passwordSchema,
  password2: z.string().optional(),
  locale: z.enum(["en", "es", "fi", "se"], { message: messages.invalidProfileLocale }).default("en"),
  organizationId: z.string().nullish(),
});

/**
 * An address that already has an account outside the organisation is refused ("invite it
 * instead"), which tells the admin the address is registered somewhere. Direct add cannot hide
 * that (a created member shows in the member list at once; someone else's account cannot), so the
 * answer is rationed: each organisation gets at most this many such refusals an hour
 * (docs/decisions.md "Direct add").
 */
export const takenAddressRefusals: LimitSpec = { name: "create-user-taken", points: 5, durationSeconds: 3600 };
const fallbackLimits = memoryLimiterStore();

async function rationTakenAddressRefusal(ctx: DomainContext, organizationId: string): Promise<void> {
  try {
    await (ctx.limits ?? fallbackLimits).limiter(takenAddressRefusals).consume(organizationId, 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
    throw new DomainError("RATE_LIMITED", `Too many addresses that already have an account: invite people instead, or try again in ${minutes} min`);
  }
}

/** POST /users/create: adds a new account directly (with a password), under the same seat limit. */
export async function createUser(ctx: DomainContext, input: z.input<typeof createUserSchema>): Promise<Member> {
  const data = parseInput(createUserSchema, input);
  if (data.password2 !== undefined && data.password2 !== data.password) throw badInput(passwordsDoNotMatch, "password2");
  const m = await loadAccess(ctx, data.organizationId);
  unitOf(m, data.unitId);
  assertMayGrant(m, data);
  const scoped = dbOf(ctx, m);
  const existing = await ctx.prisma.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) {
    const inUnit = await scoped.unitRole.findUnique({ where: { unitId_userId: { unitId: data.unitId, userId: existing.id } }, select: { id: true } });
    if (inUnit) throw conflict(userAlreadyInTeam, "email");
    const member = await scoped.membership.findFirst({ where: { userId: existing.id }, select: { id: true } });
    if (!member) await rationTakenAddressRefusal(ctx, m.organizationId);
    throw conflict("This e-mail address already has an account: invite it instead", "email");
  }
  const passwordHash = await argon2.hash(data.password, { type: argon2.argon2id });
  const userId = await scoped.$transaction(async (db) => {
    await lockSeats(db, m.organizationId);
    await assertSeatFor(db, m.organizationId, data.email);
    const user = await db.user.create({
      data: {
        email: data.email,
        displayName: data.displayName,
        passwordHash,
        passwordChangedAt: new Date(),
        locale: data.locale,
        signupStatus: "complete",
        currentOrganizationId: m.organizationId,
      },
    });
    await db.membership.create({
      data: {
        userId: user.id,
        organizationId: m.organizationId,
        organizationAdmin: data.organizationAdmin,
        billingAdmin: data.billingAdmin,
        mayCreateSurveys: data.mayCreateSurveys,
      },
    });
    await db.unitRole.create({ data: { organizationId: m.organizationId, unitId: data.unitId, userId: user.id, role: data.role } });
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "user.create",
      targetUserId: user.id,
      details: { unitId: data.unitId, role: data.role },
    });
    return user.id;
  });
  return getUser(ctx, userId, data.organizationId);
}
