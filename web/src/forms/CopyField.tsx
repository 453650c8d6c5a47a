import { useLingui } from "@lingui/react/macro";
import { toasts } from "../shell/toastStore";
import "./forms.css";

/** A read-only value (a link, a snippet) with a copy button. */
export function CopyField({
  id,
  label,
  value,
  multiline = false,
  copyLabel,
}: {
  id: string;
  label: string;
  value: string;
  multiline?: boolean;
  copyLabel: string;
}) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.success(t`Copied`);
    } catch {
      // No clipboard (an insecure page or a refusal): select the text so the person can copy it.
      const el = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
      el?.select();
      toasts.error(t`Copy it with Ctrl+C or ⌘+C: the text is selected`);
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="form-row">
        {multiline ? (
          <textarea id={id} className="form-code" readOnly value={value} rows={3} onFocus={(e) => e.target.select()} />
        ) : (
          <input id={id} type="text" readOnly value={value} onFocus={(e) => e.target.select()} style={{ flex: 1 }} />
        )}
        <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
    </div>
  );
}
