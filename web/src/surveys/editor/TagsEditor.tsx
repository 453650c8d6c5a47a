// A list of tags: each with its remove button, and a field that adds one (Enter or the button).
// Suggestions come from a datalist (e.g. the survey's question tags).
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { MAX_TAG } from "./draft";

type Props = {
  /** Names the field ("Survey tag", "Question 2 tag"); the add and remove buttons say what they act on. */
  label: string;
  addLabel: string;
  removeLabel: (tag: string) => string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  suggestions?: readonly string[];
};

export function TagsEditor({ label, addLabel, removeLabel, tags, onChange, suggestions = [] }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const tag = text.trim();
    if (!tag) {
      setError(t`A tag must not be blank`);
      return;
    }
    if (tag.length > MAX_TAG) {
      setError(t`A tag is at most 50 characters`);
      return;
    }
    setError(null);
    setText("");
    if (!tags.includes(tag)) onChange([...tags, tag]);
  };
  const options = suggestions.filter((s) => !tags.includes(s));
  return (
    <div className="field se-tags">
      <label htmlFor={id}>{label}</label>
      {tags.length ? (
        <ul className="se-tags__list">
          {tags.map((tag) => (
            <li key={tag} className="se-tag">
              <span>{tag}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={removeLabel(tag)}
                onClick={() => onChange(tags.filter((x) => x !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="se-row">
        <input
          id={id}
          type="text"
          value={text}
          list={options.length ? `${id}-suggestions` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button--secondary button--small" onClick={add}>
          {addLabel}
        </button>
      </div>
      {options.length ? (
        <datalist id={`${id}-suggestions`}>
          {options.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {!tags.length ? (
        <p className="field__hint">
          <Trans>No tags yet.</Trans>
        </p>
      ) : null}
    </div>
  );
}
