import { Trans, useLingui } from "@lingui/react/macro";
import { useParams } from "react-router-dom";
import { LinkButton, Skeleton } from "../ui";
import { superadminApi } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /superadmin/:organizationId/user-management/invites/:inviteId: one pending invite of the chosen organisation. */
export default function OrganizationInvitePage() {
  const { t } = useLingui();
  const { organizationId = "", inviteId = "" } = useParams();
  const [state] = useLoad(() => superadminApi.invites(organizationId), [organizationId]);
  const invite = state.kind === "ready" ? state.data.find((i) => i._id === inviteId) : undefined;
  return (
    <section className="page page--narrow superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>Invite</Trans>
      </h1>
      <SuperadminNav />
      <p>
        <LinkButton size="sm" to={`/superadmin/${organizationId}/user-management/invites`}>
          <Trans>Back to the organisation's invites</Trans>
        </LinkButton>
      </p>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={4} /> : null}
      {state.kind === "failed" || (state.kind === "ready" && !invite) ? (
        <p role="alert">
          <Trans>Invite not found</Trans>
        </p>
      ) : null}
      {invite ? (
        <dl>
          <dt>
            <Trans>E-mail</Trans>
          </dt>
          <dd>{invite.email}</dd>
          <dt>
            <Trans>Team</Trans>
          </dt>
          <dd>{invite.unitName}</dd>
          <dt>
            <Trans>Invite sent</Trans>
          </dt>
          <dd>{new Date(invite.inviteSentAt).toLocaleString()}</dd>
          <dt>
            <Trans>Invited by</Trans>
          </dt>
          <dd>{invite.invitedBy?.email ?? ""}</dd>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>{invite.status === "pending" ? <Trans>Pending</Trans> : <Trans>Expired</Trans>}</dd>
        </dl>
      ) : null}
    </section>
  );
}
