import { FormField } from "./FormField";

/** A labelled select of `[value, label]` options. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly (readonly [V, string])[];
  disabled?: boolean;
}) {
  return (
    <FormField id={id} label={label}>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </FormField>
  );
}
