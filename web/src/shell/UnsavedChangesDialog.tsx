import { Trans } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";

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
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== "Tab") return;
    // Keep keyboard focus inside the dialog.
    const buttons = dialogRef.current?.querySelectorAll<HTMLButtonElement>("button:not([disabled])");
    if (!buttons || buttons.length === 0) return;
    const first = buttons[0]!;
    const last = buttons[buttons.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {valid ? <Trans>Unsaved changes</Trans> : <Trans>The form is not valid</Trans>}
        </h2>
        <p id={bodyId}>
          {valid ? (
            <Trans>You have unsaved changes. Do you want to save them before leaving?</Trans>
          ) : (
            <Trans>The form is not valid and cannot be saved. Cancel and continue editing to fix it.</Trans>
          )}
        </p>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            {valid ? <Trans>Cancel</Trans> : <Trans>Cancel and continue editing</Trans>}
          </button>
          <button type="button" className="button button--ghost" onClick={onDiscard}>
            <Trans>Continue without saving</Trans>
          </button>
          {valid ? (
            <button type="button" className="button" onClick={onSave} disabled={saving}>
              <Trans>Save</Trans>
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
