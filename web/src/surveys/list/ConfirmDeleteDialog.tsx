import { Plural, Trans } from "@lingui/react/macro";
import { useEffect, useId, useRef } from "react";

/** Asks before a survey is deleted: its questions and responses go with it. Escape or Cancel keeps it. */
export function ConfirmDeleteDialog({ name, responseCount, onCancel, onConfirm }: { name: string; responseCount: number; onCancel: () => void; onConfirm: () => void }) {
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
      <div ref={dialogRef} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="dialog__title">
          <Trans>Delete the survey “{name}”?</Trans>
        </h2>
        <p id={bodyId}>
          <Plural
            value={responseCount}
            _0="Its questions are deleted too. This cannot be undone."
            one="Its questions and its # response are deleted too. This cannot be undone."
            other="Its questions and all its # responses are deleted too. This cannot be undone."
          />
        </p>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            <Trans>Delete survey</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}
