// One question of the survey: its title and help text per language, required flag, tags, the
// options of its type, logic (when the plan has it), and keyboard-usable move and remove buttons.
import { Trans, useLingui } from "@lingui/react/macro";
import { memo, useEffect, useRef } from "react";
import { ChoiceListEditor } from "./ChoiceListEditor";
import { ContactFieldsEditor } from "./ContactFieldsEditor";
import type { DraftQuestion, QuestionErrors } from "./draft";
import { LocalizedInput } from "./LocalizedInput";
import { LogicEditor } from "./LogicEditor";
import { SliderOptionsEditor } from "./SliderOptionsEditor";
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

      {q.type === "smiley" ? (
        <fieldset className="fieldset">
          <legend>{t`Question ${number} buttons`}</legend>
          {([4, 5] as const).map((n) => (
            <div className="field field--checkbox" key={n}>
              <input
                id={`${idPrefix}-buttons-${n}`}
                type="radio"
                name={`${idPrefix}-buttons`}
                checked={(q.options.buttons === 4 ? 4 : 5) === n}
                onChange={() => set({ options: { ...q.options, buttons: n } })}
              />
              <label htmlFor={`${idPrefix}-buttons-${n}`}>{t`Question ${number}: ${n} smiley buttons`}</label>
            </div>
          ))}
          <p className="field__hint">
            <Trans>Answers are stored from 0 (worst) to 1 (best): 5 buttons 0, 0.25, 0.5, 0.75, 1; 4 buttons 0, ⅓, ⅔, 1.</Trans>
          </p>
        </fieldset>
      ) : null}
      {q.type === "nps" ? (
        <p className="field__hint">
          <Trans>Respondents answer 0 (not at all likely) to 10 (extremely likely): 9–10 promoters, 7–8 passives, 0–6 detractors.</Trans>
        </p>
      ) : null}
      {q.type === "openText" ? (
        <p className="field__hint">
          <Trans>Respondents write a free-text answer.</Trans>
        </p>
      ) : null}
      {q.type === "slider" ? (
        <SliderOptionsEditor
          idPrefix={idPrefix}
          number={number}
          options={q.options}
          language={language}
          defaultLanguage={defaultLanguage}
          error={p.errors.slider ? labels.errors[p.errors.slider] : undefined}
          onChange={(options) => set({ options })}
        />
      ) : null}
      {q.type === "singleChoice" || q.type === "multipleChoice" || q.type === "emotion" ? (
        <ChoiceListEditor
          idPrefix={idPrefix}
          number={number}
          emotion={q.type === "emotion"}
          choices={q.choices}
          language={language}
          defaultLanguage={defaultLanguage}
          errors={p.errors}
          onChange={(choices) => set({ choices })}
        />
      ) : null}
      {q.type === "contactDetails" ? (
        <ContactFieldsEditor
          idPrefix={idPrefix}
          number={number}
          fields={Array.isArray(q.options.fields) ? (q.options.fields as string[]) : []}
          error={p.errors.contact ? labels.errors[p.errors.contact] : undefined}
          onChange={(fields) => set({ options: { ...q.options, fields } })}
        />
      ) : null}

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
