import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams } from "react-router-dom";
import type { UserDetailPageQuery } from "../__generated__/UserDetailPageQuery.graphql";
import { UserDetailForm } from "./UserDetailForm";
import { toGlobalId } from "../util/globalId";

/** /settings/user-management/{userId}: one user's teams, roles and flags. */
export default function UserDetailPage() {
  const { userId = "" } = useParams();
  const data = useLazyLoadQuery<UserDetailPageQuery>(
    graphql`
      query UserDetailPageQuery($userId: ID!) {
        viewer {
          organizationAdmin
        }
        member(userId: $userId) {
          ...UserDetailForm_member
        }
        unitTree {
          ...UserDetailForm_unitTree
        }
      }
    `,
    { userId: toGlobalId("User", userId) },
    { fetchPolicy: "store-and-network" },
  );
  return (
    <section className="page page--narrow">
      <p>
        <Link to="/settings/user-management">
          <Trans>Back to user management</Trans>
        </Link>
      </p>
      <UserDetailForm member={data.member} unitTree={data.unitTree} organizationAdmin={data.viewer?.organizationAdmin ?? false} />
    </section>
  );
}
