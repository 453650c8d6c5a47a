// The canvas's questions: a card each (QuestionEditor), collapsible (one at a time or all), ordered
// by drag and drop or with each card's move buttons (the keyboard way; a live region says where
// the question went), and the palette that adds a question of each type (up to the API's limit).
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_QUESTIONS, QUESTION_TYPES, type Draft, type DraftErrors } from "./draft";
import { QuestionEditor, type DropSide } from "./QuestionEditor";
import { typeIcons } from "./typeIcons";
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
  const { collapsed, drag } = questions;
  const allCollapsed = draft.questions.length > 0 && draft.questions.every((q) => collapsed.has(q.key));
  return (
    <section className="se-section se-questions" aria-labelledby={`${formId}-questions`}>
      <div className="se-questions__header">
        <h2 id={`${formId}-questions`} ref={questions.heading} tabIndex={-1}>
          <Trans>Questions</Trans>
        </h2>
        {draft.questions.length > 1 ? (
          <button type="button" className="button button--ghost button--small" onClick={() => questions.collapseAll(!allCollapsed)}>
            {allCollapsed ? t`Expand all` : t`Collapse all`}
          </button>
        ) : null}
      </div>
      {draft.questions.length === 0 ? (
        <p className="field__hint">
          <Trans>No questions yet: pick a type below to add the first one.</Trans>
        </p>
      ) : (
        <p className="field__hint se-questions__hint">
          <Trans>Drag a card by its header to reorder, or use its arrow buttons.</Trans>
        </p>
      )}
      <div className="se-cards">
        {draft.questions.map((q, i) => {
          const dropSide: DropSide = drag.over?.key === q.key && drag.key !== q.key ? drag.over.side : null;
          return (
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
              collapsed={collapsed.has(q.key)}
              dragging={drag.key === q.key}
              dropSide={dropSide}
              onFocused={questions.clearFocus}
              onChange={questions.change}
              onMove={questions.move}
              onRemove={questions.remove}
              onToggle={questions.toggle}
              onDragStart={questions.dragStart}
              onDragOver={questions.dragOver}
              onDrop={questions.drop}
              onDragEnd={questions.dragEnd}
            />
          );
        })}
      </div>
      {full ? (
        <p className="field__hint">
          <Trans>A survey has at most 200 questions.</Trans>
        </p>
      ) : null}
      <div className="se-palette" role="group" aria-labelledby={`${formId}-palette`}>
        <h3 className="se-palette__title" id={`${formId}-palette`}>
          <Trans>Add a question</Trans>
        </h3>
        <ul className="se-palette__list">
          {QUESTION_TYPES.map((type) => {
            const Icon = typeIcons[type];
            return (
              <li key={type}>
                <button type="button" className="se-palette__item" disabled={full} onClick={() => questions.add(type)}>
                  <Icon size={22} />
                  <span>{labels.types[type]}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
