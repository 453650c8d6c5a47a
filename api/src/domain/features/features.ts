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

/** Refuses with the no-access message unless the viewer's current organisation has the feature. */
export async function requireFeature(ctx: DomainContext, feature: FeatureKey): Promise<void> {
  // The viewer was loaded with its organisation's features: no second read.
  const { viewer } = requireOrganization(ctx.viewer);
  if (!viewer.features.includes(feature)) throw noFeatureAccess();
}
