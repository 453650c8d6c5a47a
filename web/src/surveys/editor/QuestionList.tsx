// The survey's questions, each in its own card, and the buttons that add a question of each type
// (up to the API's limit).
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_QUESTIONS, QUESTION_TYPES, type Draft, type DraftErrors } from "./draft";
import { QuestionEditor } from "./QuestionEditor";
import type { DraftQuestions } from "./useDraftQuestions";
import { useEditorLabels } from "./useEditorLabels";

type Props = {
  formId: string;
  draft: Draft;
  language: string;
  errors: DraftErrors;
  serverError: { message: string; question: number | null } | null;
  logicEnabled: boolean;
  questions: DraftQuestions;
};

export function QuestionList({ formId, draft, language, errors, serverError, logicEnabled, questions }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  const tagSuggestions = [...new Set([...draft.questionTags, ...draft.questions.flatMap((q) => q.tags)])];
  const full = draft.questions.length >= MAX_QUESTIONS;
  return (
    <section className="se-section" aria-labelledby={`${formId}-questions`}>
      <h2 id={`${formId}-questions`} ref={questions.heading} tabIndex={-1}>
        <Trans>Questions</Trans>
      </h2>
      {draft.questions.length === 0 ? (
        <p className="field__hint">
          <Trans>No questions yet: add one below.</Trans>
        </p>
      ) : null}
      {draft.questions.map((q, i) => (
        <QuestionEditor
          key={q.key}
          question={q}
          index={i}
          count={draft.questions.length}
          language={language}
          languages={draft.languages}
          errors={errors.questions[i] ?? {}}
          serverError={serverError?.question === i ? serverError.message : undefined}
          logicEnabled={logicEnabled}
          later={draft.questions.slice(i + 1).map((x, j) => ({ key: x.key, number: i + j + 2, title: x.title }))}
          tagSuggestions={tagSuggestions}
          focus={questions.focus}
          onFocused={questions.clearFocus}
          onChange={questions.change}
          onMove={questions.move}
          onRemove={questions.remove}
        />
      ))}
      {full ? (
        <p className="field__hint">
          <Trans>A survey has at most 200 questions.</Trans>
        </p>
      ) : null}
      <div className="se-add" role="group" aria-label={t`Add a question`}>
        {QUESTION_TYPES.map((type) => (
          <button key={type} type="button" className="button button--secondary button--small" disabled={full} onClick={() => questions.add(type)}>
            {labels.addType[type]}
          </button>
        ))}
      </div>
    </section>
  );
}
