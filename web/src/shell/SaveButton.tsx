import { Trans } from "@lingui/react/macro";

/** The floating save button: disabled while the form is invalid (or while saving). */
export function SaveButton({ valid, saving = false, form }: { valid: boolean; saving?: boolean; form?: string }) {
  return (
    <div className="save-fab">
      <button type="submit" form={form} className="button button--large" disabled={!valid || saving} aria-busy={saving}>
        {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
      </button>
    </div>
  );
}
