import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TrialBanner_viewer$key } from "../__generated__/TrialBanner_viewer.graphql";

/** Shown when trialDaysLeft is 0 or more; a billing admin sees the upgrade link (spec 000 §4). */
export function trialBannerState(trialDaysLeft: number | null | undefined, billingAdmin: boolean) {
  if (trialDaysLeft === null || trialDaysLeft === undefined || trialDaysLeft < 0) return null;
  return { daysLeft: trialDaysLeft, showUpgrade: billingAdmin };
}

export function TrialBanner({ viewer }: { viewer: TrialBanner_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment TrialBanner_viewer on Viewer {
        billingAdmin
        subscriptionStatus {
          trialDaysLeft
        }
      }
    `,
    viewer,
  );
  const { t } = useLingui();
  const state = trialBannerState(data.subscriptionStatus.trialDaysLeft, data.billingAdmin);
  if (!state) return null;
  const days = state.daysLeft;
  return (
    <aside className="trial-banner" aria-label={t`Trial`}>
      <span>
        {days === 0 ? <Trans>Your trial ends today.</Trans> : <Plural value={days} one="Your trial ends in # day." other="Your trial ends in # days." />}
      </span>
      {state.showUpgrade ? (
        <Link className="trial-banner__upgrade" to="/settings/subscription">
          <Trans>Upgrade</Trans>
        </Link>
      ) : null}
    </aside>
  );
}
