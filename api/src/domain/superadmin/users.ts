// Super-admin: a person's account across organisations (spec 000 §6 "list users and edit or delete a
// user", §7 PUT /super-admin/user, DELETE /super-admin/user/{id}/{userId}). Roles and flags within an
// organisation stay with user management (domain/user-management, called with the organisation's id).
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, conflict, notFound } from "../errors.js";
import { emailSchema, messages, objectIdSchema, parseInput, profileLocales } from "../validation.js";
import { displayNameSchema } from "../user-management/users.js";
import { auditSuperAdmin, changedFields, requireSystemAdmin } from "./guard.js";
import { organizationDb } from "../tenancy.js";

const userNotFound = () => notFound("User not found");

/** The body of PUT /super-admin/user, in the legacy shape of the profile (spec 000 §3 "User profile"). */
const userUpdateSchema = z.object({
  _id: objectIdSchema,
  displayname: displayNameSchema.optional(),
  email: emailSchema.optional(),
  settings: z
    .object({
      locale: z.enum(profileLocales, { message: messages.invalidProfileLocale }).optional(),
      receive_digest: z.boolean({ message: "receive_digest must be true or false" }).optional(),
    })
    .optional(),
  system_admin: z.boolean({ message: "system_admin must be true or false" }).optional(),
});

export type AdminUser = { id: string; email: string; displayName: string; locale: string; receiveDigest: boolean; systemAdmin: boolean };

/** PUT /super-admin/user: a person's name, address, locale, digest and system-admin flag. */
export async function updateUserAsSuperAdmin(ctx: DomainContext, input: unknown): Promise<AdminUser> {
  const { adminId } = requireSystemAdmin(ctx);
  const body = parseInput(userUpdateSchema, input);
  const data = {
    ...(body.displayname !== undefined ? { displayName: body.displayname } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.settings?.locale !== undefined ? { locale: body.settings.locale } : {}),
    ...(body.settings?.receive_digest !== undefined ? { receiveDigest: body.settings.receive_digest } : {}),
    ...(body.system_admin !== undefined ? { systemAdmin: body.system_admin } : {}),
  };
  if (body._id === adminId && data.systemAdmin === false) throw badInput("You cannot remove your own system admin flag", "system_admin");
  const select = { id: true, email: true, displayName: true, locale: true, receiveDigest: true, systemAdmin: true } as const;
  const user = await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: body._id }, select });
    if (!before) throw userNotFound();
    if (data.email !== undefined && data.email !== before.email) {
      const taken = await tx.user.findUnique({ where: { email: data.email }, select: { id: true } });
      if (taken) throw conflict("This e-mail address already has an account", "email");
    }
    const changes = changedFields(before, data);
    if (Object.keys(changes).length === 0) return before;
    const after = await tx.user.update({ where: { id: body._id }, data, select });
    await auditSuperAdmin(tx, { adminId, action: "user.update", targetUserId: body._id, details: { changes } });
    return after;
  });
  if (Object.keys(data).length > 0) ctx.bus.publish("user:updated", user.id, { userId: user.id });
  return { ...user, locale: user.locale };
}

/**
 * DELETE /super-admin/user/{id}/{userId}: takes the person out of organisation {id} (membership and
 * every team role there). The account stays (it may belong to other organisations); a person whose
 * current organisation it was moves on to another one of theirs.
 */
export async function removeUserFromOrganization(
  ctx: DomainContext,
  organizationId: unknown,
  userId: unknown,
): Promise<{ userId: string; organizationId: string }> {
  const { adminId } = requireSystemAdmin(ctx);
  const orgId = parseInput(objectIdSchema, organizationId);
  const id = parseInput(objectIdSchema, userId);
  const org = await ctx.prisma.organization.findUnique({ where: { id: orgId }, select: { id: true } });
  if (!org) throw notFound("No organization found");
  // The organisation's rows through the scoped client of that organisation (domain/tenancy.ts).
  await organizationDb(ctx, orgId).$transaction(async (tx) => {
    const membership = await tx.membership.findFirst({ where: { userId: id }, select: { id: true, organizationAdmin: true, billingAdmin: true } });
    if (!membership) throw userNotFound();
    const roles = await tx.unitRole.findMany({ where: { userId: id }, select: { unitId: true, role: true }, orderBy: { unitId: "asc" } });
    await tx.unitRole.deleteMany({ where: { userId: id } });
    await tx.membership.deleteMany({ where: { id: membership.id } });
    const user = await tx.user.findUniqueOrThrow({ where: { id }, select: { currentOrganizationId: true } });
    if (user.currentOrganizationId === orgId) {
      // the person's other organisations are outside this scope: read by their own key
      const next = await ctx.prisma.membership.findFirst({
        where: { userId: id, organizationId: { not: orgId } },
        orderBy: { createdAt: "asc" },
        select: { organizationId: true },
      });
      await tx.user.update({ where: { id }, data: { currentOrganizationId: next?.organizationId ?? null } });
    }
    await auditSuperAdmin(tx, {
      adminId,
      action: "user.remove",
      organizationId: orgId,
      targetUserId: id,
      details: { organizationAdmin: membership.organizationAdmin, billingAdmin: membership.billingAdmin, roles },
    });
  });
  ctx.bus.publish("user:updated", id, { userId: id });
  return { userId: id, organizationId: orgId };
}
