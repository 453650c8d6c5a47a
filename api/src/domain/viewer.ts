// The signed-in person as the domain sees them: their current organisation, organisation flags and
// roles per unit in that organisation. Loaded once per request; every tenancy check reads it.
import type { PrismaClient } from "../generated/prisma/client.js";
import { unauthenticated } from "./errors.js";
import { queryPrepared } from "../db/client.js";
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
  /** The available features of the current organisation's plan (spec 000 §6). */
  features: string[];
  /**
   * False while a self-signup's address waits for its verification link (signup status
   * emailVerification): the access layer then lets through only what the verify-email screen needs
   * (permissions/unverified.ts).
   */
  emailVerified: boolean;
  /** How the caller proved who they are. */
  authenticatedBy: "accessToken" | "apiKey";
  /**
   * Set while a system admin impersonates this user (spec 000 §4): the admin's user id. The viewer
   * is then the impersonated user in the organisation the admin chose (domain/users/impersonation.ts).
   */
  impersonatedBy?: string;
};

type ViewerRow = {
  id: string;
  email: string;
  systemAdmin: boolean;
  signupStatus: string;
  impersonatingUserId: string | null;
  organizationId: string | null;
  organizationAdmin: boolean | null;
  billingAdmin: boolean | null;
  mayCreateSurveys: boolean | null;
  features: string[] | null;
  grants: { unitId: string; role: Role }[];
};

// One statement per request: the user, the membership they work in (the current organisation,
// else the first they joined, or the one asked for), its unit roles and the plan's features.
const viewerSql = `
  with u as (
    select id, email, "systemAdmin", "signupStatus"::text as "signupStatus", "currentOrganizationId", "impersonatingUserId" from "User" where id = $1
  ), m as (
    select m."organizationId", m."organizationAdmin", m."billingAdmin", m."mayCreateSurveys"
    from (
      select m."organizationId", m."organizationAdmin", m."billingAdmin", m."mayCreateSurveys", m."createdAt"
      from "Membership" m join u on m."userId" = u.id
      where $2::varchar is null or m."organizationId" = $2::varchar
      union all
      -- a system admin switched (from the super-admin area) to an organisation they are no member of:
      -- they work there with the organisation admin's flags (domain/users/change-organization.ts);
      -- only signed in ($3): an API key acts only where its user is a member
      select o.id, true, true, true, o."createdAt"
      from "Organization" o join u on u."systemAdmin" and $3::boolean
      where o.id = coalesce($2::varchar, u."currentOrganizationId")
        and not exists (select 1 from "Membership" x where x."userId" = u.id and x."organizationId" = o.id)
    ) m join u on true
    order by (m."organizationId" = u."currentOrganizationId") desc nulls last, m."createdAt" asc
    limit 1
  )
  select u.id, u.email, u."systemAdmin", u."signupStatus", u."impersonatingUserId",
         m."organizationId", m."organizationAdmin", m."billingAdmin", m."mayCreateSurveys",
         (select f.features from "Organization" o join "FeatureSet" f on f.id = o."featureSetId"
           where o.id = m."organizationId") as features,
         coalesce((select json_agg(json_build_object('unitId', r."unitId", 'role', r.role))
                     from "UnitRole" r where r."userId" = u.id and r."organizationId" = m."organizationId"), '[]') as grants
  from u left join m on true`;

export type LoadedViewer = Viewer & {
  /** The user a system admin is impersonating, read with the viewer (domain/users/impersonation.ts). */
  impersonatingUserId: string | null;
};

/**
 * Loads the viewer for a user id, or null when the user does not exist. With `organizationId`
 * the viewer works in that organisation, and null is answered when the user is not a member there.
 */
export async function loadViewer(
  prisma: PrismaClient,
  userId: string,
  authenticatedBy: Viewer["authenticatedBy"],
  opts: { organizationId?: string } = {},
): Promise<LoadedViewer | null> {
  const [row] = await queryPrepared<ViewerRow>(prisma, "viewer", viewerSql, [userId, opts.organizationId ?? null, authenticatedBy === "accessToken"]);
  if (!row) return null;
  if (opts.organizationId && row.organizationId !== opts.organizationId) return null;
  return {
    userId: row.id,
    email: row.email,
    systemAdmin: row.systemAdmin,
    organizationId: row.organizationId,
    organizationAdmin: row.organizationAdmin ?? false,
    billingAdmin: row.billingAdmin ?? false,
    mayCreateSurveys: row.mayCreateSurveys ?? false,
    features: row.features ?? [],
    grants: row.grants,
    emailVerified: row.signupStatus !== "emailVerification",
    authenticatedBy,
    impersonatingUserId: row.impersonatingUserId,
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
