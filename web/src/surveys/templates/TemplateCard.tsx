import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { Link, useNavigate } from "react-router-dom";
import type { TemplateCard_survey$key } from "../../__generated__/TemplateCard_survey.graphql";
import type { TemplateCardCopyMutation } from "../../__generated__/TemplateCardCopyMutation.graphql";
import { runMutation } from "../../user-management/runMutation";

/** One public template: its name, languages and question count; preview it or use it (copy, then edit). */
/** `mayUse`: the person may create surveys (copying is creating); otherwise only the preview is offered. */
export function TemplateCard({ survey, mayUse }: { survey: TemplateCard_survey$key; mayUse: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const titleId = useId();
  const data = useFragment(
    graphql`
      fragment TemplateCard_survey on SurveyTemplate {
        id
        legacyId
        name
        languages
        tags
        questionCount
      }
    `,
    survey,
  );
  const [commitCopy] = useMutation<TemplateCardCopyMutation>(graphql`
    mutation TemplateCardCopyMutation($id: ID!) {
      copySurvey(id: $id) {
        survey {
          legacyId
        }
      }
    }
  `);
  const use = async () => {
    const result = await runMutation("copySurvey", commitCopy, { id: data.id }, { success: t`Survey copied`, fallbackError: t`Something went wrong` });
    const id = result?.copySurvey.survey.legacyId;
    if (id) navigate(`/surveys/${id}/edit`);
  };
  const name = data.name;
  const count = data.questionCount;
  return (
    <li className="template-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="template-card__title">
        {name}
      </h2>
      <p className="muted">
        <Plural value={count} one="# question" other="# questions" /> · {data.languages.map((l) => l.toUpperCase()).join(", ")}
        {data.tags.length ? ` · ${data.tags.join(", ")}` : ""}
      </p>
      <div className="template-card__actions">
        <Link className="button button--secondary" to={`/surveys/${data.legacyId}/preview?template=1`} aria-label={t`Preview ${name}`}>
          <Trans>Preview</Trans>
        </Link>
        {mayUse ? (
          <button type="button" className="button" aria-label={t`Use template ${name}`} onClick={() => void use()}>
            <Trans>Use template</Trans>
          </button>
        ) : null}
      </div>
    </li>
  );
}
