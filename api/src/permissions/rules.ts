// Shield rules: small named predicates over the caller. Each asks the access layer (access.ts) or
// the per-unit checks of rights.ts, the same functions the domain services ask, so a GraphQL call is
// refused with the very error its resolver would raise (REST runs only the domain's checks).
import { rule } from "graphql-shield";
import { GraphQLError } from "graphql";
import { decodeGlobalID } from "@pothos/plugin-relay";
import type { GraphQLContext } from "../schema/builder.js";
import { anyUnitHasRight, type Right } from "./rights.js";
import {
  canInUnit,
  canSomewhere,
  dbOf,
  grantRefusal,
  loadAccess,
  memberChangeRefusal,
  refusalOnObject,
  teamRefusal,
  teamReplacementRefusal,
  unitOf,
  unitsATeamChangeNeeds,
  type Access,
  type AccessObject,
  type GrantRequest,
  listedUnits,
  ownsRow,
  type OwnedRow,
} from "./access.js";
import { maySeeSurvey } from "../domain/surveys/surveys.js";
import { presentedShareToken, shareLinkOf, shareTokenOf } from "../domain/results-scope/caller.js";
import { DomainError } from "../domain/errors.js";
import { listWithRight } from "../domain/campaigns/contacts/lists.js";

/**
 * The cache key of the rules that read only their field's arguments (and the context): the
 * arguments themselves. Shield's "strict" cache hashed the parent object too (object-hash, per
 * field and per event): in a subscription that is every event's payload, for every subscriber, and
 * it was the largest cost of a live count's fan-out (docs/decisions.md "Live counts at scale").
 * Arguments are plain JSON values from the document and its variables, in the document's order.
 */
function byArgs(_parent: unknown, args: Record<string, unknown>): string {
  return JSON.stringify(args);
}

const notLoggedIn = () => new GraphQLError("Not logged in", { extensions: { code: "UNAUTHENTICATED" } });
export const noRights = (message = "You do not have the rights to do this") => new GraphQLError(message, { extensions: { code: "FORBIDDEN" } });

export const isAuthenticated = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => (ctx.viewer ? true : notLoggedIn()));

/** Signed in and working in an organisation. */
export const isMember = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  return ctx.viewer.organizationId ? true : noRights("No organization found");
});

/** The parent object is the viewer's current organisation (not merely one they belong to). */
// "no_cache": shield's strict cache hashes the parent row, which fails on Prisma's Decimal values
// (and a failing rule reads as a denial), so parent-dependent rules are not cached.
export const isCurrentOrganization = rule({ cache: "no_cache" })((parent: { id: string }, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  return parent.id === ctx.viewer.organizationId ? true : noRights();
});

/** Manages users somewhere: organisation admin, system admin or admin role (manageUsers) in a unit. */
export const mayManageUsers = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  if (!ctx.viewer.organizationId) return noRights("No organization found");
  const v = ctx.viewer;
  return v.organizationAdmin || v.systemAdmin || anyUnitHasRight(v.grants, "manageUsers") ? true : noRights("You do not have the rights to manage users");
});

/** The parent Survey (or a Question's survey) is one the caller sees (domain/surveys: viewResults in its unit, or responses there). */
export const maySeeParentSurvey = rule({ cache: "no_cache" })(async (parent: { id: string; surveyId?: string }, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  return (await maySeeSurvey(ctx, parent.surveyId ?? parent.id)) ? true : noRights("You do not have the rights to view this survey");
});

/**
 * A share link's token (the `shareToken` argument or the X-Share-Token header) that opens a link now.
 * The lookup is the request's own (domain/results-scope/caller.ts): the resolver reads the same link.
 */
async function validShareLink(token: string | null | undefined, ctx: GraphQLContext): Promise<true | GraphQLError> {
  try {
    await shareLinkOf(ctx, token ?? "");
    return true;
  } catch (error) {
    if (error instanceof DomainError) return new GraphQLError(error.message, { extensions: { code: error.code } });
    throw error;
  }
}

/** Anyone holding a valid share link (signed in or not): e.g. a link's defaults. */
export const hasShareLink = rule({ cache: byArgs })((_p, args: { shareToken?: string | null }, ctx: GraphQLContext) =>
  validShareLink(presentedShareToken(ctx, args?.shareToken), ctx),
);

/**
 * A member; or, without a session, a valid share link's token (argument `shareToken` or the
 * X-Share-Token header). Anonymous callers without a valid token are refused before any resolver.
 */
export const isMemberOrShareLink = rule({ cache: byArgs })((_p, args: { shareToken?: string | null }, ctx: GraphQLContext) => {
  if (ctx.viewer) return ctx.viewer.organizationId ? true : noRights("No organization found");
  const token = shareTokenOf(ctx, args?.shareToken);
  if (!token) return notLoggedIn();
  return validShareLink(token, ctx);
});

// ---- rules of the access layer ---------------------------------------------------------------

function asGraphQLError(error: DomainError): GraphQLError {
  return new GraphQLError(error.message, { extensions: { code: error.code, ...(error.field ? { field: error.field } : {}) } });
}

/** Runs an access check; a domain refusal becomes the same GraphQL error the resolver would raise. */
async function decide(check: () => Promise<DomainError | null | undefined>): Promise<true | GraphQLError> {
  try {
    const refusal = await check();
    return refusal ? asGraphQLError(refusal) : true;
  } catch (error) {
    if (error instanceof DomainError) return asGraphQLError(error);
    throw error;
  }
}

function memberOrRefusal(ctx: GraphQLContext): true | GraphQLError {
  if (!ctx.viewer) return notLoggedIn();
  return ctx.viewer.organizationId ? true : noRights("No organization found");
}

/** An object's id as an argument carries it: the 24-hex id, or a global id of it. */
export function objectIdOf(raw: unknown): string {
  const id = typeof raw === "string" ? raw : "";
  if (/^[0-9a-f]{24}$/.test(id)) return id;
  try {
    return decodeGlobalID(id).id;
  } catch {
    return id; // malformed: the access layer answers the input error
  }
}

/** A field's arguments as a rule reads them (an `input` object carries the ids of some mutations). */
type Args = { [name: string]: unknown; input?: { id?: unknown; unitId?: unknown } | null };

/** The right on the object an argument names (access.ts refusalOnObject): e.g. editTouchpoints on that touchpoint. */
export function mayOn(type: AccessObject, right: Right, idOf: (args: Args) => unknown) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    const raw = idOf(args);
    // Another type's global id: the argument's own decoding (Pothos globalID) refuses it as bad input
    // before the resolver reads anything, with the message that names the expected type.
    const named = globalIdType(raw);
    if (named !== null && named !== type) return true;
    return decide(() => refusalOnObject(ctx, right, type, objectIdOf(raw)));
  });
}

/** A global id of a type other than the one expected. */
function namesAnotherType(raw: unknown, type: string): boolean {
  const named = globalIdType(raw);
  return named !== null && named !== type;
}

/** The type a global id names, or null for a 24-hex id or something that is no global id. */
function globalIdType(raw: unknown): string | null {
  if (typeof raw !== "string" || /^[0-9a-f]{24}$/.test(raw)) return null;
  try {
    return decodeGlobalID(raw).typename;
  } catch {
    return null;
  }
}

/**
 * The right on the touchpoint that owns the contact list an argument names (a list the caller may
 * not see, of another organisation or that does not exist: "Contact list not found").
 */
export function mayOnContactList(right: "viewResults" | "editTouchpoints", idOf: (args: Args) => unknown = (a) => a.id) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    const raw = idOf(args);
    const named = globalIdType(raw);
    if (named !== null && named !== "ContactList") return true; // the argument's own decoding refuses it
    return decide(async () => {
      await listWithRight(ctx, objectIdOf(raw), right);
      return null;
    });
  });
}

export const mayOnTouchpoint = (right: Right, idOf: (args: Args) => unknown = (a) => a.id) => mayOn("Touchpoint", right, idOf);
export const mayOnSurvey = (right: Right, idOf: (args: Args) => unknown = (a) => a.id) => mayOn("Survey", right, idOf);
export const mayOnResponse = (right: Right, idOf: (args: Args) => unknown = (a) => a.responseId) => mayOn("Response", right, idOf);

/** The right in the unit an argument names; without one (the domain picks a default), in some unit. */
export function mayInUnit(right: Right, unitIdOf: (args: Args) => unknown, refusal: () => DomainError) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    return decide(async () => {
      const a = await loadAccess(ctx);
      const unitId = unitIdOf(args);
      if (typeof unitId === "string" && unitId !== "") {
        return canInUnit(a, right, unitOf(a, objectIdOf(unitId)).id) ? null : refusal();
      }
      return canSomewhere(a, right) ? null : refusal();
    });
  });
}

/** The right in at least one unit (organisation admins: always); the domain bounds the rest to those units. */
export function mayAnywhere(right: Right, message?: string) {
  return rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    return decide(async () =>
      canSomewhere(await loadAccess(ctx), right) ? null : new DomainError("FORBIDDEN", message ?? "You do not have the rights to do this"),
    );
  });
}

/**
 * A list of the rows of units where the caller holds the right (e.g. touchpoints of units where they
 * view results). Any member passes (without the right anywhere the list is empty); the rule works
 * out those units (access.ts listedUnits) and the domain's list filter reuses them in the request.
 */
const listedWhereRules = new Map<Right, ReturnType<ReturnType<typeof rule>>>();
export function listedWhere(right: Right) {
  let listed = listedWhereRules.get(right);
  if (!listed) {
    listed = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
      const member = memberOrRefusal(ctx);
      if (member !== true) return member;
      return decide(async () => {
        await listedUnits(ctx, right);
        return null;
      });
    });
    listedWhereRules.set(right, listed);
  }
  return listed;
}

/**
 * The row the argument names is the caller's own (access.ts ownsRow): their API key, bookmark, export
 * job, or share link (any of the organisation's for an organisation admin). Anything else is "not
 * found" with the row's own message, as the domain says it.
 */
export function ownRow(kind: OwnedRow, notFoundMessage: string, idOf: (args: Args) => unknown = (a) => a.id) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    // A caller signed in with an API key is refused by the domain with its own message.
    if (kind === "ApiKey" && ctx.viewer!.authenticatedBy === "apiKey") return true;
    const raw = idOf(args);
    const named = globalIdType(raw);
    if (named !== null && named !== kind) return true; // the argument's own decoding refuses it
    return decide(async () => ((await ownsRow(ctx, kind, objectIdOf(raw))) ? null : new DomainError("NOT_FOUND", notFoundMessage)));
  });
}

/** Organisation admin of the current organisation (system admins pass here; the domain may still refuse them). */
export const isOrganizationAdminHere = (message = "Only an organisation admin can do this") =>
  rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    return ctx.viewer!.organizationAdmin || ctx.viewer!.systemAdmin ? true : noRights(message);
  });

/** Creating surveys: the membership's "may create surveys" flag, or organisation admin (then editSurveys in the target unit). */
export const mayCreateSurveys = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
  const member = memberOrRefusal(ctx);
  if (member !== true) return member;
  return ctx.viewer!.organizationAdmin || ctx.viewer!.systemAdmin || ctx.viewer!.mayCreateSurveys
    ? true
    : noRights("You do not have the rights to create surveys");
});

/** A change of the team tree: manageTeams where access.ts unitsATeamChangeNeeds says. */
export function mayChangeTeams<A extends object>(change: (args: A) => Parameters<typeof unitsATeamChangeNeeds>[1]) {
  return rule({ cache: byArgs })((_p, args: A, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    return decide(async () => {
      const a: Access = await loadAccess(ctx);
      for (const unitId of unitsATeamChangeNeeds(a, change(args))) {
        const refusal = teamRefusal(a, unitId);
        if (refusal) return refusal;
      }
      return null;
    });
  });
}

// ---- user management (access.ts: grantRefusal, memberChangeRefusal, teamReplacementRefusal) ----

/** Giving a role in a unit (inviting, adding a user): manageUsers there; admin flags and "may create surveys" as the caller may grant them. */
export function mayGrant(grantOf: (args: Args) => Partial<Record<keyof GrantRequest, unknown>> | null | undefined) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    const g = grantOf(args) ?? {};
    if (namesAnotherType(g.unitId, "Unit")) return true; // the argument's own decoding refuses it
    return decide(async () =>
      grantRefusal(await loadAccess(ctx), {
        unitId: objectIdOf(g.unitId),
        organizationAdmin: g.organizationAdmin === true,
        billingAdmin: g.billingAdmin === true,
        mayCreateSurveys: g.mayCreateSurveys === true,
      }),
    );
  });
}

/** Changing (or removing) a member in a unit: manageUsers there; the organisation and billing admin flags as an organisation admin. */
export function mayChangeMemberIn(changeOf: (args: Args) => { unitId: unknown; organizationAdmin?: unknown; billingAdmin?: unknown }) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    const c = changeOf(args);
    if (namesAnotherType(c.unitId, "Unit")) return true; // the argument's own decoding refuses it
    const flag = (v: unknown) => (typeof v === "boolean" ? v : null);
    return decide(async () =>
      memberChangeRefusal(await loadAccess(ctx), objectIdOf(c.unitId), { organizationAdmin: flag(c.organizationAdmin), billingAdmin: flag(c.billingAdmin) }),
    );
  });
}

/**
 * Replacing a member's teams: manageUsers somewhere and in every unit whose role changes (read
 * against the member's current roles). Someone who is not a member passes here: the domain answers
 * "User not found", as it does for everyone.
 */
export function mayReplaceTeams(replacementOf: (args: Args) => { userId: unknown; units: unknown }) {
  return rule({ cache: byArgs })((_p, args: Args, ctx: GraphQLContext) => {
    const member = memberOrRefusal(ctx);
    if (member !== true) return member;
    const r = replacementOf(args);
    const listed: { unitId?: unknown; role?: unknown }[] = Array.isArray(r.units) ? r.units : [];
    // Another type's global id: the argument's own decoding refuses it as bad input.
    if (namesAnotherType(r.userId, "User") || listed.some((u) => namesAnotherType(u?.unitId, "Unit"))) return true;
    const wanted = listed.map((u) => ({ unitId: objectIdOf(u?.unitId), role: String(u?.role ?? "") }));
    return decide(async () => {
      const a = await loadAccess(ctx);
      if (!canSomewhere(a, "manageUsers")) return teamReplacementRefusal(a, [], []);
      const userId = objectIdOf(r.userId);
      if (!/^[0-9a-f]{24}$/.test(userId)) return null; // the argument's own decoding refuses it
      const db = dbOf(ctx, a);
      if (!(await db.membership.findFirst({ where: { userId }, select: { id: true } }))) return null;
      const current = await db.unitRole.findMany({ where: { userId }, select: { unitId: true, role: true } });
      return teamReplacementRefusal(a, current, wanted);
    });
  });
}
