import { Trans } from "@lingui/react/macro";
import { useId } from "react";

type Props = {
  valid: boolean;
  /** The form differs from what is stored (the unsaved-changes guard's own flag). */
  dirty: boolean;
  saving?: boolean;
  form?: string;
};

/**
 * The floating save button, the same rule on every form (docs/design-system.md "Save"): it reads
 * "Save" and is enabled only when there is something to save, that is the form has changes, they
 * are valid, and no save is running. Untouched (or just saved), it is disabled and says why beside
 * it: "No unsaved changes".
 */
export function SaveButton({ valid, dirty, saving = false, form }: Props) {
  const noteId = useId();
  const untouched = !dirty && !saving;
  return (
    <div className="save-fab">
      {untouched ? (
        <span className="save-fab__note" id={noteId}>
          <Trans>No unsaved changes</Trans>
        </span>
      ) : null}
      <button
        type="submit"
        form={form}
        className="button button--large"
        disabled={!valid || !dirty || saving}
        aria-busy={saving}
        aria-describedby={untouched ? noteId : undefined}
      >
        {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
      </button>
    </div>
  );
}
