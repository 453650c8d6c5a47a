// The current user (spec 000 §3 "Current user"): one read that both GraphQL's `viewer` and REST's
// GET /user shape for their callers.
import type { DomainContext } from "../context.js";
import { requireViewer, type Viewer } from "../viewer.js";
import { accountState, dashboardLockedOf } from "../billing/account-state.js";
import { unauthenticated } from "../errors.js";
import { queryPrepared } from "../../db/client.js";
import { rightsMap, viewerOnly, type Right, type Role } from "../../permissions/rights.js";

export type UnitTreeNode = { id: string; name: string; role: Role | null; children: UnitTreeNode[] };

export type CurrentUser = {
  user: {
    id: string;
    email: string;
    displayName: string;
    locale: "en" | "es" | "fi" | "se";
    receiveDigest: boolean;
    systemAdmin: boolean;
    countryCode: string | null;
    tutorialsSeen: string[];
    signupStatus: { status: "complete" | "emailVerification" | "detailsRequired"; token: string | null };
  };
  organization: {
    id: string;
    name: string;
    segment: string;
    countryCode: string;
    currency: string;
    availableFeatures: string[];
    satisfactionScale: { enabled: boolean; min: number; max: number };
    /**
     * The organisation's customer at the payment provider (Subscription.stripeCustomerId, set when
     * billing creates it); only for organisation and billing admins (spec 000 §6: billing details
     * are shown to admins), null for everyone else and while there is none.
     */
    stripeCustomerId: string | null;
  } | null;
  availableOrganizations: { id: string; name: string }[];
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  isImpersonating: boolean;
  rolesPerUnit: { unitId: string; unitName: string; role: Role; rights: Record<Right, boolean> }[];
  viewerOnly: boolean;
  unitTree: UnitTreeNode[];
  deviceTree: { unitId: string; touchpoints: { id: string; name: string; type: string }[] }[];
  /** unpaidDaysLeft: days until the surveys stop collecting while an invoice is unpaid (domain/billing/account-state.ts) */
  subscriptionStatus: { billingStatus: string; dashboardLocked: boolean; trialDaysLeft: number | null; unpaidDaysLeft: number | null };
  userSeatsAvailable: number | null;
  onboarding: {
    createdSurvey: boolean;
    launchedSurvey: boolean;
    collectedResponses: boolean;
    analyzedResponses: boolean;
    progress: number;
  };
};

const dayMs = 86_400_000;

export function trialDaysLeft(trialUntil: Date | null, now = new Date()): number | null {
  if (!trialUntil) return null;
  return Math.ceil((trialUntil.getTime() - now.getTime()) / dayMs);
}

export function onboardingProgress(steps: boolean[]): number {
  return steps.filter(Boolean).length * 25;
}

type CurrentUserRow = {
  user: {
    id: string;
    email: string;
    displayName: string;
    locale: CurrentUser["user"]["locale"];
    receiveDigest: boolean;
    systemAdmin: boolean;
    countryCode: string | null;
    tutorialsSeen: string[];
    signupStatus: CurrentUser["user"]["signupStatus"]["status"];
    signupToken: string | null;
    onboardingCreatedSurvey: boolean;
    onboardingLaunchedSurvey: boolean;
    onboardingCollectedResponses: boolean;
    onboardingAnalyzedResponses: boolean;
  } | null;
  organizations: { id: string; name: string }[];
  organization: {
    id: string;
    name: string;
    segment: string;
    countryCode: string;
    currency: string;
    features: string[] | null;
    satisfactionScaleEnabled: boolean;
    satisfactionScaleMin: number;
    satisfactionScaleMax: number;
    billingStatus: string;
    dashboardLocked: boolean;
    /** ISO time: row_to_json renders timestamps as text */
    trialUntil: string | null;
    userSeats: number | null;
    stripeCustomerId: string | null;
    /** ISO time */
    paymentFailedAt: string | null;
  } | null;
  units: { id: string; name: string; parentId: string | null }[];
  touchpoints: { id: string; name: string; type: string; unitId: string }[];
  seatsInUse: number;
};

// One statement: the user, their organisations, the current organisation with its plan's
// features, its unit tree, the touchpoints of the user's units and the member count.
const currentUserSql = `
  select
    (select row_to_json(x) from (
       select id, email, "displayName", locale, "receiveDigest", "systemAdmin", "countryCode", coalesce("tutorialsSeen", '{}') as "tutorialsSeen",
              "signupStatus", "signupToken", "onboardingCreatedSurvey", "onboardingLaunchedSurvey",
              "onboardingCollectedResponses", "onboardingAnalyzedResponses"
       from "User" where id = $1::varchar) x) as "user",
    coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by m."createdAt")
              from "Membership" m join "Organization" o on o.id = m."organizationId"
              where m."userId" = $1::varchar), '[]') as organizations,
    (select row_to_json(x) from (
       select o.id, o.name, o.segment, o."countryCode", o.currency, f.features, o."satisfactionScaleEnabled",
              o."satisfactionScaleMin", o."satisfactionScaleMax", o."billingStatus", o."dashboardLocked",
              o."trialUntil", o."userSeats", s."stripeCustomerId", s."paymentFailedAt"
       from "Organization" o left join "FeatureSet" f on f.id = o."featureSetId"
            left join "Subscription" s on s."organizationId" = o.id
       where o.id = $2::varchar) x) as organization,
    coalesce((select json_agg(json_build_object('id', id, 'name', name, 'parentId', "parentId") order by name)
              from "Unit" where "organizationId" = $2::varchar), '[]') as units,
    coalesce((select json_agg(json_build_object('id', id, 'name', name, 'type', type, 'unitId', "unitId") order by name)
              from "Touchpoint"
              where "organizationId" = $2::varchar and "unitId" = any($3::varchar[]) and not deleted), '[]') as touchpoints,
    -- Seats in use as the seat limit counts them (domain/user-management/seats.ts): members plus
    -- the pending, unexpired invitations of people who are not members yet.
    ((select count(*)::int from "Membership" where "organizationId" = $2::varchar)
     + (select count(distinct i.email)::int from "Invite" i
        where i."organizationId" = $2::varchar and i."acceptedAt" is null and i."deletedAt" is null
          and i."expiresAt" > now()
          and not exists (select 1 from "Membership" mm join "User" uu on uu.id = mm."userId"
                          where mm."organizationId" = $2::varchar and uu.email = i.email))) as "seatsInUse"`;

/**
 * What a row and its viewer make of the current user, without what depends on the clock (the
 * subscription's countdowns and lock): kept per row (a cached row is the same object on each request
 * of its credential, auth/access-cache.ts), so a warm request does not build the trees again.
 */
type Shaped = {
  viewer: Viewer;
  stripeConfigured: boolean;
  user: Omit<CurrentUser, "subscriptionStatus">;
  organization: ReturnType<typeof organizationOf>;
};
const shapedRows = new WeakMap<CurrentUserRow, Shaped>();

function organizationOf(row: CurrentUserRow) {
  return (
    row.organization && {
      ...row.organization,
      trialUntil: row.organization.trialUntil ? new Date(row.organization.trialUntil) : null,
      paymentFailedAt: row.organization.paymentFailedAt ? new Date(row.organization.paymentFailedAt) : null,
    }
  );
}

function shape(row: CurrentUserRow, user: NonNullable<CurrentUserRow["user"]>, viewer: Viewer): Omit<CurrentUser, "subscriptionStatus"> {
  const { units, touchpoints, seatsInUse } = row;
  const organization = row.organization;
  const memberships = row.organizations.map((organization) => ({ organization }));
  const roleOfUnit = new Map(viewer.grants.map((g) => [g.unitId, g.role]));
  const nameOfUnit = new Map(units.map((u) => [u.id, u.name]));
  const childrenOf = new Map<string | null, typeof units>();
  for (const unit of units) {
    const list = childrenOf.get(unit.parentId) ?? [];
    list.push(unit);
    childrenOf.set(unit.parentId, list);
  }
  const build = (parentId: string | null): UnitTreeNode[] =>
    (childrenOf.get(parentId) ?? []).map((u) => ({
      id: u.id,
      name: u.name,
      role: roleOfUnit.get(u.id) ?? null,
      children: build(u.id),
    }));

  const deviceTree = new Map<string, { id: string; name: string; type: string }[]>();
  for (const t of touchpoints) {
    const list = deviceTree.get(t.unitId) ?? [];
    list.push({ id: t.id, name: t.name, type: t.type });
    deviceTree.set(t.unitId, list);
  }

  const steps = [user.onboardingCreatedSurvey, user.onboardingLaunchedSurvey, user.onboardingCollectedResponses, user.onboardingAnalyzedResponses];

  return {
    user: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      locale: user.locale,
      receiveDigest: user.receiveDigest,
      systemAdmin: user.systemAdmin,
      countryCode: user.countryCode ?? organization?.countryCode ?? null,
      tutorialsSeen: user.tutorialsSeen,
      signupStatus: { status: user.signupStatus, token: user.signupToken },
    },
    organization: organization && {
      id: organization.id,
      name: organization.name,
      segment: organization.segment,
      countryCode: organization.countryCode,
      currency: organization.currency,
      availableFeatures: organization.features ?? [],
      satisfactionScale: {
        enabled: organization.satisfactionScaleEnabled,
        min: organization.satisfactionScaleMin,
        max: organization.satisfactionScaleMax,
      },
      stripeCustomerId: viewer.organizationAdmin || viewer.billingAdmin ? (organization.stripeCustomerId ?? null) : null,
    },
    // A system admin working in an organisation they are no member of (switched to it from the
    // super-admin area) finds it in the switcher too.
    availableOrganizations: [
      ...memberships.map((m) => ({ id: m.organization.id, name: m.organization.name })),
      ...(organization && !memberships.some((m) => m.organization.id === organization.id) ? [{ id: organization.id, name: organization.name }] : []),
    ],
    organizationAdmin: viewer.organizationAdmin,
    billingAdmin: viewer.billingAdmin,
    mayCreateSurveys: viewer.mayCreateSurveys,
    isImpersonating: Boolean(viewer.impersonatedBy),
    rolesPerUnit: viewer.grants.map((g) => ({
      unitId: g.unitId,
      unitName: nameOfUnit.get(g.unitId) ?? "",
      role: g.role,
      rights: rightsMap(g.role),
    })),
    viewerOnly: viewerOnly(viewer.grants, { organizationAdmin: viewer.organizationAdmin }),
    unitTree: build(null),
    deviceTree: [...deviceTree].map(([unitId, list]) => ({ unitId, touchpoints: list })),
    userSeatsAvailable: organization?.userSeats == null ? null : Math.max(0, organization.userSeats - seatsInUse),
    onboarding: {
      createdSurvey: steps[0]!,
      launchedSurvey: steps[1]!,
      collectedResponses: steps[2]!,
      analyzedResponses: steps[3]!,
      progress: onboardingProgress(steps),
    },
  };
}

async function readCurrentUser(ctx: DomainContext, params: readonly [string, string | null, string[]]): Promise<CurrentUserRow | undefined> {
  return (await queryPrepared<CurrentUserRow>(ctx.prisma, "currentUser", currentUserSql, [...params]))[0];
}

function accountInputOf(o: NonNullable<ReturnType<typeof organizationOf>>, providerConfigured: boolean, now: Date) {
  return { providerConfigured, status: o.billingStatus, trialUntil: o.trialUntil, paymentFailedAt: o.paymentFailedAt, now };
}

/**
 * The current user of the context's viewer. Synchronous when the row is already kept with the
 * caller's credential (a warm request: no promise for GraphQL's executor to wait on).
 */
export function getCurrentUser(ctx: DomainContext): CurrentUser | Promise<CurrentUser> {
  const viewer = requireViewer(ctx.viewer);
  const params = [viewer.userId, viewer.organizationId, viewer.grants.map((g) => g.unitId)] as const;
  // Kept with the caller's credential (auth/access-cache.ts) and dropped on any change behind it;
  // keyed by what it was read for, so a context carrying another viewer never gets this one's.
  const row = ctx.accessData
    ? ctx.accessData.memo(`currentUser:${params[0]}:${params[1]}:${params[2].join(",")}`, () => readCurrentUser(ctx, params))
    : readCurrentUser(ctx, params);
  return row instanceof Promise ? row.then((r) => currentUserOf(ctx, viewer, r)) : currentUserOf(ctx, viewer, row);
}

function currentUserOf(ctx: DomainContext, viewer: Viewer, row: CurrentUserRow | undefined): CurrentUser {
  const user = row?.user;
  if (!row || !user) throw unauthenticated();
  const stripeConfigured = Boolean(ctx.config.stripe.secretKey);
  let shaped = shapedRows.get(row);
  // The same row shaped for another viewer object (or another configuration) is shaped again.
  if (!shaped || shaped.viewer !== viewer || shaped.stripeConfigured !== stripeConfigured) {
    shaped = { viewer, stripeConfigured, user: shape(row, user, viewer), organization: organizationOf(row) };
    shapedRows.set(row, shaped);
  }
  // The account state (domain/billing/account-state.ts): locks and countdowns that depend on the clock.
  const organization = shaped.organization;
  const now = new Date();
  const input = organization && accountInputOf(organization, stripeConfigured, now);
  const account = input && accountState(input);
  return {
    ...shaped.user,
    subscriptionStatus: {
      billingStatus: organization?.billingStatus ?? "inactive",
      // The stored lock (set from the payment provider's subscription status, domain/billing), or a
      // trial that ran out without a subscription while a payment provider is in use.
      dashboardLocked: organization && input ? dashboardLockedOf({ ...input, storedLock: organization.dashboardLocked }) : false,
      // Without a payment provider there is nothing to upgrade to: no trial countdown (every feature is on).
      trialDaysLeft: stripeConfigured ? trialDaysLeft(organization?.trialUntil ?? null, now) : null,
      unpaidDaysLeft: account?.unpaidDaysLeft ?? null,
    },
  };
}
