import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { SettingsUserPageQuery } from "../__generated__/SettingsUserPageQuery.graphql";
import { ApiKeysSection } from "./ApiKeysSection";
import { SettingsUserForm } from "./SettingsUserForm";

/** /settings/user: the signed-in person's profile. */
export default function SettingsUserPage() {
  const data = useLazyLoadQuery<SettingsUserPageQuery>(
    graphql`
      query SettingsUserPageQuery {
        viewer {
          user {
            ...SettingsUserForm_user
          }
        }
        ...ApiKeysSection_query
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>User profile</Trans>
      </h1>
      {data.viewer ? <SettingsUserForm user={data.viewer.user} /> : null}
      {data.viewer ? <ApiKeysSection query={data} /> : null}
    </section>
  );
}
