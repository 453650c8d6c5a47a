import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { TeamsPageQuery } from "../__generated__/TeamsPageQuery.graphql";
import { TeamTree } from "./TeamTree";

/** /settings/teams: the team tree (add, rename, move, delete), people per team, the summary option. */
export default function TeamsPage() {
  const data = useLazyLoadQuery<TeamsPageQuery>(
    graphql`
      query TeamsPageQuery {
        viewer {
          organizationAdmin
          rolesPerUnit {
            role
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  // People per team are shown to those who manage users (the admin role somewhere, or organisation admins).
  const withMembers = Boolean(data.viewer?.organizationAdmin || data.viewer?.rolesPerUnit.some((r) => r.role === "admin"));
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Structure and teams</Trans>
      </h1>
      <TeamTree withMembers={withMembers} />
    </section>
  );
}
