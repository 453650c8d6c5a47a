import { fieldDescribedBy, FormField } from "./FormField";

/** A labelled number input with its hint and error; the value stays the text typed (the form validates it). */
export function NumberField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  step,
  hint,
  error,
  inputMode = "decimal",
  readOnly,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  step?: number;
  hint?: string;
  error?: string;
  /** "numeric" for whole numbers (the phone keyboard without a decimal point). */
  inputMode?: "decimal" | "numeric";
  readOnly?: boolean;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type="number"
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { hint, error })}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
