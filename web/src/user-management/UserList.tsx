import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, usePaginationFragment } from "react-relay";
import type { UserList_query$key } from "../__generated__/UserList_query.graphql";
import { UserRow } from "./UserRow";

/** The members table (a Relay connection, 50 at a time). */
export function UserList({ query, organizationAdmin, onChanged }: { query: UserList_query$key; organizationAdmin: boolean; onChanged: () => void }) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment UserList_query on Query
      @refetchable(queryName: "UserListRefetchQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        members(first: $first, after: $after) @connection(key: "UserList_members") {
          edges {
            node {
              id
              ...UserRow_member
            }
          }
        }
      }
    `,
    query,
  );
  return (
    <>
      <table className="table">
        <caption className="visually-hidden">{t`Users, their teams and roles`}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>User</Trans>
            </th>
            <th scope="col">
              <Trans>Teams and roles</Trans>
            </th>
            <th scope="col">
              <Trans>Organisation admin</Trans>
            </th>
            <th scope="col">
              <Trans>Billing admin</Trans>
            </th>
            <th scope="col">
              <Trans>Weekly digest</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.members.edges.map((edge) => (
            <UserRow key={edge.node.id} member={edge.node} organizationAdmin={organizationAdmin} onChanged={onChanged} />
          ))}
        </tbody>
      </table>
      {hasNext ? (
        <button type="button" className="button button--secondary" disabled={isLoadingNext} onClick={() => loadNext(50)}>
          <Trans>Show more users</Trans>
        </button>
      ) : null}
    </>
  );
}
