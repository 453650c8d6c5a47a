import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { InvitesPageQuery } from "../__generated__/InvitesPageQuery.graphql";
import { InviteForm } from "./InviteForm";
import { InviteList } from "./InviteList";

/** /settings/user-management/invites: pending invites (resend, delete) and the invite form. */
export default function InvitesPage() {
  // After a successful write the list is read again (spec 000 §7).
  const [fetchKey, setFetchKey] = useState(0);
  const reload = () => setFetchKey((k) => k + 1);
  const data = useLazyLoadQuery<InvitesPageQuery>(
    graphql`
      query InvitesPageQuery {
        viewer {
          organizationAdmin
          billingAdmin
          mayCreateSurveys
          userSeatsAvailable
        }
        unitTree {
          ...InviteForm_unitTree
        }
        ...InviteList_query
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  return (
    <section className="page">
      <p>
        <Link to="/settings/user-management">
          <Trans>Back to user management</Trans>
        </Link>
      </p>
      <h1 className="page__title">
        <Trans>Pending invites</Trans>
      </h1>
      <InviteList query={data} onChanged={reload} />
      <h2>
        <Trans>Invite a user</Trans>
      </h2>
      {data.viewer?.userSeatsAvailable === 0 ? (
        // Every seat of the plan is taken (spec 000 §5): the form would only be refused.
        <div className="feature-gate" role="note">
          <p className="feature-gate__title">
            <Trans>Adding users is limited by the plan's seats; upgrade is needed for more.</Trans>
          </p>
          <p>
            {data.viewer.billingAdmin ? (
              <Link to="/settings/subscription">
                <Trans>Upgrade your plan</Trans>
              </Link>
            ) : (
              <Trans>Contact your organisation admin to upgrade the plan.</Trans>
            )}
          </p>
        </div>
      ) : (
        <InviteForm
          unitTree={data.unitTree}
          organizationAdmin={data.viewer?.organizationAdmin ?? false}
          mayCreateSurveys={data.viewer?.mayCreateSurveys ?? false}
          onInvited={reload}
        />
      )}
    </section>
  );
}
