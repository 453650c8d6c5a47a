import "./forms.css";

/** A fieldset of checkboxes choosing several values. */
export function CheckboxGroup({
  idPrefix,
  legend,
  options,
  values,
  onChange,
}: {
  idPrefix: string;
  legend: string;
  options: readonly (readonly [string, string])[];
  values: string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="form-choices">
      <legend>{legend}</legend>
      {options.map(([key, label]) => (
        <label key={key} htmlFor={`${idPrefix}-${key}`}>
          <input
            id={`${idPrefix}-${key}`}
            type="checkbox"
            checked={values.includes(key)}
            onChange={(e) => onChange(e.target.checked ? [...values, key] : values.filter((v) => v !== key))}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
