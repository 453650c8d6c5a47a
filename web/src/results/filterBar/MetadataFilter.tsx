import { Trans, useLingui } from "@lingui/react/macro";
import type { FilterSectionProps } from "./types";

/** Metadata match: key and value pairs (with suggested values), and whether every pair must match. */
export function MetadataFilter({ draft, set, can, id, metaValues }: FilterSectionProps & { metaValues: Record<string, string[]> }) {
  const { t } = useLingui();
  return (
    <details className="filter-group">
      <summary>
        {t`Metadata`}: {draft.metaItems.length === 0 ? t`none` : t`${draft.metaItems.length} selected`}
      </summary>
      <fieldset className="filter-group__options" disabled={!can("metaDataMatch")}>
        <legend className="visually-hidden">{t`Metadata match`}</legend>
        {draft.metaItems.map((m, i) => {
          const n = i + 1;
          return (
            <div key={i} className="filter-rule">
              <label className="field">
                {t`Metadata key ${n}`}
                <input
                  list={`${id}-metakeys`}
                  value={m.key}
                  onChange={(e) => set({ metaItems: draft.metaItems.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })}
                />
              </label>
              <label className="field">
                {t`Metadata value ${n}`}
                <input
                  list={`${id}-metavalues-${i}`}
                  value={m.value}
                  onChange={(e) => set({ metaItems: draft.metaItems.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })}
                />
              </label>
              <datalist id={`${id}-metavalues-${i}`} data-testid={`metadata-values-${n}`}>
                {(metaValues[m.key.trim()] ?? []).map((v) => (
                  <option key={v} value={v} />
                ))}
              </datalist>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => set({ metaItems: draft.metaItems.filter((_, j) => j !== i) })}
              >
                {t`Remove metadata filter ${n}`}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => set({ metaItems: [...draft.metaItems, { key: "", value: "" }] })}
        >
          <Trans>Add metadata filter</Trans>
        </button>
        <label className="field--checkbox">
          <input type="checkbox" checked={draft.metaStrict} onChange={(e) => set({ metaStrict: e.target.checked })} />
          <Trans>Strict metadata match (every pair must match)</Trans>
        </label>
      </fieldset>
    </details>
  );
}
