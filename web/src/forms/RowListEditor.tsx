import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import "./forms.css";

/**
 * A fieldset of editable rows with a remove button on each and an add button below: the list
 * editing that the key-value and page-rule editors share. Each row's fields come from `renderRow`,
 * which gets a `set` that patches that row.
 */
export function RowListEditor<Row extends object>({
  idPrefix,
  legend,
  hint,
  rows,
  onChange,
  newRow,
  renderRow,
  removeLabel,
  addLabel,
  empty,
  error,
}: {
  idPrefix: string;
  legend: string;
  hint?: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  renderRow: (row: Row, index: number, set: (patch: Partial<Row>) => void) => ReactNode;
  /** The remove button's accessible name for the row at `index`. */
  removeLabel: (index: number) => string;
  /** The add button's visible text; the legend follows it for screen readers. */
  addLabel: ReactNode;
  /** Shown while there are no rows. */
  empty?: ReactNode;
  error?: string;
}) {
  const set = (index: number, patch: Partial<Row>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const describedBy = [hint ? `${idPrefix}-hint` : null, error ? `${idPrefix}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset className="fieldset" aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p className="field__hint" id={`${idPrefix}-hint`}>
          {hint}
        </p>
      ) : null}
      {rows.length === 0 && empty ? <p className="muted">{empty}</p> : null}
      {rows.map((row, index) => (
        <div className="form-row" key={index}>
          {renderRow(row, index, (patch) => set(index, patch))}
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={removeLabel(index)}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="button button--secondary button--small" onClick={() => onChange([...rows, newRow()])}>
          {addLabel}
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
