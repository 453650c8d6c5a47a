// The survey's languages: the default one first (every text must exist in it), adding and removing
// languages, and which language the texts are being edited in.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { LANGUAGE_CHOICES, useEditorLabels } from "./useEditorLabels";
import { Badge, Button, DeleteIcon, IconButton } from "../../ui";

type Props = {
  languages: readonly string[];
  editing: string;
  onEditingChange: (code: string) => void;
  onAdd: (code: string) => void;
  onRemove: (code: string) => void;
  onMakeDefault: (code: string) => void;
};

export function LanguagesEditor({ languages, editing, onEditingChange, onAdd, onRemove, onMakeDefault }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  const id = useId();
  const available = LANGUAGE_CHOICES.filter((c) => !languages.includes(c));
  const [toAdd, setToAdd] = useState("");
  const chosen = available.includes(toAdd) ? toAdd : (available[0] ?? "");
  return (
    <fieldset className="fieldset se-languages">
      <legend>
        <Trans>Languages</Trans>
      </legend>
      {/* One line per language: its name (and "Default" on the first), then its actions at the line's end. */}
      <ul className="se-languages__list">
        {languages.map((code, i) => {
          const name = labels.language(code);
          return (
            <li key={code} className="se-languages__item">
              <span className="se-languages__name">
                {name} <span className="se-languages__code">({code})</span>
              </span>
              {i === 0 ? (
                <Badge tone="info">
                  <Trans>Default</Trans>
                </Badge>
              ) : null}
              <span className="se-languages__actions">
                {i > 0 ? (
                  // The visible words are the start of the accessible name ("Make default: Finnish").
                  <Button variant="quiet" size="sm" onClick={() => onMakeDefault(code)}>
                    <Trans>Make default</Trans>
                    <span className="visually-hidden">: {name}</span>
                  </Button>
                ) : null}
                {languages.length > 1 ? <IconButton size="sm" icon={DeleteIcon} label={t`Remove language ${name}`} onClick={() => onRemove(code)} /> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {available.length ? (
        <div className="se-row">
          <div className="field">
            <label htmlFor={`${id}-add`}>
              <Trans>Language to add</Trans>
            </label>
            <select id={`${id}-add`} value={chosen} onChange={(e) => setToAdd(e.target.value)}>
              {available.map((code) => (
                <option key={code} value={code}>
                  {labels.language(code)} ({code})
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button--secondary button--small" onClick={() => chosen && onAdd(chosen)}>
            <Trans>Add language</Trans>
          </button>
        </div>
      ) : null}
      {languages.length > 1 ? (
        <div className="field">
          <label htmlFor={`${id}-editing`}>
            <Trans>Edit texts in</Trans>
          </label>
          <select id={`${id}-editing`} value={editing} onChange={(e) => onEditingChange(e.target.value)}>
            {languages.map((code) => (
              <option key={code} value={code}>
                {labels.language(code)} ({code})
              </option>
            ))}
          </select>
          <p className="field__hint">
            <Trans>Every text needs the default language; a text left empty in another language shows in the default language.</Trans>
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
