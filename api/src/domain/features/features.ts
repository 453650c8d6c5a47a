// Feature availability (spec 000 §6): what an organisation may use is the list of feature constants
// of its feature set (Organization.featureSet.features). A call that needs a feature the plan lacks
// answers the spec's no-access message (spec 000 §8: "No access to the feature (upgrade or contact
// support)") with 403.
import type { DomainContext } from "../context.js";
import { DomainError } from "../errors.js";
import { requireOrganization } from "../viewer.js";

/** The feature constants of spec 000 §6, in our spelling (the demo seed grants them all). */
export const featureKeys = [
  "channelCreation",
  "feedbackInbox",
  "fileExportCsv",
  "fileExportPdf",
  "fileExportXlsx",
  "fileExportAll",
  "notificationsToOrganizationUsers",
  "notificationsToAllEmails",
  "organizationLogo",
  "restApi",
  "smsMessages",
  "surveyAppearance",
  "surveyLogic",
  "upsellModule",
] as const;
export type FeatureKey = (typeof featureKeys)[number];

export const noFeatureAccessMessage = "No access to this feature: upgrade your plan or contact support";

export const noFeatureAccess = () => new DomainError("FORBIDDEN", noFeatureAccessMessage);

/** The features of an organisation's feature set. */
export async function organizationFeatures(ctx: Pick<DomainContext, "prisma">, organizationId: string): Promise<string[]> {
  const organization = await ctx.prisma.organization.findUnique({
    where: { id: organizationId },
    select: { featureSet: { select: { features: true } } },
  });
  return organization?.featureSet?.features ?? [];
}

/** Refuses with the no-access message unless the viewer's current organisation has the feature. */
export async function requireFeature(ctx: DomainContext, feature: FeatureKey): Promise<void> {
  const { organizationId } = requireOrganization(ctx.viewer);
  const features = await organizationFeatures(ctx, organizationId);
  if (!features.includes(feature)) throw noFeatureAccess();
}
