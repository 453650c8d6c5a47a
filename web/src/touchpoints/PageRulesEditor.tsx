import { Trans, useLingui } from "@lingui/react/macro";
import type { PageRule } from "./websiteSettings";

/** A list of page rules: a whole site (host and its subdomains) or a URL pattern (docs/widget.md "URL patterns"). */
export function PageRulesEditor({
  idPrefix,
  legend,
  hint,
  rules,
  onChange,
  error,
}: {
  idPrefix: string;
  legend: string;
  hint: string;
  rules: PageRule[];
  onChange: (rules: PageRule[]) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const set = (index: number, patch: Partial<PageRule>) => onChange(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="fieldset" aria-describedby={`${idPrefix}-hint${error ? ` ${idPrefix}-error` : ""}`}>
      <legend>{legend}</legend>
      <p className="field__hint" id={`${idPrefix}-hint`}>
        {hint}
      </p>
      {rules.length === 0 ? (
        <p className="muted">
          <Trans>No rules.</Trans>
        </p>
      ) : null}
      {rules.map((r, index) => (
        <div className="tp-row" key={index}>
          <div className="field" style={{ flex: "0 0 11rem" }}>
            <label htmlFor={`${idPrefix}-kind-${index}`}>{t`${legend}: rule ${index + 1} kind`}</label>
            <select id={`${idPrefix}-kind-${index}`} value={r.kind} onChange={(e) => set(index, { kind: e.target.value as PageRule["kind"] })}>
              <option value="host">{t`Whole site`}</option>
              <option value="url">{t`Address or pattern`}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-value-${index}`}>{t`${legend}: rule ${index + 1}`}</label>
            <input
              id={`${idPrefix}-value-${index}`}
              type="text"
              value={r.value}
              placeholder={r.kind === "host" ? "shop.example" : "/products/*"}
              onChange={(e) => set(index, { value: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t`Remove ${legend} rule ${index + 1}`}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="button button--secondary button--small" onClick={() => onChange([...rules, { kind: "url", value: "" }])}>
          <Trans>Add a rule</Trans>
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
