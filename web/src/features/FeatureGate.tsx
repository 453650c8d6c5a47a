import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { FeatureGate_viewer$key } from "../__generated__/FeatureGate_viewer.graphql";

/** The feature constants of spec 000 §6, as the API spells them. */
export type Feature =
  | "channelCreation"
  | "feedbackInbox"
  | "fileExportCsv"
  | "fileExportPdf"
  | "fileExportXlsx"
  | "fileExportAll"
  | "notificationsToOrganizationUsers"
  | "notificationsToAllEmails"
  | "organizationLogo"
  | "restApi"
  | "smsMessages"
  | "surveyAppearance"
  | "surveyLogic"
  | "upsellModule";

/**
 * Shows its children only when the current organisation's plan has the feature; otherwise the
 * spec's no-access message with the upgrade prompt: a link to the subscription for billing admins,
 * "contact your organisation admin" for everyone else (spec 000 §6, §8).
 */
export function FeatureGate({ viewer, feature, children }: { viewer: FeatureGate_viewer$key; feature: Feature; children: ReactNode }) {
  const data = useFragment(
    graphql`
      fragment FeatureGate_viewer on Viewer {
        billingAdmin
        currentOrganization {
          availableFeatures
        }
      }
    `,
    viewer,
  );
  if (data.currentOrganization?.availableFeatures.includes(feature)) return <>{children}</>;
  return (
    <div className="feature-gate" role="note">
      <p className="feature-gate__title">
        <Trans>No access to the feature: upgrade or contact support</Trans>
      </p>
      <p>
        {data.billingAdmin ? (
          <Link to="/settings/subscription">
            <Trans>Upgrade your plan</Trans>
          </Link>
        ) : (
          <Trans>Contact your organisation admin to upgrade the plan.</Trans>
        )}
      </p>
    </div>
  );
}
