import { Trans, useLingui } from "@lingui/react/macro";
import type { KeyValue } from "./model";

/** Rows of key and value with add and remove buttons (emitted metadata, custom configuration). */
export function KeyValueEditor({
  idPrefix,
  legend,
  hint,
  pairs,
  onChange,
  error,
}: {
  idPrefix: string;
  legend: string;
  hint?: string;
  pairs: KeyValue[];
  onChange: (pairs: KeyValue[]) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const set = (index: number, patch: Partial<KeyValue>) => onChange(pairs.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <fieldset className="fieldset" aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {pairs.map((p, index) => (
        <div className="tp-row" key={index}>
          <div className="field">
            <label htmlFor={`${idPrefix}-key-${index}`}>{t`${legend}: key ${index + 1}`}</label>
            <input id={`${idPrefix}-key-${index}`} type="text" value={p.key} maxLength={100} onChange={(e) => set(index, { key: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-value-${index}`}>{t`${legend}: value ${index + 1}`}</label>
            <input id={`${idPrefix}-value-${index}`} type="text" value={p.value} maxLength={1000} onChange={(e) => set(index, { value: e.target.value })} />
          </div>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t`Remove ${legend} row ${index + 1}`}
            onClick={() => onChange(pairs.filter((_, i) => i !== index))}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="button button--secondary button--small" onClick={() => onChange([...pairs, { key: "", value: "" }])}>
          <Trans>Add a row</Trans>
          <span className="visually-hidden">: {legend}</span>
        </button>
      </div>
      {error ? (
        <p className="field__error" id={`${idPrefix}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
