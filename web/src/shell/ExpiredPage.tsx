import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { ExpiredPageQuery } from "../__generated__/ExpiredPageQuery.graphql";

/** /expired: the warning page for a locked account, an ended trial or subscription, unpaid invoices. */
export default function ExpiredPage() {
  const data = useLazyLoadQuery<ExpiredPageQuery>(
    graphql`
      query ExpiredPageQuery {
        viewer {
          billingAdmin
          organizationAdmin
          subscriptionStatus {
            billingStatus
            dashboardLocked
            trialDaysLeft
          }
        }
      }
    `,
    {},
  );
  const viewer = data.viewer;
  const mayManage = viewer ? viewer.billingAdmin || viewer.organizationAdmin : false;
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Your account needs attention</Trans>
      </h1>
      {viewer?.subscriptionStatus.dashboardLocked ? (
        <p>
          <Trans>
            The account is locked because the trial has ended, the subscription has ended or an invoice is unpaid.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>The account is active.</Trans>
        </p>
      )}
      {mayManage ? (
        <p>
          <Link className="button" to="/settings/subscription">
            <Trans>Manage the subscription</Trans>
          </Link>
        </p>
      ) : (
        <p>
          <Trans>Please contact your organisation's admin.</Trans>
        </p>
      )}
    </section>
  );
}
