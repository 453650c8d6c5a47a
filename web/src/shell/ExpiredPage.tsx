import { Plural, Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { ExpiredPageQuery } from "../__generated__/ExpiredPageQuery.graphql";
import { accountWarning, warningAction, type AccountWarning } from "./accountWarning";

/** The heading and the explanation of each warning, in the spec's words (spec 000 §4, §8; 001 §8). */
const warnings: Record<AccountWarning, { title: ReactNode; text: ReactNode }> = {
  trialOver: {
    title: <Trans>Trial over</Trans>,
    text: <Trans>Your trial is over and the organisation has no subscription. Subscribe to keep collecting and analysing feedback.</Trans>,
  },
  subscriptionEnded: {
    title: <Trans>Subscription ended</Trans>,
    text: <Trans>Your organisation's subscription has ended. Subscribe again to keep collecting and analysing feedback.</Trans>,
  },
  accountLocked: {
    title: <Trans>Account locked</Trans>,
    text: <Trans>The account is locked because the subscription is not up to date.</Trans>,
  },
  invoiceUnpaid: {
    title: <Trans>Latest invoice unpaid</Trans>,
    text: <Trans>The latest invoice is unpaid. Surveys stop collecting responses unless it is paid.</Trans>,
  },
  paymentIncomplete: {
    title: <Trans>Payment requires extra authentication</Trans>,
    text: <Trans>The latest payment needs extra authentication before the subscription can start.</Trans>,
  },
};

/**
 * /expired: the warning page for a locked account, an ended trial or subscription, or unpaid
 * invoices (spec 000 §2, §4). It names the organisation's one current warning; a billing admin gets
 * the link to the subscription, an organisation admin who is not one is pointed to user management
 * to make someone billing admin, everyone else is told to contact their organisation admin (§6).
 */
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
            unpaidDaysLeft
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const viewer = data.viewer;
  const warning = viewer ? accountWarning(viewer.subscriptionStatus) : null;
  if (!viewer || !warning) {
    return (
      <section className="page page--narrow" aria-labelledby="expired-title">
        <h1 id="expired-title" className="page__title">
          <Trans>Your account is active</Trans>
        </h1>
        <p>
          <Trans>There is nothing to fix: the trial and the subscription are in order.</Trans>
        </p>
        <p>
          <Link to="/">
            <Trans>Go to the start page</Trans>
          </Link>
        </p>
      </section>
    );
  }
  const action = warningAction(viewer);
  const locked = viewer.subscriptionStatus.dashboardLocked;
  return (
    <section className="page page--narrow" aria-labelledby="expired-title">
      <h1 id="expired-title" className="page__title">
        {warnings[warning].title}
      </h1>
      <div className="account-warning" role="alert">
        <p>{warnings[warning].text}</p>
        {viewer.subscriptionStatus.unpaidDaysLeft !== null && viewer.subscriptionStatus.unpaidDaysLeft !== undefined ? (
          <p>
            <Plural
              value={viewer.subscriptionStatus.unpaidDaysLeft}
              _0="The surveys have stopped collecting responses."
              one="The surveys stop collecting responses in # day unless the invoice is paid."
              other="The surveys stop collecting responses in # days unless the invoice is paid."
            />
          </p>
        ) : null}
        {locked && warning !== "accountLocked" ? (
          <p>
            <Trans>The dashboard is locked: only the settings can be opened until this is fixed.</Trans>
          </p>
        ) : null}
      </div>
      {action === "manageSubscription" ? (
        <p>
          <Link className="button" to="/settings/subscription">
            {warning === "trialOver" ? <Trans>Upgrade</Trans> : <Trans>Manage the subscription</Trans>}
          </Link>
        </p>
      ) : action === "appointBillingAdmin" ? (
        <p>
          <Trans>
            Only a billing admin can manage the subscription. Make someone a billing admin in <Link to="/settings/user-management">user management</Link>.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>Please contact your organisation's admin.</Trans>
        </p>
      )}
    </section>
  );
}
