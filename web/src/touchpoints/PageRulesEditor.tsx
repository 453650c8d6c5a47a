import { Trans, useLingui } from "@lingui/react/macro";
import { RowListEditor } from "../forms/RowListEditor";
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
  return (
    <RowListEditor
      idPrefix={idPrefix}
      legend={legend}
      hint={hint}
      rows={rules}
      onChange={onChange}
      newRow={(): PageRule => ({ kind: "url", value: "" })}
      removeLabel={(index) => t`Remove ${legend} rule ${index + 1}`}
      addLabel={<Trans>Add a rule</Trans>}
      empty={<Trans>No rules.</Trans>}
      error={error}
      renderRow={(r, index, set) => (
        <>
          <div className="field" style={{ flex: "0 0 11rem" }}>
            <label htmlFor={`${idPrefix}-kind-${index}`}>{t`${legend}: rule ${index + 1} kind`}</label>
            <select id={`${idPrefix}-kind-${index}`} value={r.kind} onChange={(e) => set({ kind: e.target.value as PageRule["kind"] })}>
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
              onChange={(e) => set({ value: e.target.value })}
            />
          </div>
        </>
      )}
    />
  );
}
