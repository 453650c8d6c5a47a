import { Trans } from "@lingui/react/macro";
import { ConfirmDialog } from "./ConfirmDialog";

export interface UnsavedChangesDialogProps {
  /** false: the form is invalid, so saving is not offered. */
  valid: boolean;
  saving?: boolean;
  onCancel: () => void;
  onDiscard: () => void;
  onSave: () => void;
}

/**
 * Spec 000 §2 / 001 §2: cancel (stay), continue without saving (discard, proceed), save
 * (save, proceed). An invalid form is not offered saving: the dialog says so and asks the
 * person to cancel and continue editing (leaving without saving stays possible).
 */
export function UnsavedChangesDialog({ valid, saving = false, onCancel, onDiscard, onSave }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      title={valid ? <Trans>Unsaved changes</Trans> : <Trans>The form is not valid</Trans>}
      cancelLabel={valid ? <Trans>Cancel</Trans> : <Trans>Cancel and continue editing</Trans>}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onDiscard}>
            <Trans>Continue without saving</Trans>
          </button>
          {valid ? (
            <button type="button" className="button" onClick={onSave} disabled={saving}>
              <Trans>Save</Trans>
            </button>
          ) : null}
        </>
      }
    >
      {valid ? (
        <Trans>You have unsaved changes. Do you want to save them before leaving?</Trans>
      ) : (
        <Trans>The form is not valid and cannot be saved. Cancel and continue editing to fix it.</Trans>
      )}
    </ConfirmDialog>
  );
}
