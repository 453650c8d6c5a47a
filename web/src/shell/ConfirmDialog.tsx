import { useEffect, useId, useRef, type ReactNode } from "react";

export interface ConfirmDialogProps {
  title: ReactNode;
  /** The question's explanation; the dialog's accessible description. */
  children: ReactNode;
  /** The label of the first button, which has the focus when the dialog opens. */
  cancelLabel: ReactNode;
  onCancel: () => void;
  /** The buttons after Cancel (discard, save, delete…). */
  actions: ReactNode;
}

/**
 * A modal confirmation (role alertdialog, labelled by its title and described by its text): the
 * focus moves to Cancel when it opens and back to where it was when it closes, Tab and Shift+Tab
 * stay inside it, and Escape cancels.
 */
export function ConfirmDialog({ title, children, cancelLabel, onCancel, actions }: ConfirmDialogProps) {
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
          {title}
        </h2>
        <p id={bodyId}>{children}</p>
        <div className="dialog__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          {actions}
        </div>
      </div>
    </div>
  );
}
