import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { PrivacyPolicyPageQuery } from "../__generated__/PrivacyPolicyPageQuery.graphql";
import { AdminOnlyNotice } from "./AdminOnlyNotice";
import { PrivacyPolicyForm } from "./PrivacyPolicyForm";

/** /settings/privacy-policy: the organisation's privacy policy text shown with its surveys. */
export default function PrivacyPolicyPage() {
  const data = useLazyLoadQuery<PrivacyPolicyPageQuery>(
    graphql`
      query PrivacyPolicyPageQuery {
        viewer {
          organizationAdmin
          currentOrganization {
            ...PrivacyPolicyForm_organization
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const organization = data.viewer?.currentOrganization;
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Privacy policy</Trans>
      </h1>
      {data.viewer && !data.viewer.organizationAdmin ? <AdminOnlyNotice /> : null}
      {organization ? <PrivacyPolicyForm organization={organization} editable={data.viewer!.organizationAdmin} /> : null}
    </section>
  );
}
