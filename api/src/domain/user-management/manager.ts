// User management's view of the access layer (permissions/access.ts): which organisation a call
// works on and where the caller manages users and teams (docs/permissions.md "User management and
// teams"). The rules themselves, sub-team inheritance included, live in permissions/access.ts.
import { forbidden, notFound } from "../errors.js";
import { canInUnit, canSomewhere, loadAccess, noManageTeamsRight, type Access } from "../../permissions/access.js";
import type { Role } from "../../permissions/rights.js";

export {
  noManageTeamsRight,
  noOrganization,
  resolveOrganization,
  subtreeOf,
  unitOf,
  unitsWithRight,
  canInUnit,
  type UnitRow,
} from "../../permissions/access.js";

export const noUser = () => notFound("User not found");
export const noUnit = () => notFound("Team not found");
export const noManageUsersRight = () => forbidden("You do not have the rights to manage users in this team");
export const noOrganizationAdmin = () => forbidden("Only an organisation admin can do this");

/** The caller's access in the organisation a user-management call works on. */
export type Manager = Access;
export const loadManager = loadAccess;

/** May manage users somewhere in the organisation (opens the user management screens). */
export function managesUsersAnywhere(m: Manager): boolean {
  return canSomewhere(m, "manageUsers");
}

export function requireManagesUsersAnywhere(m: Manager): void {
  if (!managesUsersAnywhere(m)) throw forbidden("You do not have the rights to manage users");
}

export function requireInUnit(m: Manager, right: "manageUsers" | "manageTeams", unitId: string): void {
  if (!canInUnit(m, right, unitId)) throw right === "manageUsers" ? noManageUsersRight() : noManageTeamsRight();
}

export function requireOrganizationAdmin(m: Manager): void {
  if (!m.organizationAdmin) throw noOrganizationAdmin();
}

export type RoleGrant = { unitId: string; role: Role };
