import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, usePaginationFragment } from "react-relay";
import type { InviteList_query$key } from "../__generated__/InviteList_query.graphql";
import { InviteRow } from "./InviteRow";

/** Pending invites (a Relay connection): e-mail, team, role, sent at, invited by; resend and delete. */
export function InviteList({ query, onChanged }: { query: InviteList_query$key; onChanged: () => void }) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment InviteList_query on Query
      @refetchable(queryName: "InviteListRefetchQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        invites(first: $first, after: $after) @connection(key: "InviteList_invites") {
          edges {
            node {
              id
              ...InviteRow_invite
            }
          }
        }
      }
    `,
    query,
  );
  if (data.invites.edges.length === 0) {
    return (
      <p>
        <Trans>No pending invites.</Trans>
      </p>
    );
  }
  return (
    <>
      <table className="table">
        <caption className="visually-hidden">{t`Pending invites`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>E-mail address</Trans>
            </th>
            <th scope="col">
              <Trans>Team</Trans>
            </th>
            <th scope="col">
              <Trans>Role</Trans>
            </th>
            <th scope="col">
              <Trans>Sent at</Trans>
            </th>
            <th scope="col">
              <Trans>Invited by</Trans>
            </th>
            <th scope="col">
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.invites.edges.map((edge) => (
            <InviteRow key={edge.node.id} invite={edge.node} onChanged={onChanged} />
          ))}
        </tbody>
      </table>
      {hasNext ? (
        <button type="button" className="button button--secondary" disabled={isLoadingNext} onClick={() => loadNext(50)}>
          <Trans>Show more invites</Trans>
        </button>
      ) : null}
    </>
  );
}
