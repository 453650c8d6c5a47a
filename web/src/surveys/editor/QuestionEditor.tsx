// One question of the survey: its title and help text per language, required flag, tags, the
// options of its type (QuestionTypeOptions), logic (when the plan has it), and keyboard-usable move and remove buttons.
import { useLingui } from "@lingui/react/macro";
import { memo, useEffect, useRef } from "react";
import type { DraftQuestion, QuestionErrors } from "./draft";
import { LocalizedInput } from "./LocalizedInput";
import { LogicEditor } from "./LogicEditor";
import { QuestionTypeOptions } from "./QuestionTypeOptions";
import { TagsEditor } from "./TagsEditor";
import { useEditorLabels } from "./useEditorLabels";

export type FocusRequest = { key: string; target: "up" | "down" | "title" } | null;

type Props = {
  question: DraftQuestion;
  index: number;
  count: number;
  language: string;
  languages: readonly string[];
  errors: QuestionErrors;
  serverError?: string;
  logicEnabled: boolean;
  later: { key: string; number: number; title: Record<string, string> }[];
  tagSuggestions: readonly string[];
  focus: FocusRequest;
  // Handlers take the question's key and must not depend on the render they came from (the
  // component is memoised and keeps the first ones it got).
  onFocused: () => void;
  onChange: (key: string, q: DraftQuestion) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  onRemove: (key: string) => void;
};

function QuestionEditorView(p: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  const { question: q, index, count, language, languages } = p;
  const number = index + 1;
  const defaultLanguage = languages[0] ?? "en";
  const idPrefix = `q-${q.key}`;
  const typeName = labels.types[q.type];
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<DraftQuestion>) => p.onChange(q.key, { ...q, ...patch });

  // Keep keyboard focus on the control that moved the question (or its neighbour at an end).
  useEffect(() => {
    if (!p.focus || p.focus.key !== q.key) return;
    const { target } = p.focus;
    if (target === "title") titleRef.current?.querySelector("input")?.focus();
    else {
      const wanted = target === "up" ? upRef.current : downRef.current;
      const other = target === "up" ? downRef.current : upRef.current;
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    }
    p.onFocused();
  });

  return (
    <fieldset className="se-question" aria-describedby={p.serverError ? `${idPrefix}-server-error` : undefined}>
      <legend className="se-question__legend">{t`Question ${number}: ${typeName}`}</legend>
      {p.serverError ? (
        <p className="field__error" id={`${idPrefix}-server-error`} role="alert">
          {p.serverError}
        </p>
      ) : null}
      <div className="se-question__tools">
        <button ref={upRef} type="button" className="button button--ghost button--small" disabled={index === 0} onClick={() => p.onMove(q.key, -1)}>
          {t`Move question ${number} up`}
        </button>
        <button ref={downRef} type="button" className="button button--ghost button--small" disabled={index === count - 1} onClick={() => p.onMove(q.key, 1)}>
          {t`Move question ${number} down`}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => p.onRemove(q.key)}>
          {t`Remove question ${number}`}
        </button>
      </div>
      <div ref={titleRef}>
        <LocalizedInput
          id={`${idPrefix}-title`}
          label={t`Question ${number} title`}
          value={q.title}
          language={language}
          defaultLanguage={defaultLanguage}
          error={p.errors.title ? labels.errors[p.errors.title] : undefined}
          onChange={(title) => set({ title })}
        />
      </div>
      <LocalizedInput
        id={`${idPrefix}-subtitle`}
        label={t`Question ${number} help text (optional)`}
        value={q.subtitle}
        language={language}
        defaultLanguage={defaultLanguage}
        onChange={(subtitle) => set({ subtitle })}
        multiline
      />
      <div className="field field--checkbox">
        <input id={`${idPrefix}-required`} type="checkbox" checked={q.required} onChange={(e) => set({ required: e.target.checked })} />
        <label htmlFor={`${idPrefix}-required`}>{t`Question ${number} requires an answer`}</label>
      </div>

      <QuestionTypeOptions question={q} idPrefix={idPrefix} number={number} language={language} defaultLanguage={defaultLanguage} errors={p.errors} set={set} />

      <TagsEditor
        label={t`Question ${number} tag`}
        addLabel={t`Add tag to question ${number}`}
        removeLabel={(tag) => t`Remove tag ${tag} from question ${number}`}
        tags={q.tags}
        suggestions={p.tagSuggestions}
        onChange={(tags) => set({ tags })}
      />

      {p.logicEnabled ? (
        <LogicEditor
          idPrefix={idPrefix}
          number={number}
          question={q}
          later={p.later}
          language={language}
          languages={languages}
          onChange={(logic) => set({ logic })}
        />
      ) : null}
    </fieldset>
  );
}

const focusFor = (p: Props) => (p.focus && p.focus.key === p.question.key ? p.focus : null);

/**
 * Re-renders only when what it shows changed, so typing in one question of a long survey does not
 * render all the others (a survey may have 200 questions).
 */
export const QuestionEditor = memo(
  QuestionEditorView,
  (a, b) =>
    a.question === b.question &&
    a.index === b.index &&
    a.count === b.count &&
    a.language === b.language &&
    a.languages === b.languages &&
    a.logicEnabled === b.logicEnabled &&
    a.serverError === b.serverError &&
    focusFor(a) === focusFor(b) &&
    JSON.stringify(a.errors) === JSON.stringify(b.errors) &&
    (!a.logicEnabled || JSON.stringify(a.later) === JSON.stringify(b.later)) &&
    a.tagSuggestions.join("\n") === b.tagSuggestions.join("\n"),
);
