// The organisation switcher (spec 000 §4: "Changing organisation likewise reloads the root path on
// ok"): the user works in one organisation at a time, among those they are a member of.
import type { DomainContext } from "../context.js";
import { requireViewer } from "../viewer.js";
import { notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";

export async function changeOrganization(ctx: DomainContext, organizationId: string): Promise<{ organizationId: string }> {
  const viewer = requireViewer(ctx.viewer);
  const id = parseInput(objectIdSchema, organizationId);
  const membership = await ctx.prisma.membership.findUnique({
    where: { userId_organizationId: { userId: viewer.userId, organizationId: id } },
    select: { organizationId: true },
  });
  // Not a member: the same answer as an organisation that does not exist.
  if (!membership) throw notFound("No organization found");
  await ctx.prisma.user.update({ where: { id: viewer.userId }, data: { currentOrganizationId: id } });
  ctx.bus.publish("user:updated", viewer.userId, { userId: viewer.userId });
  return { organizationId: id };
}
