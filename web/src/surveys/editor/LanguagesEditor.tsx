// The survey's languages: the default one first (every text must exist in it), adding and removing
// languages, and which language the texts are being edited in.
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { LANGUAGE_CHOICES, useEditorLabels } from "./useEditorLabels";

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
      <ul className="se-languages__list">
        {languages.map((code, i) => {
          const name = labels.language(code);
          return (
            <li key={code} className="se-row">
              <span className="se-languages__name">
                {name} ({code})
                {i === 0 ? (
                  <strong>
                    {" "}
                    <Trans>default</Trans>
                  </strong>
                ) : null}
              </span>
              {i > 0 ? (
                <button type="button" className="button button--ghost button--small" onClick={() => onMakeDefault(code)}>
                  {t`Make ${name} the default language`}
                </button>
              ) : null}
              {languages.length > 1 ? (
                <button type="button" className="button button--ghost button--small" onClick={() => onRemove(code)}>
                  {t`Remove language ${name}`}
                </button>
              ) : null}
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
