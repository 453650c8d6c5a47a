import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { SatisfactionScalePageQuery } from "../__generated__/SatisfactionScalePageQuery.graphql";
import { AdminOnlyNotice } from "./AdminOnlyNotice";
import { SatisfactionScaleForm } from "./SatisfactionScaleForm";

/** /settings/satisfaction-scale: the satisfaction scale used in summaries (default disabled, 1 to 5). */
export default function SatisfactionScalePage() {
  const data = useLazyLoadQuery<SatisfactionScalePageQuery>(
    graphql`
      query SatisfactionScalePageQuery {
        viewer {
          organizationAdmin
          currentOrganization {
            ...SatisfactionScaleForm_organization
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
        <Trans>Satisfaction scale</Trans>
      </h1>
      {data.viewer && !data.viewer.organizationAdmin ? <AdminOnlyNotice /> : null}
      {organization ? <SatisfactionScaleForm organization={organization} editable={data.viewer!.organizationAdmin} /> : null}
    </section>
  );
}
