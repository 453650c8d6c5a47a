import { Trans, useLingui } from "@lingui/react/macro";
import { RowListEditor } from "./RowListEditor";

export type KeyValue = { key: string; value: string };

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
  return (
    <RowListEditor
      idPrefix={idPrefix}
      legend={legend}
      hint={hint}
      rows={pairs}
      onChange={onChange}
      newRow={() => ({ key: "", value: "" })}
      removeLabel={(index) => t`Remove ${legend} row ${index + 1}`}
      addLabel={<Trans>Add a row</Trans>}
      error={error}
      renderRow={(p, index, set) => (
        <>
          <div className="field">
            <label htmlFor={`${idPrefix}-key-${index}`}>{t`${legend}: key ${index + 1}`}</label>
            <input id={`${idPrefix}-key-${index}`} type="text" value={p.key} maxLength={100} onChange={(e) => set({ key: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-value-${index}`}>{t`${legend}: value ${index + 1}`}</label>
            <input id={`${idPrefix}-value-${index}`} type="text" value={p.value} maxLength={1000} onChange={(e) => set({ value: e.target.value })} />
          </div>
        </>
      )}
    />
  );
}
