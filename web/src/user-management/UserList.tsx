import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, useMutation, usePaginationFragment } from "react-relay";
import type { UserList_query$key } from "../__generated__/UserList_query.graphql";
import type { UserListRemoveMutation } from "../__generated__/UserListRemoveMutation.graphql";
import { toasts } from "../shell/toastStore";
import { Button, EmptyState } from "../ui";
import { ListToolbar, RowCheckbox, runForEach, SearchBox, SelectAllCheckbox, type Sort, SortableHeader, useSelection } from "../ui/DataList";
import { runMutation } from "./runMutation";
import { UserRow } from "./UserRow";

export const memberSortFields = ["name", "email", "createdAt"] as const;
export type MemberSortField = (typeof memberSortFields)[number];

interface ListAddress {
  search: string;
  sort: Sort<MemberSortField> | null;
  setSearch: (text: string) => void;
  setSort: (sort: Sort<MemberSortField>) => void;
}

/**
 * The members table (a Relay connection, 50 at a time), searched by name or address and sorted by
 * the server. Selected users can be removed from all their teams at once: each team through
 * removeMemberFromUnit, as the row's own Remove buttons, so the server checks manageUsers per team.
 */
export function UserList({
  query,
  address,
  organizationAdmin,
  onChanged,
}: {
  query: UserList_query$key;
  address: ListAddress;
  organizationAdmin: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment UserList_query on Query
      @refetchable(queryName: "UserListRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "MemberOrder" }
      ) {
        members(search: $search, orderBy: $orderBy, first: $first, after: $after) @connection(key: "UserList_members") {
          edges {
            node {
              id
              user {
                id
                displayName
                email
              }
              unitRoles {
                unit {
                  id
                }
              }
              ...UserRow_member
            }
          }
        }
      }
    `,
    query,
  );
  const [commitRemove] = useMutation<UserListRemoveMutation>(graphql`
    mutation UserListRemoveMutation($userId: ID!, $unitId: ID!) {
      removeMemberFromUnit(userId: $userId, unitId: $unitId) {
        userLegacyId
      }
    }
  `);
  const nodes = data.members.edges.map((e) => e.node);
  // Only users with a team can be removed from one.
  const removable = nodes.filter((n) => n.unitRoles.length > 0);
  const selection = useSelection(removable.map((n) => n.id));
  const chosen = removable.filter((n) => selection.isSelected(n.id));
  const removeSelected = async () => {
    if (!window.confirm(t`Remove ${chosen.length} users from all their teams? They keep their accounts and can be added again.`)) return;
    const pairs = chosen.flatMap((n) => n.unitRoles.map((r) => ({ userId: n.user.id, unitId: r.unit.id })));
    const { done } = await runForEach(pairs, (pair) => runMutation("removeMemberFromUnit", commitRemove, pair, { fallbackError: t`Something went wrong` }));
    const total = pairs.length;
    if (done > 0) {
      toasts.success(t`Removed from ${done} of ${total} team memberships`);
      selection.clear();
      onChanged();
    }
  };
  const header = (field: MemberSortField, label: ReactNode) => (
    <SortableHeader field={field} sort={address.sort} onSort={address.setSort}>
      {label}
    </SortableHeader>
  );
  return (
    <>
      <ListToolbar
        search={<SearchBox label={t`Search users by name or address`} value={address.search} onSearch={address.setSearch} />}
        selection={selection}
        bulkActions={
          <Button size="sm" variant="danger" onClick={() => void removeSelected()}>
            <Trans>Remove from teams ({chosen.length})</Trans>
          </Button>
        }
      />
      {nodes.length === 0 ? (
        <EmptyState
          title={address.search ? t`No users match “${address.search}”` : t`No users yet`}
          action={
            address.search ? (
              <Button variant="secondary" onClick={() => address.setSearch("")}>
                <Trans>Clear the search</Trans>
              </Button>
            ) : undefined
          }
        >
          {address.search ? (
            <Trans>The search looks at names and email addresses. Try part of a name.</Trans>
          ) : (
            <Trans>Invite colleagues from Pending invites and inviting users above.</Trans>
          )}
        </EmptyState>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{t`Users, their teams and roles`}</caption>
          <thead>
            <tr>
              <SelectAllCheckbox selection={selection} label={t`Select all users shown`} />
              {header("name", <Trans>User</Trans>)}
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
            {nodes.map((node) => (
              <UserRow
                key={node.id}
                member={node}
                select={
                  node.unitRoles.length > 0 ? (
                    <RowCheckbox id={node.id} label={t`Select ${node.user.displayName || node.user.email}`} selection={selection} />
                  ) : (
                    <td />
                  )
                }
                organizationAdmin={organizationAdmin}
                onChanged={onChanged}
              />
            ))}
          </tbody>
        </table>
      )}
      {hasNext ? (
        <button type="button" className="button button--secondary" disabled={isLoadingNext} onClick={() => loadNext(50)}>
          <Trans>Show more users</Trans>
        </button>
      ) : null}
    </>
  );
}
