// Who may manage users and teams, and where (docs/permissions.md "User management and teams").
//
// - The organisation worked on is the caller's current organisation. A system admin may name
//   another one (the super-admin area); for everyone else another organisation id is
//   "No organization found" and nothing is read or changed.
// - Organisation admins (and system admins) manage every unit. Otherwise a right held in a unit
//   (manageUsers, manageTeams: the admin role) covers that unit and all its sub-units.
import type { DomainContext } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { requireViewer, type Viewer } from "../viewer.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { rightsOfRole, type Right, type Role, type UnitRoleGrant } from "../../permissions/rights.js";

export const noOrganization = () => notFound("No organization found");
export const noUser = () => notFound("User not found");
export const noUnit = () => notFound("Team not found");
export const noManageUsersRight = () => forbidden("You do not have the rights to manage users in this team");
export const noManageTeamsRight = () => forbidden("You do not have the rights to edit this team");
export const noOrganizationAdmin = () => forbidden("Only an organisation admin can do this");

export type UnitRow = { id: string; name: string; parentId: string | null };

export type Manager = {
  viewer: Viewer;
  organizationId: string;
  /** Organisation admin of that organisation, or a system admin. */
  organizationAdmin: boolean;
  /** The caller's roles in that organisation (none for a system admin working in another one). */
  grants: UnitRoleGrant[];
  units: UnitRow[];
};

/** The organisation a call works on: the current one, or (system admins only) the named one. */
export async function resolveOrganization(
  ctx: DomainContext,
  organizationId?: string | null,
): Promise<{ viewer: Viewer; organizationId: string; foreign: boolean }> {
  const viewer = requireViewer(ctx.viewer);
  if (organizationId !== undefined && organizationId !== null && organizationId !== "" && organizationId !== viewer.organizationId) {
    const id = parseInput(objectIdSchema, organizationId);
    if (!viewer.systemAdmin) throw noOrganization();
    const exists = await ctx.prisma.organization.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw noOrganization();
    return { viewer, organizationId: id, foreign: true };
  }
  if (!viewer.organizationId) throw noOrganization();
  return { viewer, organizationId: viewer.organizationId, foreign: false };
}

export async function loadManager(ctx: DomainContext, organizationId?: string | null): Promise<Manager> {
  const { viewer, organizationId: orgId, foreign } = await resolveOrganization(ctx, organizationId);
  const units = await ctx.prisma.unit.findMany({
    where: { organizationId: orgId },
    select: { id: true, name: true, parentId: true },
    orderBy: { name: "asc" },
  });
  return {
    viewer,
    organizationId: orgId,
    organizationAdmin: viewer.systemAdmin || (!foreign && viewer.organizationAdmin),
    grants: foreign ? [] : viewer.grants,
    units,
  };
}

/** The unit and all units below it. */
export function subtreeOf(units: readonly UnitRow[], rootId: string): Set<string> {
  const childrenOf = new Map<string, string[]>();
  for (const u of units) if (u.parentId) childrenOf.set(u.parentId, [...(childrenOf.get(u.parentId) ?? []), u.id]);
  const out = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(childrenOf.get(id) ?? []));
  }
  return out;
}

/** Units in which the manager holds a right (through a role there or in a unit above). */
export function unitsWithRight(m: Manager, right: Right): Set<string> {
  if (m.organizationAdmin) return new Set(m.units.map((u) => u.id));
  const out = new Set<string>();
  for (const g of m.grants) {
    if (!rightsOfRole[g.role].has(right)) continue;
    for (const id of subtreeOf(m.units, g.unitId)) out.add(id);
  }
  return out;
}

export function canInUnit(m: Manager, right: Right, unitId: string): boolean {
  return unitsWithRight(m, right).has(unitId);
}

/** May manage users somewhere in the organisation (opens the user management screens). */
export function managesUsersAnywhere(m: Manager): boolean {
  return m.organizationAdmin || unitsWithRight(m, "manageUsers").size > 0;
}

export function requireManagesUsersAnywhere(m: Manager): void {
  if (!managesUsersAnywhere(m)) throw forbidden("You do not have the rights to manage users");
}

/** The unit, which must belong to the manager's organisation ("Team not found" otherwise). */
export function unitOf(m: Manager, unitId: string): UnitRow {
  const id = parseInput(objectIdSchema, unitId);
  const unit = m.units.find((u) => u.id === id);
  if (!unit) throw noUnit();
  return unit;
}

export function requireInUnit(m: Manager, right: "manageUsers" | "manageTeams", unitId: string): void {
  if (!canInUnit(m, right, unitId)) throw right === "manageUsers" ? noManageUsersRight() : noManageTeamsRight();
}

export function requireOrganizationAdmin(m: Manager): void {
  if (!m.organizationAdmin) throw noOrganizationAdmin();
}

export type RoleGrant = { unitId: string; role: Role };
