// Shield rules: small named predicates over the viewer. Each reads the per-unit checks in rights.ts.
import { rule } from "graphql-shield";
import { GraphQLError } from "graphql";
import type { GraphQLContext } from "../schema/builder.js";
import { adminInAnyUnit, anyUnitHasRight } from "./rights.js";
import { maySeeSurvey } from "../domain/surveys/surveys.js";
import { presentedShareToken, shareLinkOf, shareTokenOf } from "../domain/results-scope/caller.js";
import { DomainError } from "../domain/errors.js";

const notLoggedIn = () => new GraphQLError("Not logged in", { extensions: { code: "UNAUTHENTICATED" } });
export const noRights = (message = "You do not have the rights to do this") => new GraphQLError(message, { extensions: { code: "FORBIDDEN" } });

export const isAuthenticated = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => (ctx.viewer ? true : notLoggedIn()));

/** Signed in and working in an organisation. */
export const isMember = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  return ctx.viewer.organizationId ? true : noRights("No organization found");
});

export const isOrganizationAdmin = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  return ctx.viewer.organizationAdmin || adminInAnyUnit(ctx.viewer.grants) ? true : noRights();
});

export const isSystemAdmin = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) => {
  if (!ctx.viewer) return notLoggedIn();
  return ctx.viewer.systemAdmin ? true : noRights();
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
export const hasShareLink = rule({ cache: "strict" })((_p, args: { shareToken?: string | null }, ctx: GraphQLContext) =>
  validShareLink(presentedShareToken(ctx, args?.shareToken), ctx),
);

/**
 * A member; or, without a session, a valid share link's token (argument `shareToken` or the
 * X-Share-Token header). Anonymous callers without a valid token are refused before any resolver.
 */
export const isMemberOrShareLink = rule({ cache: "strict" })((_p, args: { shareToken?: string | null }, ctx: GraphQLContext) => {
  if (ctx.viewer) return ctx.viewer.organizationId ? true : noRights("No organization found");
  const token = shareTokenOf(ctx, args?.shareToken);
  if (!token) return notLoggedIn();
  return validShareLink(token, ctx);
});
