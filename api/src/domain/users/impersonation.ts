// Impersonation (spec 000 §4, §6, §7): a system admin acts as another user in one of that user's
// organisations. The marker is `User.impersonatingUserId` on the admin's own record; the
// organisation is the one of the latest "impersonation.start" audit row, so no extra column is
// needed and every start and stop is on record (actor, target, organisation, time).
// While the marker is set, the admin's access-token requests load the impersonated user's viewer
// with `impersonatedBy` = the admin (auth/authenticate.ts calls `resolveImpersonation`).
import { z } from "zod";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { badInput, forbidden, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { loadViewer, requireViewer, type LoadedViewer, type Viewer } from "../viewer.js";

const impersonationActions = { start: "impersonation.start", stop: "impersonation.stop" } as const;

const onlySystemAdminsMessage = "Only system admins may impersonate users";

const startSchema = z.object({ userId: objectIdSchema, organizationId: objectIdSchema });

/** The system admin behind a request: the impersonating admin, or the caller when a system admin. */
function actingSystemAdminId(viewer: Viewer): string | null {
  if (viewer.impersonatedBy) return viewer.impersonatedBy;
  return viewer.systemAdmin ? viewer.userId : null;
}

export async function startImpersonation(
  ctx: DomainContext,
  input: { userId: unknown; organizationId: unknown },
): Promise<{ userId: string; organizationId: string }> {
  const viewer = requireViewer(ctx.viewer);
  const adminId = actingSystemAdminId(viewer);
  // Refused before anything else is looked at, so a non-admin learns nothing about ids.
  if (!adminId || viewer.authenticatedBy === "apiKey") throw forbidden(onlySystemAdminsMessage);
  const { userId, organizationId } = parseInput(startSchema, input);
  if (userId === adminId) throw badInput("You cannot impersonate yourself", "userId");
  const membership = await ctx.prisma.membership.findUnique({
    where: { userId_organizationId: { userId, organizationId } },
    select: { id: true },
  });
  if (!membership) throw notFound("User not found in that organization");

  const { prisma } = ctx;
  await prisma.$transaction(async (tx) => {
    const admin = await tx.user.findUniqueOrThrow({ where: { id: adminId }, select: { impersonatingUserId: true } });
    if (admin.impersonatingUserId) {
      // Switching straight to another user ends the previous impersonation on record first.
      const previous = await tx.auditLog.findFirst({
        where: { actorUserId: adminId, action: impersonationActions.start, targetUserId: admin.impersonatingUserId },
        orderBy: { createdAt: "desc" },
        select: { organizationId: true },
      });
      await tx.auditLog.create({
        data: {
          actorUserId: adminId,
          action: impersonationActions.stop,
          targetUserId: admin.impersonatingUserId,
          organizationId: previous?.organizationId ?? null,
          details: { reason: "switched" },
        },
      });
    }
    await tx.user.update({ where: { id: adminId }, data: { impersonatingUserId: userId } });
    await tx.auditLog.create({
      data: { actorUserId: adminId, action: impersonationActions.start, targetUserId: userId, organizationId },
    });
  });
  ctx.bus.publish("user:updated", adminId, { userId: adminId });
  return { userId, organizationId };
}

/** Ends the impersonation of the request's admin; "not found" when there is none (logout tolerates it). */
export async function stopImpersonation(ctx: DomainContext): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  const adminId = viewer.impersonatedBy;
  if (!adminId) throw notFound("Not impersonating anyone");
  await ctx.prisma.$transaction(async (tx) => {
    const admin = await tx.user.findUniqueOrThrow({ where: { id: adminId }, select: { impersonatingUserId: true } });
    if (!admin.impersonatingUserId) return;
    await tx.user.update({ where: { id: adminId }, data: { impersonatingUserId: null } });
    await tx.auditLog.create({
      data: {
        actorUserId: adminId,
        action: impersonationActions.stop,
        targetUserId: admin.impersonatingUserId,
        organizationId: viewer.organizationId,
      },
    });
  });
  ctx.bus.publish("user:updated", adminId, { userId: adminId });
}

/**
 * For an authenticated system admin: the impersonated user's viewer when the admin has an
 * impersonation running, otherwise the admin's own viewer. An impersonation whose user has since
 * left that organisation (or was deleted) is ignored: the admin is themselves again.
 */
export async function resolveImpersonation(prisma: PrismaClient, admin: LoadedViewer): Promise<Viewer> {
  const targetId = admin.impersonatingUserId;
  if (!admin.systemAdmin || !targetId) return admin;
  const started = await prisma.auditLog.findFirst({
    where: { actorUserId: admin.userId, action: impersonationActions.start, targetUserId: targetId },
    orderBy: { createdAt: "desc" },
    select: { organizationId: true },
  });
  const organizationId = started?.organizationId;
  if (!organizationId) return admin;
  const target = await loadViewer(prisma, targetId, admin.authenticatedBy, { organizationId });
  if (!target) return admin;
  return { ...target, impersonatedBy: admin.userId };
}
