// One text of the survey in the language being edited. In another language than the default the
// default text shows as the placeholder and below the field, so a translator sees the original.
import { Trans } from "@lingui/react/macro";
import { MAX_TEXT, type LocalizedText } from "./draft";

type Props = {
  id: string;
  label: string;
  value: LocalizedText;
  language: string;
  defaultLanguage: string;
  onChange: (value: LocalizedText) => void;
  error?: string;
  multiline?: boolean;
  placeholder?: string;
};

export function LocalizedInput({ id, label, value, language, defaultLanguage, onChange, error, multiline, placeholder }: Props) {
  const text = value[language] ?? "";
  const original = language !== defaultLanguage ? (value[defaultLanguage] ?? "") : "";
  const describedBy = [error ? `${id}-error` : null, original ? `${id}-original` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    value: text,
    lang: language,
    maxLength: MAX_TEXT,
    placeholder: original || placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  const set = (v: string) => onChange({ ...value, [language]: v });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => set(e.target.value)} />
      ) : (
        <input type="text" {...common} onChange={(e) => set(e.target.value)} />
      )}
      {original ? (
        <p className="field__hint" id={`${id}-original`} lang={defaultLanguage}>
          <Trans>Default language: {original}</Trans>
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
