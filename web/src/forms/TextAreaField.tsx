import { fieldDescribedBy, FormField } from "./FormField";

/** A labelled text area (e.g. one entry a line in the widget's rules) with its error. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  rows = 3,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows?: number;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { error })}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
