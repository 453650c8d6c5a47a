// /api/v5/user…: the current user and the user profile (spec 000 §3, §7 "Session and user").
import { z } from "zod";
import { defineRoute } from "./route.js";
import { getCurrentUser, type CurrentUser, type UnitTreeNode } from "../../domain/users/current-user.js";
import { getProfile, updateProfile, type Profile } from "../../domain/users/profile.js";
import { changeOrganization } from "../../domain/users/change-organization.js";
import { defaultSatisfactionScale } from "@feedback/shared/organization-settings";

const objectId = z.string().describe("24 hexadecimal characters");

const profileShape = z
  .object({
    _id: objectId,
    displayname: z.string(),
    email: z.string(),
    settings: z.object({ receive_digest: z.boolean(), locale: z.enum(["en", "es", "fi", "se"]) }),
  })
  .meta({ id: "Profile" });

const toProfile = (p: Profile): z.input<typeof profileShape> => ({
  _id: p.id,
  displayname: p.displayName,
  email: p.email,
  settings: { receive_digest: p.receiveDigest, locale: p.locale },
});

type UnitTreeJson = { _id: string; name: string; role: string | null; children: UnitTreeJson[] };
const unitTreeSchema: z.ZodType<UnitTreeJson> = z
  .lazy(() => z.object({ _id: objectId, name: z.string(), role: z.enum(["admin", "editor", "viewer"]).nullable(), children: z.array(unitTreeSchema) }))
  .meta({ id: "UnitTreeWithRoles", description: "A team with the caller's role in it, and its sub-teams" });
const toUnitTree = (nodes: UnitTreeNode[]): UnitTreeJson[] => nodes.map((n) => ({ _id: n.id, name: n.name, role: n.role, children: toUnitTree(n.children) }));

const organizationRef = z.object({ _id: objectId, name: z.string() });

const currentUserShape = z
  .object({
    _id: objectId,
    email: z.string(),
    displayname: z.string(),
    settings: z.object({
      locale: z.enum(["en", "es", "fi", "se"]),
      receive_digest: z.boolean(),
      countryCode: z.string().nullable(),
      clientHost: z.string(),
      newClientHost: z.string(),
      stripe_customer_id: z.string().nullable(),
      isImpersonatingUser: z.boolean(),
      availableOrganizations: z.array(organizationRef),
      currentOrganization: organizationRef.nullable(),
    }),
    organization_id: objectId.nullable(),
    current_organization_id: objectId.nullable(),
    tutorialsSeen: z.array(z.string()),
    system_admin: z.boolean(),
    organizationAdmin: z.boolean(),
    billingAdmin: z.boolean(),
    mayCreateSurveys: z.boolean(),
    rolesPerUnit: z.record(z.string(), z.enum(["admin", "editor", "viewer"])),
    rolesWithRightsPerUnit: z.array(
      z.object({ _id: objectId, name: z.string(), role: z.enum(["admin", "editor", "viewer"]), rights: z.record(z.string(), z.boolean()) }),
    ),
    unitTreeWithRolesPerUnit: z.array(unitTreeSchema),
    resources: z.object({
      segment: z.string().nullable(),
      deviceTree: z.array(z.object({ unitId: objectId, touchpoints: z.array(z.object({ _id: objectId, name: z.string(), type: z.string() })) })),
      availableFeatures: z.array(z.string()),
      dashSettings: z.object({ smileyScale: z.object({ enabled: z.boolean(), min: z.number(), max: z.number() }) }),
    }),
    signupStatus: z.object({ status: z.enum(["complete", "emailVerification", "detailsRequired"]), token: z.string().nullable() }),
    subscriptionStatus: z.object({
      billingStatus: z.string(),
      dashboardLocked: z.boolean(),
      trialDaysLeft: z.number().nullable(),
      unpaidDaysLeft: z.number().nullable().describe("days until the surveys stop collecting while an invoice is unpaid"),
    }),
    userSeatsAvailable: z.number().nullable(),
    onboardingDetails: z.object({
      createdSurvey: z.boolean(),
      launchedSurvey: z.boolean(),
      collectedResponses: z.boolean(),
      analyzedResponses: z.boolean(),
      progress: z.number(),
    }),
    defaultUiSettings: z.object({ newUi: z.boolean(), accessible: z.boolean(), onePage: z.boolean() }),
  })
  .meta({ id: "CurrentUser" });

function toCurrentUserJson(u: CurrentUser, publicUrl: string): z.input<typeof currentUserShape> {
  const org = u.organization;
  return {
    _id: u.user.id,
    email: u.user.email,
    displayname: u.user.displayName,
    settings: {
      locale: u.user.locale,
      receive_digest: u.user.receiveDigest,
      countryCode: u.user.countryCode,
      clientHost: publicUrl,
      newClientHost: publicUrl,
      stripe_customer_id: org?.stripeCustomerId ?? null,
      isImpersonatingUser: u.isImpersonating,
      availableOrganizations: u.availableOrganizations.map((o) => ({ _id: o.id, name: o.name })),
      currentOrganization: org && { _id: org.id, name: org.name },
    },
    organization_id: org?.id ?? null,
    current_organization_id: org?.id ?? null,
    tutorialsSeen: u.user.tutorialsSeen,
    system_admin: u.user.systemAdmin,
    organizationAdmin: u.organizationAdmin,
    billingAdmin: u.billingAdmin,
    mayCreateSurveys: u.mayCreateSurveys,
    rolesPerUnit: Object.fromEntries(u.rolesPerUnit.map((r) => [r.unitId, r.role])),
    rolesWithRightsPerUnit: u.rolesPerUnit.map((r) => ({ _id: r.unitId, name: r.unitName, role: r.role, rights: r.rights })),
    unitTreeWithRolesPerUnit: toUnitTree(u.unitTree),
    resources: {
      segment: org?.segment ?? null,
      deviceTree: u.deviceTree.map((d) => ({
        unitId: d.unitId,
        touchpoints: d.touchpoints.map((t) => ({ _id: t.id, name: t.name, type: t.type })),
      })),
      availableFeatures: org?.availableFeatures ?? [],
      dashSettings: { smileyScale: org?.satisfactionScale ?? defaultSatisfactionScale },
    },
    signupStatus: u.user.signupStatus,
    subscriptionStatus: u.subscriptionStatus,
    userSeatsAvailable: u.userSeatsAvailable,
    onboardingDetails: u.onboarding,
    defaultUiSettings: { newUi: true, accessible: false, onePage: false },
  };
}

export const userRoutes = [
  defineRoute({
    method: "GET",
    path: "/user",
    tag: "Session and user",
    summary: "The current user: organisations, roles and rights per unit, features, subscription and onboarding state",
    auth: "bearer",
    response: currentUserShape,
    handler: async ({ ctx }) => toCurrentUserJson(await getCurrentUser(ctx), ctx.config.publicUrl),
  }),
  defineRoute({
    method: "GET",
    path: "/user/profile",
    tag: "Session and user",
    summary: "The user profile",
    auth: "bearer",
    response: profileShape,
    handler: async ({ ctx }) => toProfile(await getProfile(ctx)),
  }),
  defineRoute({
    method: "PUT",
    path: "/user/profile",
    errors: { 409: "the e-mail address is in use" },
    tag: "Session and user",
    summary: "Update the user profile; fields left out stay as they are",
    auth: "bearer",
    body: z
      .object({
        _id: z.string().optional().describe("ignored: the profile is always the caller's own"),
        displayname: z.string({ message: "displayname must be a string" }).optional(),
        email: z.string({ message: "Please provide a valid e-mail address" }).optional(),
        password: z.string({ message: "password must be a string" }).optional(),
        settings: z
          .object({
            receive_digest: z.boolean({ message: "receive_digest must be true or false" }).optional(),
            locale: z.string({ message: "Locale must be en, es, fi or se" }).optional(),
          })
          .optional(),
      })
      .strict(),
    response: profileShape,
    handler: async ({ ctx, body }) =>
      toProfile(
        await updateProfile(ctx, {
          displayName: body.displayname,
          email: body.email,
          password: body.password === "" ? undefined : body.password,
          receiveDigest: body.settings?.receive_digest,
          locale: body.settings?.locale as never,
        }),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/user/change-organization",
    tag: "Session and user",
    summary: "Work in another organisation the user is a member of; the client reloads the root on ok",
    auth: "bearer",
    body: z.object({ id: z.string({ message: "id is required" }) }),
    response: z.object({ status: z.literal("ok"), organizationId: objectId }),
    handler: async ({ ctx, body }) => ({ status: "ok" as const, ...(await changeOrganization(ctx, body.id)) }),
  }),
];
