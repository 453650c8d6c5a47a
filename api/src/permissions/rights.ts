// Roles are held per unit (team); each role maps to a rights map. The four checks of spec 000 §6
// (any unit has a right, all units have it, rights in one unit, admin in any unit) over a user's
// roles as they are. Questions about a unit or an object ("may this caller edit this touchpoint?"),
// which add sub-team inheritance and the organisation admin flag, are access.ts's.
// docs/permissions.md is the readable form of this folder.

import { type Right, rights } from "@feedback/shared/rights";

export { type Right, rights };

export const roles = ["admin", "editor", "viewer"] as const;
export type Role = (typeof roles)[number];

export const rightsOfRole: Record<Role, ReadonlySet<Right>> = {
  viewer: new Set<Right>(["viewResults"]),
  // An editor holds every right but managing users and teams.
  editor: new Set<Right>(rights.filter((r) => r !== "manageUsers" && r !== "manageTeams")),
  admin: new Set<Right>(rights),
};

export type UnitRoleGrant = { unitId: string; role: Role };

/** The rights map of one role, as the REST API shows it (`rolesWithRightsPerUnit[].rights`). */
export function rightsMap(role: Role): Record<Right, boolean> {
  return Object.fromEntries(rights.map((r) => [r, rightsOfRole[role].has(r)])) as Record<Right, boolean>;
}

export function anyUnitHasRight(grants: readonly UnitRoleGrant[], right: Right): boolean {
  return grants.some((g) => rightsOfRole[g.role].has(right));
}

/** False when the user holds no unit at all: "all of nothing" grants nothing. */
export function allUnitsHaveRight(grants: readonly UnitRoleGrant[], right: Right): boolean {
  return grants.length > 0 && grants.every((g) => rightsOfRole[g.role].has(right));
}

export function unitHasRight(grants: readonly UnitRoleGrant[], unitId: string, right: Right): boolean {
  return grants.some((g) => g.unitId === unitId && rightsOfRole[g.role].has(right));
}

export function adminInAnyUnit(grants: readonly UnitRoleGrant[]): boolean {
  return grants.some((g) => g.role === "admin");
}

/**
 * A viewer (spec 000 §2: "Viewers always go to /summary"): the user holds at least one team role and
 * every one is viewer. An organisation admin is never a viewer, whatever their team roles, and a
 * member without any team role holds no viewer role either (neither is routed as a viewer).
 */
export function viewerOnly(grants: readonly UnitRoleGrant[], flags: { organizationAdmin: boolean }): boolean {
  if (flags.organizationAdmin) return false;
  return grants.length > 0 && grants.every((g) => g.role === "viewer");
}
