// One question of the survey as a card on the canvas: a header (drag handle, type icon, number and
// title, which collapses the card; move and remove buttons) and, when open, its title and help text
// per language, required flag, the options of its type (QuestionTypeOptions), tags and logic.
// The card is a group named "Question N: <type>", so its fields are named by what they are
// ("Title", "Choice 2") and the question they belong to comes from the card.
import { Trans, useLingui } from "@lingui/react/macro";
import { memo, useEffect, useRef, type DragEvent } from "react";
import { DeleteIcon, IconButton, WarningIcon } from "../../ui";
import type { DraftQuestion, QuestionErrors } from "./draft";
import { LocalizedInput } from "./LocalizedInput";
import { LogicEditor } from "./LogicEditor";
import { QuestionTypeOptions } from "./QuestionTypeOptions";
import { TagsEditor } from "./TagsEditor";
import { ArrowDownIcon, ArrowUpIcon, GripIcon, typeIcons } from "./typeIcons";
import { useEditorLabels } from "./useEditorLabels";

export type FocusRequest = { key: string; target: "up" | "down" | "title" | "toggle" } | null;

/** Where a dragged card would land relative to this one. */
export type DropSide = "before" | "after" | null;

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
  collapsed: boolean;
  dragging: boolean;
  dropSide: DropSide;
  // Handlers take the question's key and must not depend on the render they came from (the
  // component is memoised and keeps the first ones it got).
  onFocused: () => void;
  onChange: (key: string, q: DraftQuestion) => void;
  onMove: (key: string, delta: -1 | 1) => void;
  onRemove: (key: string) => void;
  onToggle: (key: string) => void;
  onDragStart: (key: string) => void;
  onDragOver: (key: string, side: "before" | "after") => void;
  onDrop: (key: string) => void;
  onDragEnd: () => void;
};

function QuestionEditorView(p: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  const { question: q, index, count, language, languages } = p;
  const number = index + 1;
  const defaultLanguage = languages[0] ?? "en";
  const idPrefix = `q-${q.key}`;
  const typeName = labels.types[q.type];
  const TypeIcon = typeIcons[q.type];
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<DraftQuestion>) => p.onChange(q.key, { ...q, ...patch });
  const title = (q.title[language] || q.title[defaultLanguage] || "").trim();
  const hasErrors = Object.keys(p.errors).length > 0 || !!p.serverError;

  // Keep keyboard focus on the control that moved the question (or its neighbour at an end).
  useEffect(() => {
    if (!p.focus || p.focus.key !== q.key) return;
    const { target } = p.focus;
    if (target === "title") titleRef.current?.querySelector("input")?.focus();
    else if (target === "toggle") toggleRef.current?.focus();
    else {
      const wanted = target === "up" ? upRef.current : downRef.current;
      const other = target === "up" ? downRef.current : upRef.current;
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    }
    p.onFocused();
  });

  const over = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    const box = event.currentTarget.getBoundingClientRect();
    p.onDragOver(q.key, event.clientY < box.top + box.height / 2 ? "before" : "after");
  };

  const bodyId = `${idPrefix}-body`;
  return (
    <section
      className={`se-card${p.collapsed ? " se-card--collapsed" : ""}${p.dragging ? " se-card--dragging" : ""}${p.dropSide ? ` se-card--drop-${p.dropSide}` : ""}`}
      role="group"
      aria-label={t`Question ${number}: ${typeName}`}
      aria-describedby={p.serverError ? `${idPrefix}-server-error` : undefined}
      data-question-key={q.key}
      onDragOver={over}
      onDrop={(event) => {
        event.preventDefault();
        p.onDrop(q.key);
      }}
    >
      <div
        className="se-card__header"
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", q.key);
          p.onDragStart(q.key);
        }}
        onDragEnd={p.onDragEnd}
      >
        <span className="se-card__grip" aria-hidden="true" title={t`Drag to reorder`}>
          <GripIcon />
        </span>
        <h3 className="se-card__heading">
          <button
            ref={toggleRef}
            type="button"
            className="se-card__toggle"
            aria-expanded={!p.collapsed}
            aria-controls={bodyId}
            onClick={() => p.onToggle(q.key)}
          >
            <span className="se-card__icon">
              <TypeIcon />
            </span>
            <span className="se-card__number">{number}</span>
            <span className={`se-card__title${title ? "" : " se-card__title--empty"}`}>{title || t`Untitled question`}</span>
            <span className="se-card__type">{typeName}</span>
          </button>
        </h3>
        {hasErrors ? (
          <span className="se-card__problem">
            <WarningIcon size={16} />
            <Trans>Needs attention</Trans>
          </span>
        ) : null}
        <div className="se-card__tools">
          <IconButton ref={upRef} size="sm" icon={ArrowUpIcon} label={t`Move question up`} disabled={index === 0} onClick={() => p.onMove(q.key, -1)} />
          <IconButton
            ref={downRef}
            size="sm"
            icon={ArrowDownIcon}
            label={t`Move question down`}
            disabled={index === count - 1}
            onClick={() => p.onMove(q.key, 1)}
          />
          <IconButton size="sm" icon={DeleteIcon} label={t`Remove question`} onClick={() => p.onRemove(q.key)} />
        </div>
      </div>
      {p.serverError ? (
        <p className="field__error se-card__server-error" id={`${idPrefix}-server-error`} role="alert">
          {p.serverError}
        </p>
      ) : null}
      <div className="se-card__body" id={bodyId} hidden={p.collapsed}>
        <div ref={titleRef}>
          <LocalizedInput
            id={`${idPrefix}-title`}
            label={t`Title`}
            value={q.title}
            language={language}
            defaultLanguage={defaultLanguage}
            error={p.errors.title ? labels.errors[p.errors.title] : undefined}
            onChange={(next) => set({ title: next })}
          />
        </div>
        <LocalizedInput
          id={`${idPrefix}-subtitle`}
          label={t`Help text (optional)`}
          value={q.subtitle}
          language={language}
          defaultLanguage={defaultLanguage}
          onChange={(subtitle) => set({ subtitle })}
          multiline
        />
        <div className="field field--checkbox">
          <input id={`${idPrefix}-required`} type="checkbox" checked={q.required} onChange={(e) => set({ required: e.target.checked })} />
          <label htmlFor={`${idPrefix}-required`}>{t`Requires an answer`}</label>
        </div>

        <QuestionTypeOptions question={q} idPrefix={idPrefix} language={language} defaultLanguage={defaultLanguage} errors={p.errors} set={set} />

        <TagsEditor
          label={t`Tag`}
          addLabel={t`Add tag`}
          removeLabel={(tag) => t`Remove tag ${tag}`}
          tags={q.tags}
          suggestions={p.tagSuggestions}
          onChange={(tags) => set({ tags })}
        />

        {p.logicEnabled ? (
          <LogicEditor idPrefix={idPrefix} question={q} later={p.later} language={language} languages={languages} onChange={(logic) => set({ logic })} />
        ) : null}
      </div>
    </section>
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
    a.collapsed === b.collapsed &&
    a.dragging === b.dragging &&
    a.dropSide === b.dropSide &&
    focusFor(a) === focusFor(b) &&
    JSON.stringify(a.errors) === JSON.stringify(b.errors) &&
    (!a.logicEnabled || JSON.stringify(a.later) === JSON.stringify(b.later)) &&
    a.tagSuggestions.join("\n") === b.tagSuggestions.join("\n"),
);
