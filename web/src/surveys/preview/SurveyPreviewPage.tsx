import { Trans } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams, useSearchParams } from "react-router-dom";
import type { SurveyPreviewPageQuery } from "../../__generated__/SurveyPreviewPageQuery.graphql";
import type { SurveyPreviewPageTemplateQuery } from "../../__generated__/SurveyPreviewPageTemplateQuery.graphql";
import { toGlobalId } from "../../util/globalId";
import type { PublicSurvey } from "../../respondent/types";
import { PreviewStage, previewModes, type PreviewMode } from "./PreviewStage";
import "../list/surveys.css";
import { Skeleton } from "../../ui/Skeleton";

const savedId = /^[0-9a-f]{24}$/;

/**
 * /surveys/:id/preview (spec 001 §2: desktop, mobile, terminal and widget; a saved survey only): the
 * real respondent runtime in a frame of each display type, in preview mode (nothing is sent).
 * ?template=1 previews a public template; ?mode= keeps the display type in the address.
 */
export default function SurveyPreviewPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const template = params.get("template") === "1";
  return (
    <section className="page page--wide survey-preview-page">
      <p>
        <Link to={template ? "/surveys/templates" : "/surveys/list"}>{template ? <Trans>Back to templates</Trans> : <Trans>Back to surveys</Trans>}</Link>
      </p>
      {savedId.test(id) ? (
        <Suspense fallback={<Skeleton label={<Trans>Loading the preview…</Trans>} shape="block" height="24rem" />}>
          {template ? <TemplatePreview id={id} /> : <SavedSurveyPreview id={id} />}
        </Suspense>
      ) : (
        <>
          <h1 className="page__title">
            <Trans>Survey preview</Trans>
          </h1>
          <p role="alert">
            <Trans>Save the survey to preview it.</Trans>
          </p>
        </>
      )}
    </section>
  );
}

function SavedSurveyPreview({ id }: { id: string }) {
  const data = useLazyLoadQuery<SurveyPreviewPageQuery>(
    graphql`
      query SurveyPreviewPageQuery($id: ID!) {
        survey(id: $id) {
          legacyId
          name
          respondentPreview
        }
      }
    `,
    { id: toGlobalId("Survey", id) },
    { fetchPolicy: "network-only" },
  );
  return <Preview name={data.survey.name} editId={data.survey.legacyId} survey={data.survey.respondentPreview as PublicSurvey} />;
}

function TemplatePreview({ id }: { id: string }) {
  const data = useLazyLoadQuery<SurveyPreviewPageTemplateQuery>(
    graphql`
      query SurveyPreviewPageTemplateQuery {
        surveyTemplates {
          legacyId
          name
          respondentPreview
        }
      }
    `,
    {},
    { fetchPolicy: "network-only" },
  );
  const found = data.surveyTemplates.find((s) => s.legacyId === id);
  if (!found)
    return (
      <p role="alert">
        <Trans>Template not found</Trans>
      </p>
    );
  return <Preview name={found.name} editId={null} survey={found.respondentPreview as PublicSurvey} />;
}

function Preview({ name, editId, survey }: { name: string; editId: string | null; survey: PublicSurvey }) {
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<PreviewMode>(() =>
    (previewModes as readonly string[]).includes(params.get("mode") ?? "") ? (params.get("mode") as PreviewMode) : "desktop",
  );
  const choose = (m: PreviewMode) => {
    setMode(m);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set("mode", m);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <>
      <h1 className="page__title">
        <Trans>Preview: {name}</Trans>
      </h1>
      <p className="muted">
        <Trans>The preview shows the last saved version. Answers given here are not stored.</Trans>
        {editId ? (
          <>
            {" "}
            <Link to={`/surveys/${editId}/edit`}>
              <Trans>Edit the survey</Trans>
            </Link>
          </>
        ) : null}
      </p>
      <PreviewStage name={name} survey={survey} mode={mode} onMode={choose} />
    </>
  );
}
