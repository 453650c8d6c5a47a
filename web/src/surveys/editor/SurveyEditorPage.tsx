// /surveys/:id/edit: the survey editor. /surveys/new/edit is a new, unsaved survey: the first save
// creates it (createSurvey) and the page continues at the new survey's own address
// (docs/survey-editor.md).
import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams } from "react-router-dom";
import { toGlobalId } from "../../util/globalId";
import type { SurveyEditorPageQuery } from "../../__generated__/SurveyEditorPageQuery.graphql";
import type { PublicSurvey } from "../../respondent/types";
import { SurveyEditorForm } from "./SurveyEditorForm";
import { mayCreateSurveys } from "../../access/rights";
import "./editor.css";

export const NEW_SURVEY_ID = "new";

export default function SurveyEditorPage() {
  const { id = NEW_SURVEY_ID } = useParams();
  const existing = id !== NEW_SURVEY_ID;
  const data = useLazyLoadQuery<SurveyEditorPageQuery>(
    graphql`
      query SurveyEditorPageQuery($id: ID!, $existing: Boolean!) {
        viewer {
          mayCreateSurveys
          organizationAdmin
          rights
          ...FeatureGate_viewer
          currentOrganization {
            availableFeatures
          }
        }
        survey(id: $id) @include(if: $existing) {
          name
          viewerMayEdit
          respondentPreview
          ...SurveyEditorForm_survey
        }
      }
    `,
    { id: existing ? toGlobalId("Survey", id) : "", existing },
    { fetchPolicy: "store-and-network" },
  );
  const viewer = data.viewer;
  const logicEnabled = !!viewer?.currentOrganization?.availableFeatures.includes("surveyLogic");
  return (
    <section className="page page--full se-page">
      <h1 className="page__title">{existing ? <Trans>Edit survey</Trans> : <Trans>New survey</Trans>}</h1>
      {viewer ? (
        <SurveyEditorForm
          key={id}
          survey={data.survey ?? null}
          viewer={viewer}
          logicEnabled={logicEnabled}
          readOnly={data.survey ? !data.survey.viewerMayEdit : !mayCreateSurveys(viewer)}
          previewBase={(data.survey?.respondentPreview as PublicSurvey | undefined) ?? null}
        />
      ) : null}
    </section>
  );
}
