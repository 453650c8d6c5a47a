// Viewer: the signed-in person in their current organisation (the current user of spec 000 §3).
import { builder } from "./builder.js";
import { RoleEnum } from "./unit.js";
import { OrganizationType } from "./organization.js";
import { getCurrentUser, type CurrentUser } from "../domain/users/current-user.js";
import { changeOrganization } from "../domain/users/change-organization.js";
import { loadViewer, requireViewer } from "../domain/viewer.js";
import { rights } from "../permissions/rights.js";
import { canSomewhere, loadAccess } from "../permissions/access.js";
import { exportKindsAllowed } from "../domain/exports/jobs.js";
import type { DomainContext } from "../domain/context.js";

/**
 * A row of the viewer's own User or Organization, kept with the caller's credential
 * (auth/access-cache.ts) when the query reads only its columns: a relation would bring data the
 * cache is not told about, so such a query always reads.
 */
function ownRow<T>(ctx: DomainContext, name: string, query: { select?: unknown; include?: unknown }, read: () => Promise<T>): T | Promise<T> {
  if (!ctx.accessData || !onlyColumns(query.select) || !includesNothing(query.include)) return read();
  return ctx.accessData.memo(`${name}:${JSON.stringify(query)}`, read);
}

const onlyColumns = (shape: unknown) => {
  if (shape === undefined) return true;
  if (typeof shape !== "object" || shape === null) return false;
  for (const key in shape) if ((shape as Record<string, unknown>)[key] !== true) return false;
  return true;
};

const includesNothing = (include: unknown) => {
  if (include === undefined) return true;
  if (typeof include !== "object" || include === null) return false;
  for (const _ in include) return false;
  return true;
};

const SubscriptionStatus = builder.objectRef<CurrentUser["subscriptionStatus"]>("SubscriptionStatus").implement({
  fields: (t) => ({
    billingStatus: t.exposeString("billingStatus"),
    dashboardLocked: t.exposeBoolean("dashboardLocked"),
    trialDaysLeft: t.exposeInt("trialDaysLeft", { nullable: true }),
    unpaidDaysLeft: t.exposeInt("unpaidDaysLeft", {
      nullable: true,
      description: "days until the organisation's surveys stop collecting while an invoice is unpaid; null when none is",
    }),
  }),
});

const Onboarding = builder.objectRef<CurrentUser["onboarding"]>("Onboarding").implement({
  fields: (t) => ({
    createdSurvey: t.exposeBoolean("createdSurvey"),
    launchedSurvey: t.exposeBoolean("launchedSurvey"),
    collectedResponses: t.exposeBoolean("collectedResponses"),
    analyzedResponses: t.exposeBoolean("analyzedResponses"),
    progress: t.exposeInt("progress", { description: "0..100, 25 per step done" }),
  }),
});

const UnitRole = builder.objectRef<CurrentUser["rolesPerUnit"][number]>("UnitRole").implement({
  fields: (t) => ({
    unit: t.prismaField({
      type: "Unit",
      resolve: (query, role, _args, ctx) => ctx.prisma.unit.findUniqueOrThrow({ ...query, where: { id: role.unitId } }),
    }),
    role: t.field({ type: RoleEnum, resolve: (r) => r.role }),
    rights: t.stringList({ resolve: (r) => rights.filter((right) => r.rights[right]) }),
  }),
});

export const ViewerType = builder.objectRef<CurrentUser>("Viewer").implement({
  description: "The signed-in person in their current organisation.",
  fields: (t) => ({
    user: t.prismaField({
      type: "User",
      resolve: (query, v, _args, ctx) =>
        ownRow(ctx, `user:${v.user.id}`, query, () => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: v.user.id } })),
    }),
    currentOrganization: t.prismaField({
      type: "Organization",
      nullable: true,
      resolve: (query, v, _args, ctx) => {
        const id = v.organization?.id;
        return id ? ownRow(ctx, `organization:${id}`, query, () => ctx.prisma.organization.findUnique({ ...query, where: { id } })) : null;
      },
    }),
    availableOrganizations: t.prismaField({
      type: ["Organization"],
      resolve: (query, v, _args, ctx) =>
        ctx.prisma.organization.findMany({
          ...query,
          where: { id: { in: v.availableOrganizations.map((o) => o.id) } },
          orderBy: { name: "asc" },
        }),
    }),
    organizationAdmin: t.exposeBoolean("organizationAdmin"),
    billingAdmin: t.exposeBoolean("billingAdmin"),
    mayCreateSurveys: t.exposeBoolean("mayCreateSurveys"),
    isImpersonating: t.exposeBoolean("isImpersonating"),
    rolesPerUnit: t.field({ type: [UnitRole], resolve: (v) => v.rolesPerUnit }),
    rights: t.stringList({
      description:
        "the rights the person holds in at least one team (organisation admins: every right), as the server checks them; the interface offers only the actions these allow",
      resolve: async (_v, _args, ctx) => {
        const access = await loadAccess(ctx).catch(() => null);
        return access ? rights.filter((right) => canSomewhere(access, right)) : [];
      },
    }),
    exportKinds: t.stringList({
      description: "the files (csv, xlsx, pdf) the person may export: the exportResults right and the plan's export features",
      resolve: (_v, _args, ctx) => (ctx.viewer?.organizationId ? exportKindsAllowed(ctx.viewer) : []),
    }),
    viewerOnly: t.exposeBoolean("viewerOnly", {
      description: "true when the user is routed as a viewer: at least one team role, every one viewer, and not an organisation admin",
    }),
    subscriptionStatus: t.field({ type: SubscriptionStatus, resolve: (v) => v.subscriptionStatus }),
    userSeatsAvailable: t.exposeInt("userSeatsAvailable", {
      nullable: true,
      description: "user seats of the plan still free (members and pending invitations take one); null when the plan has no seat limit",
    }),
    onboarding: t.field({ type: Onboarding, resolve: (v) => v.onboarding }),
    countryCode: t.string({ resolve: (v) => v.user.countryCode ?? "FI" }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerType,
    nullable: true,
    description: "null when not signed in",
    resolve: (_root, _args, ctx) => (ctx.viewer ? getCurrentUser(ctx) : null),
  }),
);

builder.mutationField("changeOrganization", (t) =>
  t.field({
    type: ViewerType,
    description: "Work in another organisation the user is a member of; answers the viewer in it",
    args: { organizationId: t.arg.globalID({ required: true, for: OrganizationType, description: "one of the viewer's availableOrganizations" }) },
    resolve: async (_root, { organizationId }, ctx) => {
      await changeOrganization(ctx, organizationId.id);
      // The request's viewer still holds the old organisation: load the new one.
      const before = requireViewer(ctx.viewer);
      return getCurrentUser({ ...ctx, viewer: await loadViewer(ctx.prisma, before.userId, before.authenticatedBy) });
    },
  }),
);
