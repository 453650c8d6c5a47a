import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";

/** The new key's value, shown this once, with a copy button and a clear warning. */
export function NewApiKeyNotice({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };

  return (
    <div role="alert" className="api-key-notice" style={{ border: "2px solid #f59e0b", borderRadius: "var(--radius)", padding: "1rem" }}>
      <p style={{ marginTop: 0, fontWeight: 600 }}>
        <Trans>Copy this key now. It will not be shown again: only a fingerprint of it is stored.</Trans>
      </p>
      <div className="field">
        <label htmlFor={id}>
          <Trans>Your new API key</Trans>
        </label>
        <input id={id} ref={input} type="text" readOnly value={apiKey} spellCheck={false} style={{ fontFamily: "monospace" }} />
      </div>
      <div style={{ display: "flex", gap: "0.5rem", marginTop: "0.5rem" }}>
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {copied ? t`Copied` : t`Copy`}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onDone}>
          <Trans>I have stored the key</Trans>
        </button>
      </div>
      <p aria-live="polite" className="visually-hidden">
        {copied ? t`The key was copied to the clipboard.` : ""}
      </p>
    </div>
  );
}
