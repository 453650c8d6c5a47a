// The organisation switcher (spec 000 §4: "Changing organisation likewise reloads the root path on
// ok"): the user works in one organisation at a time, among those they are a member of.
import type { DomainContext } from "../context.js";
import { requireViewer } from "../viewer.js";
import { notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { auditSuperAdmin } from "../superadmin/guard.js";

export async function changeOrganization(ctx: DomainContext, organizationId: string): Promise<{ organizationId: string }> {
  const viewer = requireViewer(ctx.viewer);
  const id = parseInput(objectIdSchema, organizationId);
  const membership = await ctx.prisma.membership.findUnique({
    where: { userId_organizationId: { userId: viewer.userId, organizationId: id } },
    select: { organizationId: true },
  });
  // A system admin (not while impersonating, not with an API key) may switch to any organisation
  // from the super-admin area (spec 000 §6 "switch organisation"); the switch is audited.
  const systemAdminSwitch = !membership && viewer.systemAdmin && !viewer.impersonatedBy && viewer.authenticatedBy === "accessToken";
  if (systemAdminSwitch) {
    const exists = await ctx.prisma.organization.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw notFound("No organization found");
  } else if (!membership) {
    // Not a member: the same answer as an organisation that does not exist.
    throw notFound("No organization found");
  }
  await ctx.prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: viewer.userId }, data: { currentOrganizationId: id } });
    if (systemAdminSwitch) await auditSuperAdmin(tx, { adminId: viewer.userId, action: "organization.switch", organizationId: id });
  });
  ctx.bus.publish("user:updated", viewer.userId, { userId: viewer.userId });
  return { organizationId: id };
}
