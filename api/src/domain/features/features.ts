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

/** Spec 000 §8 / 001 §8 "No access to the feature (upgrade or contact support)". */
export const noFeatureAccessMessage = "No access to the feature: upgrade or contact support";

export const noFeatureAccess = () => new DomainError("FORBIDDEN", noFeatureAccessMessage);

/**
 * What the two features without a screen of their own gate (docs/decisions.md "Feature gates"):
 * - feedbackInbox: the feedback list, the inbox of individual responses (Query.feedbackList,
 *   POST /results/list in every format), for members and share-link visitors alike;
 * - upsellModule: the upsell question (a respondent leaves an e-mail address with consent and gets
 *   an offer by their satisfaction), which is not built: no call exists for it to gate yet.
 */
export async function requireOrganizationFeature(prisma: DomainContext["prisma"], organizationId: string, feature: FeatureKey): Promise<void> {
  if (!(await organizationHasFeature(prisma, organizationId, feature))) throw noFeatureAccess();
}

/** Whether the organisation's plan has the feature (e.g. a share link's screen hides the feedback list without feedbackInbox). */
export async function organizationHasFeature(prisma: DomainContext["prisma"], organizationId: string, feature: FeatureKey): Promise<boolean> {
  const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { featureSet: { select: { features: true } } } });
  return org?.featureSet?.features.includes(feature) ?? false;
}

/** Refuses with the no-access message unless the viewer's current organisation has the feature. */
export async function requireFeature(ctx: DomainContext, feature: FeatureKey): Promise<void> {
  // The viewer was loaded with its organisation's features: no second read.
  const { viewer } = requireOrganization(ctx.viewer);
  if (!viewer.features.includes(feature)) throw noFeatureAccess();
}
