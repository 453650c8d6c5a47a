import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { MetadataDialogMutation } from "../__generated__/MetadataDialogMutation.graphql";
import { runMutation } from "../user-management/runMutation";

/** Edits a response's metadata (PUT /responses/{id} with updatedMetaSet): the whole set is replaced. */
export function MetadataDialog({
  responseId,
  initial,
  onClose,
}: {
  responseId: string;
  initial: Array<{ key: string; value: string }>;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [pairs, setPairs] = useState(initial.length ? initial : [{ key: "", value: "" }]);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const [commit] = useMutation<MetadataDialogMutation>(graphql`
    mutation MetadataDialogMutation($responseId: ID!, $updatedMetaSet: [MetadataPairInput!]!) {
      updateResponseMetadata(responseId: $responseId, updatedMetaSet: $updatedMetaSet) {
        responseLegacyId
      }
    }
  `);
  useEffect(() => first.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const set = pairs.map((p) => ({ key: p.key.trim(), value: p.value })).filter((p) => p.key !== "" || p.value !== "");
    if (set.some((p) => p.key === "")) {
      setError(t`Every value needs a key`);
      return;
    }
    if (new Set(set.map((p) => p.key)).size !== set.length) {
      setError(t`Each key can be used once`);
      return;
    }
    setError(null);
    const result = await runMutation(
      "updateResponseMetadata",
      commit,
      { responseId, updatedMetaSet: set },
      { success: t`Saved`, fallbackError: t`Something went wrong` },
    );
    if (result) onClose(true);
  };
  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog--wide" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="dialog__title">
          <Trans>Edit metadata</Trans>
        </h2>
        <form onSubmit={submit} noValidate>
          {pairs.map((p, i) => {
            const n = i + 1;
            return (
              <div key={i} className="filter-rule">
                <label className="field">
                  {t`Key ${n}`}
                  <input
                    ref={i === 0 ? first : undefined}
                    value={p.key}
                    onChange={(e) => setPairs(pairs.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))}
                  />
                </label>
                <label className="field">
                  {t`Value ${n}`}
                  <input value={p.value} onChange={(e) => setPairs(pairs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
                </label>
                <button type="button" className="button button--ghost button--small" onClick={() => setPairs(pairs.filter((_, j) => j !== i))}>
                  {t`Remove pair ${n}`}
                </button>
              </div>
            );
          })}
          <button type="button" className="button button--secondary button--small" onClick={() => setPairs([...pairs, { key: "", value: "" }])}>
            <Trans>Add a key and value</Trans>
          </button>
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => onClose(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button">
              <Trans>Save metadata</Trans>
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
