// The signed-in person as the domain sees them: their current organisation, organisation flags and
// roles per unit in that organisation. Loaded once per request; every tenancy check reads it.
import type { PrismaClient } from "../generated/prisma/client.js";
import { unauthenticated } from "./errors.js";
import type { Role, UnitRoleGrant } from "../permissions/rights.js";

export type Viewer = {
  userId: string;
  email: string;
  systemAdmin: boolean;
  /** The organisation the user is working in; null only for a system admin without memberships. */
  organizationId: string | null;
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  grants: UnitRoleGrant[];
  /** How the caller proved who they are. */
  authenticatedBy: "accessToken" | "apiKey";
  /**
   * Set while a system admin impersonates this user (spec 000 §4): the admin's user id. The viewer
   * is then the impersonated user in the organisation the admin chose (domain/users/impersonation.ts).
   */
  impersonatedBy?: string;
};

/** Loads the viewer for a user id, or null when the user does not exist. */
export async function loadViewer(
  prisma: PrismaClient,
  userId: string,
  authenticatedBy: Viewer["authenticatedBy"],
): Promise<Viewer | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      systemAdmin: true,
      currentOrganizationId: true,
      memberships: {
        select: { organizationId: true, organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!user) return null;
  const membership =
    user.memberships.find((m) => m.organizationId === user.currentOrganizationId) ?? user.memberships[0] ?? null;
  const organizationId = membership?.organizationId ?? null;
  const unitRoles = organizationId
    ? await prisma.unitRole.findMany({
        where: { userId: user.id, organizationId },
        select: { unitId: true, role: true },
      })
    : [];
  return {
    userId: user.id,
    email: user.email,
    systemAdmin: user.systemAdmin,
    organizationId,
    organizationAdmin: membership?.organizationAdmin ?? false,
    billingAdmin: membership?.billingAdmin ?? false,
    mayCreateSurveys: membership?.mayCreateSurveys ?? false,
    grants: unitRoles.map((r) => ({ unitId: r.unitId, role: r.role as Role })),
    authenticatedBy,
  };
}

/** The viewer, or the spec's "Not logged in" error. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthenticated();
  return viewer;
}

/** The viewer's current organisation id; a viewer without one cannot touch tenant data. */
export function requireOrganization(viewer: Viewer | null): { viewer: Viewer; organizationId: string } {
  const v = requireViewer(viewer);
  if (!v.organizationId) throw unauthenticated("No organization found");
  return { viewer: v, organizationId: v.organizationId };
}
