// The dashboard lock, enforced by the server (spec 000 §4 "account locked", §6, §8): while the
// caller's current organisation is locked (domain/billing/account-state.ts `dashboardLockedOf`: an
// unpaid subscription, an ended one, a trial over without one, an incomplete payment after the trial),
// every call of the dashboard refuses with spec 000 §8's "Account locked because the subscription is
// not up to date", except what the settings area needs, above all what gets the account unlocked
// (the current user, billing, cards, invoices and paying them, appointing a billing admin, switching
// organisation). System admins, and a system admin impersonating someone, are never locked.
//
// One place: GraphQL through every root field's rule (requireUnlockedDashboard below, with the
// subscription guard), REST through the router (rest/v5/route.ts). The organisation's state is read
// once per request (the request memo). Respondents (rest/public) carry no viewer and follow their own
// rule: the unpaid countdown closes the surveys (domain/respondent/definition.ts). docs/billing.md
// "The dashboard lock on the server" lists the calls left open.
import { chain, rule, type IRule } from "graphql-shield";
import { GraphQLError } from "graphql";
import { decodeGlobalID } from "@pothos/plugin-relay";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "../schema/builder.js";
import type { DomainContext } from "../domain/context.js";
import type { Viewer } from "../domain/viewer.js";
import { forbidden } from "../domain/errors.js";
import { memoSlot, perRequest } from "../domain/request-memo.js";
import { accountMessages, dashboardLockedOf } from "../domain/billing/account-state.js";
import { rootFieldNames } from "./unverified.js";

export const accountLockedMessage = accountMessages.accountLocked;
export const accountLocked = () => forbidden(accountLockedMessage);

/** System admins (and a system admin impersonating a user) are exempt; so is a caller without an organisation. */
export function exemptFromLock(viewer: Viewer | null | undefined): boolean {
  return !viewer?.organizationId || viewer.systemAdmin || !!viewer.impersonatedBy;
}

type LockRow = { dashboardLocked: boolean; billingStatus: string; trialUntil: Date | null; paymentFailedAt: Date | null };

const readLockRow = (prisma: DomainContext["prisma"], organizationId: string) =>
  prisma.$queryRawUnsafe<LockRow[]>(
    `select o."dashboardLocked", o."billingStatus", o."trialUntil", s."paymentFailedAt"
       from "Organization" o left join "Subscription" s on s."organizationId" = o.id
      where o.id = $1`,
    organizationId,
  );

const lockedOfRow = (row: LockRow | undefined, config: DomainContext["config"], now: Date) =>
  row
    ? dashboardLockedOf({
        storedLock: row.dashboardLocked,
        providerConfigured: Boolean(config.stripe.secretKey),
        status: row.billingStatus,
        trialUntil: row.trialUntil,
        paymentFailedAt: row.paymentFailedAt,
        now,
      })
    : false;

const lockSlot = memoSlot<{ locked?: Promise<boolean> }>("dashboard lock", () => ({}));

/** Whether the caller's dashboard is locked; read once per request. `now` for tests. */
export function dashboardLocked(ctx: Pick<DomainContext, "viewer" | "prisma" | "config" | "memo" | "accessData">, now = new Date()): Promise<boolean> {
  const viewer = ctx.viewer;
  if (exemptFromLock(viewer)) return Promise.resolve(false);
  const memo = perRequest(ctx, lockSlot);
  if (!memo.locked) {
    const organizationId = viewer!.organizationId!;
    const read = () => readLockRow(ctx.prisma, organizationId);
    // The row is kept with the caller's access data (auth/access-cache.ts: a change of the
    // organisation or its subscription drops it); the clock-dependent part is decided here each time.
    const rows = ctx.accessData ? ctx.accessData.memo(`dashboardLock:${organizationId}`, read) : read();
    memo.locked = Promise.resolve(rows).then(([row]) => lockedOfRow(row, ctx.config, now));
    // a failed read is not kept: the next check asks again
    memo.locked.catch(() => {
      memo.locked = undefined;
    });
  }
  return memo.locked;
}

// ---- Share links --------------------------------------------------------------------------------

/**
 * What a share link's visitor (results, a customer journey, their exports and PDF printing) is told
 * while the link's organisation is locked. Not the organisation's billing state: that is shown to its
 * admins only (spec 000 §6), and a visitor is not a member.
 */
export const shareLinkLockedMessage = "This share link is not available at the moment: please contact the organisation that shared it";

/**
 * A locked organisation's results and customer-journey share links close with its dashboard
 * (docs/billing.md "Share links of a locked organisation"): they read the dashboard's results, which
 * the lock withholds from everyone but system admins (spec 000 §2, §4). The invoice PDF page
 * (`GET /subscription/invoices/{id}?token=`) and invitation acceptance stay open: they belong to
 * billing and the settings area, which stay open when locked. Called by the one lookup of a link per
 * request (domain/results-scope/caller.ts `shareLinkOf`) and by exports run later for a link.
 */
export async function requireShareLinkOpen(ctx: Pick<DomainContext, "prisma" | "config">, organizationId: string, now = new Date()): Promise<void> {
  const [row] = await readLockRow(ctx.prisma, organizationId);
  if (lockedOfRow(row, ctx.config, now)) throw forbidden(shareLinkLockedMessage);
}

/** Throws "account locked" when the caller's dashboard is locked. */
export async function requireUnlocked(ctx: DomainContext): Promise<void> {
  if (await dashboardLocked(ctx)) throw accountLocked();
}

// ---- REST ---------------------------------------------------------------------------------------

/**
 * The REST calls ("METHOD /path" of the route definitions) a locked organisation's members may still
 * make: the session and the settings area (profile, API keys listed and revoked, teams, users and
 * invitations, the organisation's settings) and all of subscription and money. Calls without a
 * bearer token (signup, invitations by token, the invoice PDF's query token) carry no viewer and are
 * not locked.
 */
export const restOpenWhenLocked: ReadonlySet<string> = new Set([
  // session and user
  "GET /user",
  "GET /user/profile",
  "PUT /user/profile",
  "POST /user/change-organization",
  "POST /user/impersonate",
  "DELETE /user/impersonate",
  "PUT /user/tutorials",
  "GET /location",
  "GET /user/api-keys",
  "POST /user/api-keys/{id}/revoke",
  // subscription and money: what unlocks the account
  "GET /stripe/setup-intent",
  "GET /subscription",
  "POST /subscription",
  "GET /subscription/details",
  "PUT /subscription/details",
  "GET /subscription/card/setup-intent",
  "GET /subscription/card",
  "POST /subscription/card",
  "DELETE /subscription/card/{id}",
  "GET /subscription/tax-rate",
  "GET /subscription/invoices",
  "POST /subscription/invoices/pay",
  "GET /subscription/invoices/{id}",
  "POST /sms-topup",
  "GET /sms-history",
  // the settings area: organisation settings, teams, users and invitations (a billing admin can be appointed)
  "GET /organization",
  "PUT /organization",
  "GET /organization/logo",
  "POST /organization/logo",
  "DELETE /organization/logo",
  "GET /users/emails",
  "GET /units/tree",
  "GET /units/tree/users",
  "POST /units/tree",
  "GET /organizations/{id}/unit-tree",
  "GET /organizations/{id}/users",
  "GET /users/{id}",
  "PUT /users/{id}/modify-team",
  "PUT /units/{unitId}/{userId}",
  "DELETE /units/{unitId}/{userId}",
  "POST /users/create",
  "PUT /users/billing-admin",
  "POST /invite-user",
  "GET /user-invites",
  "POST /invite-user/{id}/resend",
  "DELETE /invite-user/{id}",
  "GET /user-invite",
  "POST /user-invite",
  "POST /user-invite/new-user",
]);

// ---- GraphQL ------------------------------------------------------------------------------------

/** The GraphQL root fields a locked organisation's members may still use: the same settings area. */
export const graphqlOpenWhenLocked: Readonly<Record<"Query" | "Mutation" | "Subscription", readonly string[]>> = {
  Query: ["viewer", "node", "nodes", "members", "member", "invites", "invite", "invitation", "unitTree"],
  Mutation: [
    "updateProfile",
    "changeOrganization",
    "revokeApiKey",
    "updateOrganizationSettings",
    "inviteUser",
    "resendInvite",
    "deleteInvite",
    "acceptInvitation",
    "acceptInvitationAsNewUser",
    "updateMember",
    "removeMemberFromUnit",
    "modifyTeam",
    "setBillingAdmin",
    "createUser",
    "createUnit",
    "updateUnit",
    "deleteUnit",
    "setRestrictSummaryToTeam",
  ],
  Subscription: ["userUpdated"],
};

/** The object types node(id) and nodes(ids) may still read when locked: the settings area's. */
export const nodeTypesOpenWhenLocked: ReadonlySet<string> = new Set(["Unit", "Organization", "User", "Member", "Invite", "ApiKey"]);

const lockedError = () => new GraphQLError(accountLockedMessage, { extensions: { code: "FORBIDDEN" } });

const notLocked = rule({ cache: "contextual" })(async (_p, _a, ctx: GraphQLContext) => ((await dashboardLocked(ctx)) ? lockedError() : true));

const typenameOf = (raw: unknown): string | null => {
  try {
    return typeof raw === "string" ? decodeGlobalID(raw).typename : null;
  } catch {
    return null;
  }
};

/** node(id) and nodes(ids) when locked: only objects of the settings area. */
const nodeNotLocked = rule({ cache: "strict" })(async (_p, args: { id?: unknown; ids?: unknown }, ctx: GraphQLContext) => {
  if (!(await dashboardLocked(ctx))) return true;
  const ids = Array.isArray(args.ids) ? args.ids : [args.id];
  return ids.every((id) => nodeTypesOpenWhenLocked.has(typenameOf(id) ?? "")) ? true : lockedError();
});

type ShieldRule = IRule | ReturnType<typeof chain>;
type RuleMap = Record<string, ShieldRule | Record<string, ShieldRule>>;

/** The permission map with every root field's rule preceded by the lock check (bar the lists above). */
export function requireUnlockedDashboard<T extends RuleMap>(map: T): T {
  const out: RuleMap = { ...map };
  for (const root of ["Query", "Mutation", "Subscription"] as const) {
    const fields = map[root] as Record<string, ShieldRule> | undefined;
    if (!fields) continue;
    const open = new Set(graphqlOpenWhenLocked[root]);
    out[root] = Object.fromEntries(
      Object.entries(fields).map(([name, fieldRule]) => {
        if (root === "Query" && (name === "node" || name === "nodes")) return [name, chain(nodeNotLocked, fieldRule)];
        return [name, open.has(name) ? fieldRule : chain(notLocked, fieldRule)];
      }),
    );
  }
  return out as T;
}

/**
 * Subscriptions: shield's rules run per event, so the refusal is given when one is opened (HTTP/SSE
 * and WebSocket alike), before anything listens.
 */
export function lockedSubscriptionGuard(): Plugin<GraphQLContext> {
  const open = new Set(graphqlOpenWhenLocked.Subscription);
  return {
    async onSubscribe({ args, setResultAndStopExecution }) {
      if (exemptFromLock(args.contextValue.viewer)) return;
      if (rootFieldNames(args.document, args.operationName).every((name) => open.has(name) || name === "__typename")) return;
      if (await dashboardLocked(args.contextValue)) setResultAndStopExecution({ errors: [lockedError()] });
    },
  };
}
