// The access layer: "may this caller do this right on this object?". docs/permissions.md is this
// file in prose; rights.ts holds the roles → rights table it reads.
//
// - The organisation worked on is the caller's current organisation. A system admin may name another
//   one (the super-admin area); for everyone else another organisation id is "No organization found".
// - Organisation admins (and system admins) hold every right in every unit of the organisation.
// - Otherwise a right held through a role in a unit covers that unit and every unit below it
//   (sub-team inheritance): the editor of "Stores" edits the touchpoints of "Helsinki store".
// - An object (touchpoint, survey, response, invite) is judged in its own unit. An object of another
//   organisation, or one that does not exist, is "not found", never "forbidden".
//
// The GraphQL shield (permissions/index.ts, through rules.ts) and the domain services (which REST
// calls directly) ask the same functions here. Both work on one per-request copy of the caller's
// access and of each object's unit: the shield's check loads them, the resolver's check reuses them.
import type { DomainContext } from "../domain/context.js";
import { type DomainError, forbidden, notFound } from "../domain/errors.js";
import { requireViewer, type Viewer } from "../domain/viewer.js";
import { objectIdSchema, parseInput } from "../domain/validation.js";
import { organizationDb, tenantDb } from "../domain/tenancy.js";
import { memoSlot, perRequest } from "../domain/request-memo.js";
import { rightsOfRole, type Right, type UnitRoleGrant } from "./rights.js";

/** A team of the organisation; `code` is how a response names it (Response.unitCode). */
export type UnitRow = { id: string; code: number; name: string; parentId: string | null };

/** What the caller holds in the organisation a call works on. */
export type Access = {
  viewer: Viewer;
  organizationId: string;
  /** Organisation admin of that organisation, or a system admin. */
  organizationAdmin: boolean;
  /** The caller's roles in that organisation (none for a system admin working in another one). */
  grants: UnitRoleGrant[];
  /** Every unit of the organisation, by name. */
  units: UnitRow[];
};

export const noOrganization = () => notFound("No organization found");

// ---- the caller's access, once per request ---------------------------------------------------

// In the request memo (domain/request-memo.ts), so a context spread for the analytics pool shares it.
const accessSlot = memoSlot<{ access?: Promise<Access>; units: Map<string, Promise<string | null>> }>("access", () => ({ units: new Map() }));
const requestCache = (ctx: DomainContext) => perRequest(ctx, accessSlot);

/** The organisation a call works on: the current one, or (system admins only) the named one. */
async function resolveOrganization(ctx: DomainContext, organizationId?: string | null): Promise<{ viewer: Viewer; organizationId: string; foreign: boolean }> {
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

async function readAccess(ctx: DomainContext, organizationId?: string | null): Promise<Access> {
  const { viewer, organizationId: orgId, foreign } = await resolveOrganization(ctx, organizationId);
  // a system admin may work in another organisation: scoped to the one worked on
  const db = foreign ? organizationDb(ctx, orgId) : tenantDb(ctx);
  const units = await db.unit.findMany({ select: { id: true, code: true, name: true, parentId: true }, orderBy: { name: "asc" } });
  return {
    viewer,
    organizationId: orgId,
    organizationAdmin: viewer.systemAdmin || (!foreign && viewer.organizationAdmin),
    grants: foreign ? [] : viewer.grants,
    units,
  };
}

/**
 * The caller's access in the current organisation (or, for a system admin, the named one). The
 * current organisation's is read once per request; a change of the unit tree calls forgetAccess.
 */
export function loadAccess(ctx: DomainContext, organizationId?: string | null): Promise<Access> {
  const current = organizationId === undefined || organizationId === null || organizationId === "" || organizationId === ctx.viewer?.organizationId;
  if (!current) return readAccess(ctx, organizationId);
  const cache = requestCache(ctx);
  if (!cache.access) {
    cache.access = readAccess(ctx);
    // a refusal (no viewer, no organisation) is not kept: the next call answers it again
    cache.access.catch(() => {
      cache.access = undefined;
    });
  }
  return cache.access;
}

/**
 * The database scoped to the organisation a call works on (domain/tenancy.ts): the caller's current
 * one, or the one a system admin named.
 */
export function dbOf(ctx: DomainContext, a: Access) {
  return a.organizationId === ctx.viewer?.organizationId ? tenantDb(ctx) : organizationDb(ctx, a.organizationId);
}

/** After the unit tree changed within a request: the next check reads it again. */
export function forgetAccess(ctx: DomainContext): void {
  requestCache(ctx).access = undefined;
}

// ---- rights in units (with inheritance) ------------------------------------------------------

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

/** Units in which the caller holds a right (through a role there or in a unit above). */
export function unitsWithRight(a: Access, right: Right): Set<string> {
  if (a.organizationAdmin) return new Set(a.units.map((u) => u.id));
  const out = new Set<string>();
  for (const g of a.grants) {
    if (!rightsOfRole[g.role].has(right)) continue;
    for (const id of subtreeOf(a.units, g.unitId)) out.add(id);
  }
  return out;
}

/**
 * The codes of the given teams among the organisation's (`units`, as read with the caller's access): a
 * response names its team by code (Response.unitCode, migration 20261130000000_response_unit_code). An
 * id that is not among them gives none.
 */
export function unitCodesAmong(units: readonly UnitRow[], unitIds: Iterable<string>): number[] {
  const wanted = new Set(unitIds);
  return units.filter((u) => wanted.has(u.id)).map((u) => u.code);
}

/** The right in this unit (a role here or above it, or organisation admin). */
export function canInUnit(a: Access, right: Right, unitId: string): boolean {
  return unitsWithRight(a, right).has(unitId);
}

/** The right in at least one unit (organisation admins: always). */
export function canSomewhere(a: Access, right: Right): boolean {
  return a.organizationAdmin || unitsWithRight(a, right).size > 0;
}

/** The unit of the organisation ("Team not found" otherwise). */
export function unitOf(a: Access, unitId: string): UnitRow {
  const id = parseInput(objectIdSchema, unitId);
  const unit = a.units.find((u) => u.id === id);
  if (!unit) throw notFound("Team not found");
  return unit;
}

// ---- the unit tree ---------------------------------------------------------------------------

const noManageTeamsRight = () => forbidden("You do not have the rights to edit this team");

/**
 * Editing the team tree (manageTeams): adding under P needs it in P, renaming U in U, moving U in
 * U's parent and in the new parent, deleting U in U's parent. `null` stands for "the top": only
 * organisation admins add, move or delete top-level teams.
 */
export function teamRefusal(a: Access, unitId: string | null): DomainError | null {
  if (unitId === null) return a.organizationAdmin ? null : noManageTeamsRight();
  return canInUnit(a, "manageTeams", unitId) ? null : noManageTeamsRight();
}

/** The units whose manageTeams a change of the tree needs (see teamRefusal); unknown ids throw "Team not found". */
export function unitsATeamChangeNeeds(
  a: Access,
  change:
    | { create: { parentId?: string | null } }
    | { update: { unitId: string; name?: string | null; parentId?: string | null; moveToTop?: boolean | null } }
    | { delete: { unitId: string } },
): (string | null)[] {
  if ("create" in change) return [change.create.parentId ? unitOf(a, change.create.parentId).id : null];
  if ("delete" in change) return [unitOf(a, change.delete.unitId).parentId];
  const unit = unitOf(a, change.update.unitId);
  const needs: (string | null)[] = [];
  if (change.update.name !== undefined && change.update.name !== null) needs.push(unit.id);
  const newParent = change.update.moveToTop ? null : change.update.parentId ? unitOf(a, change.update.parentId).id : undefined;
  if (newParent !== undefined && newParent !== unit.parentId) needs.push(unit.parentId, newParent);
  return needs;
}

// ---- users (manageUsers) and the organisation-admin flag ---------------------------------------

const noManageUsersRight = () => forbidden(accessMessages.noManageUsersInUnit);
const noManageUsersAnywhere = () => forbidden("You do not have the rights to manage users");
const noOrganizationAdmin = () => forbidden("Only an organisation admin can do this");

/** manageUsers in some unit (opens the user-management screens: the member list). */
export function requireManagesUsersAnywhere(a: Access): void {
  if (!canSomewhere(a, "manageUsers")) throw noManageUsersAnywhere();
}

/** The organisation-admin flag in the organisation worked on (system admins hold it everywhere). */
export function requireOrganizationAdmin(a: Access): void {
  if (!a.organizationAdmin) throw noOrganizationAdmin();
}

/** What a grant of a role (an invitation, a user added directly) gives. */
export type GrantRequest = { unitId: string; organizationAdmin?: boolean | null; billingAdmin?: boolean | null; mayCreateSurveys?: boolean | null };

/**
 * Giving a role (inviting, adding a user directly): manageUsers in the unit; the organisation and
 * billing admin flags only as an organisation admin; "may create surveys" only when the caller may
 * create surveys themselves (or is an organisation admin). An unknown unit throws "Team not found".
 */
export function grantRefusal(a: Access, grant: GrantRequest): DomainError | null {
  const unit = unitOf(a, grant.unitId);
  if (!canInUnit(a, "manageUsers", unit.id)) return noManageUsersRight();
  if ((grant.organizationAdmin || grant.billingAdmin) && !a.organizationAdmin) {
    return forbidden("Only an organisation admin can grant the organisation admin or billing admin flag");
  }
  if (grant.mayCreateSurveys && !a.organizationAdmin && !a.viewer.mayCreateSurveys) {
    return forbidden("You cannot grant a right you do not have: may create surveys");
  }
  return null;
}

/**
 * Changing a member in a unit (role, "may create surveys", weekly digest): manageUsers in the unit;
 * the organisation and billing admin flags also need an organisation admin. Removing someone from a
 * unit is the same check without flags.
 */
export function memberChangeRefusal(
  a: Access,
  unitId: string,
  flags: { organizationAdmin?: boolean | null; billingAdmin?: boolean | null } = {},
): DomainError | null {
  const unit = unitOf(a, unitId);
  if (!canInUnit(a, "manageUsers", unit.id)) return noManageUsersRight();
  const adminFlags =
    (flags.organizationAdmin !== undefined && flags.organizationAdmin !== null) || (flags.billingAdmin !== undefined && flags.billingAdmin !== null);
  return adminFlags && !a.organizationAdmin ? noOrganizationAdmin() : null;
}

/**
 * Replacing a member's teams (modify-team): manageUsers somewhere, and in every unit whose role
 * the change adds, changes or drops (a unit kept with the same role needs nothing). Unknown units
 * throw "Team not found".
 */
export function teamReplacementRefusal(
  a: Access,
  current: readonly { unitId: string; role: string }[],
  wanted: readonly { unitId: string; role: string }[],
): DomainError | null {
  if (!canSomewhere(a, "manageUsers")) return noManageUsersAnywhere();
  for (const w of wanted) unitOf(a, w.unitId);
  const want = new Map(wanted.map((w) => [w.unitId, w.role]));
  const touched = new Set<string>();
  for (const c of current) if (want.get(c.unitId) !== c.role) touched.add(c.unitId);
  for (const [unitId, role] of want) if (!current.some((c) => c.unitId === unitId && c.role === role)) touched.add(unitId);
  for (const unitId of touched) if (!canInUnit(a, "manageUsers", unitId)) return noManageUsersRight();
  return null;
}

// ---- objects ---------------------------------------------------------------------------------

/** The kinds of object judged in their own unit. */
export type AccessObject = "Touchpoint" | "Survey" | "Response" | "Invite";

type ObjectRule = {
  /** The object's unit in the caller's organisation (tenantDb); null when it is not there. */
  unitOf: (ctx: DomainContext, id: string) => Promise<string | null>;
  notFound: string;
  /** The refusal when the caller lacks the right in the object's unit. */
  denied: (right: Right) => string;
  /**
   * An object the caller may not even view is "not found" rather than "forbidden" (responses,
   * invites: their existence is not the caller's to learn).
   */
  hiddenUnlessViewable?: boolean;
  /** A right that shows the object (invites: manageUsers; otherwise viewResults). */
  viewRight?: Right;
};

export const accessMessages = {
  touchpointNotFound: "Touchpoint not found",
  noViewTouchpoint: "You do not have the rights to view this touchpoint",
  noEditTouchpoint: "User has no rights to edit touchpoint",
  surveyNotFound: "Survey not found",
  noViewSurvey: "You do not have the rights to view this survey",
  noEditSurvey: "You do not have the rights to edit this survey",
  noLaunchSurvey: "You do not have the rights to launch this survey",
  responseNotFound: "Response not found",
  noManageResponses: "You do not have the rights to manage responses",
  inviteNotFound: "Invite not found",
  noManageUsersInUnit: "You do not have the rights to manage users in this team",
  noRights: "You do not have the rights to do this",
} as const;

const objectRules: Record<AccessObject, ObjectRule> = {
  Touchpoint: {
    unitOf: async (ctx, id) => (await tenantDb(ctx).touchpoint.findFirst({ where: { id, deleted: false }, select: { unitId: true } }))?.unitId ?? null,
    notFound: accessMessages.touchpointNotFound,
    denied: (right) => (right === "viewResults" ? accessMessages.noViewTouchpoint : accessMessages.noEditTouchpoint),
  },
  Survey: {
    unitOf: async (ctx, id) => (await tenantDb(ctx).survey.findUnique({ where: { id }, select: { unitId: true } }))?.unitId ?? null,
    notFound: accessMessages.surveyNotFound,
    denied: (right) =>
      right === "viewResults" ? accessMessages.noViewSurvey : right === "launchSurveys" ? accessMessages.noLaunchSurvey : accessMessages.noEditSurvey,
  },
  Response: {
    // an over-limit response is shown nowhere, so it is not there for anyone
    // its team by code, among the organisation's teams the access already holds (none, so "not
    // found", when the team was deleted since: no one holds rights there)
    unitOf: async (ctx, id) => {
      const response = await tenantDb(ctx).response.findFirst({ where: { id, overLimit: false }, select: { unitCode: true } });
      if (!response) return null;
      return (await loadAccess(ctx)).units.find((u) => u.code === response.unitCode)?.id ?? null;
    },
    notFound: accessMessages.responseNotFound,
    denied: (right) => (right === "manageResponses" ? accessMessages.noManageResponses : accessMessages.noRights),
    hiddenUnlessViewable: true,
  },
  Invite: {
    unitOf: async (ctx, id) =>
      (await tenantDb(ctx).invite.findFirst({ where: { id, acceptedAt: null, deletedAt: null }, select: { unitId: true } }))?.unitId ?? null,
    notFound: accessMessages.inviteNotFound,
    denied: () => accessMessages.noManageUsersInUnit,
    hiddenUnlessViewable: true,
    viewRight: "manageUsers",
  },
};

/** The object's unit, read once per request (null: not in the caller's organisation). */
export async function objectUnit(ctx: DomainContext, type: AccessObject, objectId: string): Promise<string | null> {
  await loadAccess(ctx); // a caller without an organisation is refused first
  const id = parseInput(objectIdSchema, objectId);
  const units = requestCache(ctx).units;
  const key = `${type}:${id}`;
  let unit = units.get(key);
  if (!unit) units.set(key, (unit = objectRules[type].unitOf(ctx, id)));
  return unit;
}

/** After the object moved to another unit or was deleted within a request. */
export function forgetObjectUnit(ctx: DomainContext, type: AccessObject, objectId: string): void {
  requestCache(ctx).units.delete(`${type}:${objectId}`);
}

/** A survey of a unit the caller does not view is still visible through responses collected in units they view. */
async function surveySeenThroughResponses(ctx: DomainContext, a: Access, surveyId: string): Promise<boolean> {
  if (a.organizationAdmin) return true;
  const viewable = [...unitsWithRight(a, "viewResults")];
  if (viewable.length === 0) return false;
  const found = await tenantDb(ctx).response.findFirst({
    where: { surveyId, unitCode: { in: unitCodesAmong(a.units, viewable) } },
    select: { id: true },
  });
  return !!found;
}

/**
 * The decision: null when the caller may use the right on the object, else the refusal (the domain
 * throws it, the shield answers it). Malformed ids throw the input error.
 */
export async function refusalOnObject(ctx: DomainContext, right: Right, type: AccessObject, objectId: string): Promise<DomainError | null> {
  const a = await loadAccess(ctx);
  const rule = objectRules[type];
  const unitId = await objectUnit(ctx, type, objectId);
  if (unitId === null) return notFound(rule.notFound);
  if (canInUnit(a, right, unitId)) return null;
  if (type === "Survey") {
    // spec 001 §2: surveys of other teams are visible when the user has responses from them (viewing only)
    const visible = canInUnit(a, "viewResults", unitId) || (await surveySeenThroughResponses(ctx, a, parseInput(objectIdSchema, objectId)));
    if (right === "viewResults" && visible) return null;
    return forbidden(visible ? rule.denied(right) : rule.denied("viewResults"));
  }
  if (rule.hiddenUnlessViewable && !canInUnit(a, rule.viewRight ?? "viewResults", unitId)) return notFound(rule.notFound);
  return forbidden(rule.denied(right));
}

/** Throws the refusal ("not found" or "forbidden") unless the caller may use the right on the object. */
export async function requireOnObject(ctx: DomainContext, right: Right, type: AccessObject, objectId: string): Promise<void> {
  const refusal = await refusalOnObject(ctx, right, type, objectId);
  if (refusal) throw refusal;
}

// ---- lists and own rows -------------------------------------------------------------------------

// The units each list right reaches, per request (the shield's rule computes it, the domain's list filter reuses it).
const listedSlot = memoSlot("listed units", () => new Map<Right, Promise<Set<string>>>());

/**
 * The units whose rows a list shows the caller: where they hold the right (a role there or above,
 * or organisation admin). A member without the right anywhere gets an empty list, not a refusal.
 */
export function listedUnits(ctx: DomainContext, right: Right): Promise<Set<string>> {
  const memo = perRequest(ctx, listedSlot);
  let units = memo.get(right);
  if (!units) {
    memo.set(right, (units = loadAccess(ctx).then((a) => unitsWithRight(a, right))));
    units.catch(() => memo.delete(right));
  }
  return units;
}

/** Rows that belong to one person (the shield's ownRow; each domain service reads them the same way). */
export type OwnedRow = "ApiKey" | "Bookmark" | "ShareLink" | "ExportJob";

/**
 * Whether the row is the caller's own, in their current organisation (tenantDb): their API key,
 * bookmark or export job; their share link, or any of the organisation's for an organisation admin.
 */
export async function ownsRow(ctx: DomainContext, kind: OwnedRow, rowId: string): Promise<boolean> {
  const viewer = requireViewer(ctx.viewer);
  if (!viewer.organizationId || !/^[0-9a-f]{24}$/.test(rowId)) return false;
  const db = tenantDb(ctx);
  const id = rowId;
  const userId = viewer.userId;
  switch (kind) {
    case "ApiKey":
      return !!(await db.apiKey.findFirst({ where: { id, userId }, select: { id: true } }));
    case "Bookmark":
      return !!(await db.bookmark.findFirst({ where: { id, userId }, select: { id: true } }));
    case "ShareLink":
      return !!(await db.shareToken.findFirst({ where: viewer.organizationAdmin ? { id } : { id, createdByUserId: userId }, select: { id: true } }));
    case "ExportJob":
      return !!(await db.exportJob.findFirst({ where: { id, userId, shareTokenId: null }, select: { id: true } }));
  }
}

// ---- node(id) and nodes(ids) -------------------------------------------------------------------

/**
 * Reading an object through Relay's node(id): the same rule as the type's own query. Touchpoints
 * need viewResults in their unit (as Query.touchpoint), surveys are seen as Query.survey sees them,
 * invites need manageUsers in their unit (as Query.invite). The other types are scoped by their
 * lookup (the caller's organisation, own API keys) and by their type's rule in the shield map.
 */
export async function nodeRefusal(ctx: DomainContext, typename: string, objectId: string): Promise<DomainError | null> {
  switch (typename) {
    case "Touchpoint":
      return refusalOnObject(ctx, "viewResults", "Touchpoint", objectId);
    case "Survey":
      return refusalOnObject(ctx, "viewResults", "Survey", objectId);
    case "Invite":
      return refusalOnObject(ctx, "manageUsers", "Invite", objectId);
    default:
      return null;
  }
}
