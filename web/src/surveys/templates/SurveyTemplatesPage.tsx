import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { SurveyTemplatesPageQuery } from "../../__generated__/SurveyTemplatesPageQuery.graphql";
import { TemplateCard } from "./TemplateCard";
import { mayCreateSurveys } from "../../access/rights";
import "../list/surveys.css";
import { Skeleton } from "../../ui/Skeleton";

/**
 * /surveys/templates (spec 001 §2 "a survey templates page", §3 "Survey template"): the public
 * templates; using one copies it into the organisation (copySurvey, REST answers newSurvey._id) and
 * opens the copy in the editor.
 */
export default function SurveyTemplatesPage() {
  return (
    <section className="page">
      <p>
        <Link to="/surveys/list">
          <Trans>Back to surveys</Trans>
        </Link>
      </p>
      <h1 className="page__title">
        <Trans>Survey templates</Trans>
      </h1>
      <Suspense fallback={<Skeleton label={<Trans>Loading templates…</Trans>} shape="block" height="12rem" />}>
        <TemplateList />
      </Suspense>
    </section>
  );
}

function TemplateList() {
  const { t } = useLingui();
  const data = useLazyLoadQuery<SurveyTemplatesPageQuery>(
    graphql`
      query SurveyTemplatesPageQuery {
        viewer {
          mayCreateSurveys
          organizationAdmin
          rights
        }
        surveyTemplates {
          legacyId
          ...TemplateCard_survey
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  if (data.surveyTemplates.length === 0) {
    return (
      <p>
        <Trans>There are no public templates yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="template-list" aria-label={t`Public templates`}>
      {data.surveyTemplates.map((s) => (
        <TemplateCard key={s.legacyId} survey={s} mayUse={data.viewer ? mayCreateSurveys(data.viewer) : false} />
      ))}
    </ul>
  );
}
