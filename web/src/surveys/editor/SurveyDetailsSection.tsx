// The survey's own fields: its name, its tags and the question tags its questions may take.
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_NAME, type Draft, type DraftError } from "./draft";
import { TagsEditor } from "./TagsEditor";
import { useEditorLabels } from "./useEditorLabels";

type Props = {
  formId: string;
  draft: Draft;
  nameError: DraftError | undefined;
  onNameBlur?: () => void;
  onChange: (patch: Partial<Pick<Draft, "name" | "tags" | "questionTags">>) => void;
};

export function SurveyDetailsSection({ formId, draft, nameError, onNameBlur, onChange }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  return (
    <section className="se-section" aria-labelledby={`${formId}-survey`}>
      <h2 id={`${formId}-survey`}>
        <Trans>Survey</Trans>
      </h2>
      <div className="field">
        <label htmlFor={`${formId}-name`}>
          <Trans>Survey name</Trans>
        </label>
        <input
          id={`${formId}-name`}
          type="text"
          value={draft.name}
          maxLength={MAX_NAME}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${formId}-name-error` : undefined}
          onChange={(e) => onChange({ name: e.target.value })}
          onBlur={onNameBlur}
        />
        {nameError ? (
          <p className="field__error" id={`${formId}-name-error`}>
            {labels.errors[nameError]}
          </p>
        ) : null}
      </div>
      <TagsEditor
        label={t`Survey tag`}
        addLabel={t`Add survey tag`}
        removeLabel={(tag) => t`Remove survey tag ${tag}`}
        tags={draft.tags}
        onChange={(tags) => onChange({ tags })}
      />
      <TagsEditor
        label={t`Question tag`}
        addLabel={t`Add question tag`}
        removeLabel={(tag) => t`Remove question tag ${tag}`}
        tags={draft.questionTags}
        onChange={(questionTags) => onChange({ questionTags })}
      />
      <p className="field__hint">
        <Trans>Question tags are this survey's list of tags to put on its questions (for filtering results).</Trans>
      </p>
    </section>
  );
}
