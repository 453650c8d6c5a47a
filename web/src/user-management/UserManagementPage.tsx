import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { UserManagementPageQuery } from "../__generated__/UserManagementPageQuery.graphql";
import { memberSortFields, UserList } from "./UserList";
import { useListAddress } from "../ui/DataList";

/** /settings/user-management: the organisation's users with their roles per unit and flags. */
export default function UserManagementPage() {
  // After a successful write the list is read again (spec 000 §7).
  const [fetchKey, setFetchKey] = useState(0);
  const address = useListAddress(memberSortFields);
  const data = useLazyLoadQuery<UserManagementPageQuery>(
    graphql`
      query UserManagementPageQuery($search: String, $orderBy: MemberOrder) {
        viewer {
          organizationAdmin
        }
        ...UserList_query @arguments(search: $search, orderBy: $orderBy)
      }
    `,
    { search: address.search || null, orderBy: address.sort },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>User management</Trans>
      </h1>
      <p>
        <Link className="button button--secondary" to="/settings/user-management/invites">
          <Trans>Pending invites and inviting users</Trans>
        </Link>
      </p>
      <div aria-busy={address.pending}>
        <UserList query={data} address={address} organizationAdmin={data.viewer?.organizationAdmin ?? false} onChanged={() => setFetchKey((k) => k + 1)} />
      </div>
    </section>
  );
}
