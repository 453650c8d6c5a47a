import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { InviteDetailPageQuery } from "../__generated__/InviteDetailPageQuery.graphql";
import { formatDateTime } from "../format/date";
import { ROLE_LABELS } from "../user-management/roleLabels";
import { InvitationErrorBoundary } from "./InvitationErrorBoundary";
import { useInviteActions } from "./useInviteActions";
import { toGlobalId } from "../util/globalId";

/**
 * /settings/user-management/invites/{inviteId}: one pending invite, with resend and delete. Someone
 * who may not manage users, or an invite that is gone, gets the server's message instead.
 */
export default function InviteDetailPage() {
  return (
    <section className="page page--narrow">
      <p>
        <Link to="/settings/user-management/invites">
          <Trans>Back to pending invites</Trans>
        </Link>
      </p>
      <InvitationErrorBoundary>
        <InviteDetail />
      </InvitationErrorBoundary>
    </section>
  );
}

function InviteDetail() {
  const { inviteId = "" } = useParams();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<InviteDetailPageQuery>(
    graphql`
      query InviteDetailPageQuery($id: ID!) {
        invite(id: $id) {
          id
          legacyId
          email
          role
          sentAt
          expiresAt
          expired
          invitedBy
          organizationAdmin
          billingAdmin
          mayCreateSurveys
          unit {
            name
          }
        }
      }
    `,
    { id: toGlobalId("Invite", inviteId) },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const { resend, remove } = useInviteActions();
  const invite = data.invite;
  const yes = (v: boolean) => (v ? <Trans>Yes</Trans> : <Trans>No</Trans>);
  return (
    <>
      <h1 className="page__title">{invite.email}</h1>
      <dl className="details">
        <dt>
          <Trans>Team</Trans>
        </dt>
        <dd>{invite.unit.name}</dd>
        <dt>
          <Trans>Role</Trans>
        </dt>
        <dd>{i18n._(ROLE_LABELS[invite.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.viewer)}</dd>
        <dt>
          <Trans>Sent at</Trans>
        </dt>
        <dd>{formatDateTime(invite.sentAt)}</dd>
        <dt>
          <Trans>Link valid until</Trans>
        </dt>
        <dd>
          {formatDateTime(invite.expiresAt)} {invite.expired ? <Trans>(expired)</Trans> : null}
        </dd>
        <dt>
          <Trans>Invited by</Trans>
        </dt>
        <dd>{invite.invitedBy ?? "–"}</dd>
        <dt>
          <Trans>Organisation admin</Trans>
        </dt>
        <dd>{yes(invite.organizationAdmin)}</dd>
        <dt>
          <Trans>Billing admin</Trans>
        </dt>
        <dd>{yes(invite.billingAdmin)}</dd>
        <dt>
          <Trans>May create surveys</Trans>
        </dt>
        <dd>{yes(invite.mayCreateSurveys)}</dd>
      </dl>
      <p>
        <button type="button" className="button" onClick={() => void resend(invite.id).then((ok) => ok && setFetchKey((k) => k + 1))}>
          <Trans>Resend</Trans>
        </button>{" "}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void remove(invite.id, invite.email).then((ok) => ok && navigate("/settings/user-management/invites"))}
        >
          <Trans>Delete</Trans>
        </button>
      </p>
    </>
  );
}
