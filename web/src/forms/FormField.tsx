import type { ReactNode } from "react";
import "./forms.css";

/** The id of a field's error text, which its control names in aria-describedby while there is an error. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** The id of a field's hint text. */
export const fieldHintId = (id: string) => `${id}-hint`;

/** The control's aria-describedby: its hint and its error, when shown. */
export const fieldDescribedBy = (id: string, { hint, error }: { hint?: ReactNode; error?: string }): string | undefined =>
  [hint ? fieldHintId(id) : "", error ? fieldErrorId(id) : ""].filter(Boolean).join(" ") || undefined;

/**
 * A labelled control of any kind (text, e-mail, password, select…) with its hint and its error
 * below: the label points at `id`, which the control given as children carries. Required fields
 * get a visual "*" (the form says what it means).
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={fieldHintId(id)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={fieldErrorId(id)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
