import { useLingui } from "@lingui/react/macro";
import type { FilterOption } from "./types";

/** A group of checkboxes inside a disclosure, e.g. the touchpoints; the summary tells how many are chosen. */
export function FilterCheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  disabled,
  emptyText,
  allText,
}: {
  legend: string;
  options: FilterOption[];
  selected: string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
  emptyText: string;
  allText: string;
}) {
  const { t } = useLingui();
  const count = selected.length;
  return (
    <details className="filter-group">
      <summary>
        {legend}: {count === 0 ? allText : t`${count} selected`}
      </summary>
      <fieldset className="filter-group__options" disabled={disabled}>
        <legend className="visually-hidden">{legend}</legend>
        {options.length === 0 ? <p className="field__hint">{emptyText}</p> : null}
        {options.map((o) => (
          <label key={o.id} className="field--checkbox">
            <input
              type="checkbox"
              checked={selected.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, o.id] : selected.filter((id) => id !== o.id))}
            />
            {o.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
