import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { InviteRow_invite$key } from "../__generated__/InviteRow_invite.graphql";
import { formatDateTime } from "../format/date";
import { ROLE_LABELS } from "../user-management/roleLabels";
import { useInviteActions } from "./useInviteActions";

/** One pending invite with resend and delete. */
export function InviteRow({ invite, onChanged }: { invite: InviteRow_invite$key; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const data = useFragment(
    graphql`
      fragment InviteRow_invite on Invite {
        id
        legacyId
        email
        role
        sentAt
        expired
        invitedBy
        unit {
          name
        }
      }
    `,
    invite,
  );
  const { resend, remove } = useInviteActions();
  return (
    <tr>
      <th scope="row">
        <Link to={`/settings/user-management/invites/${data.legacyId}`}>{data.email}</Link>
        {data.expired ? (
          <span className="badge">
            {" "}
            <Trans>Expired</Trans>
          </span>
        ) : null}
      </th>
      <td>{data.unit.name}</td>
      <td>{i18n._(ROLE_LABELS[data.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.viewer)}</td>
      <td>{formatDateTime(data.sentAt)}</td>
      <td>{data.invitedBy ?? "–"}</td>
      <td>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t`Resend the invite to ${data.email}`}
          onClick={() => void resend(data.id).then((ok) => ok && onChanged())}
        >
          <Trans>Resend</Trans>
        </button>{" "}
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t`Delete the invite to ${data.email}`}
          onClick={() => void remove(data.id, data.email).then((ok) => ok && onChanged())}
        >
          <Trans>Delete</Trans>
        </button>
      </td>
    </tr>
  );
}
