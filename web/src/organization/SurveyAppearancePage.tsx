import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { SurveyAppearancePageQuery } from "../__generated__/SurveyAppearancePageQuery.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { AdminOnlyNotice } from "./AdminOnlyNotice";
import { SurveyAppearanceForm } from "./SurveyAppearanceForm";

/** /settings/survey-appearance: colours, font and button style of the organisation's surveys. */
export default function SurveyAppearancePage() {
  const data = useLazyLoadQuery<SurveyAppearancePageQuery>(
    graphql`
      query SurveyAppearancePageQuery {
        viewer {
          organizationAdmin
          ...FeatureGate_viewer
          currentOrganization {
            ...SurveyAppearanceForm_organization
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const viewer = data.viewer;
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Survey appearance</Trans>
      </h1>
      {viewer ? (
        <FeatureGate viewer={viewer} feature="surveyAppearance">
          {!viewer.organizationAdmin ? <AdminOnlyNotice /> : null}
          {viewer.currentOrganization ? <SurveyAppearanceForm organization={viewer.currentOrganization} editable={viewer.organizationAdmin} /> : null}
        </FeatureGate>
      ) : null}
    </section>
  );
}
