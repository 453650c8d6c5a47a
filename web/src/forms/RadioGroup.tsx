import "./forms.css";

/** A fieldset of radio buttons with a legend (arrow keys move between them, as native radios do). */
export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled = false,
  hint,
}: {
  name: string;
  legend: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <fieldset className="form-choices" disabled={disabled} aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend>{legend}</legend>
      {options.map(([key, label]) => (
        <label key={key}>
          <input type="radio" name={name} value={key} checked={value === key} onChange={() => onChange(key)} />
          {label}
        </label>
      ))}
      {hint ? (
        <p className="field__hint" id={`${name}-hint`} style={{ flexBasis: "100%" }}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
