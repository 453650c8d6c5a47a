import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useBlocker } from "react-router-dom";
import { UnsavedChangesDialog } from "./UnsavedChangesDialog";

/** The dialog appears this long after a navigation is held (spec 000 §9). */
export const UNSAVED_DIALOG_DELAY_MS = 50;

export interface FormGuardOptions {
  dirty: boolean;
  valid: boolean;
  /** Saves the form; resolve false (or throw) when saving failed, so the person stays. */
  save: () => Promise<boolean | undefined>;
  /** Navigations that do not leave the form (the steps of a multi-step editor): not held. */
  stays?: (next: { pathname: string; search: string }) => boolean;
}

/**
 * Holds navigation away from a dirty form and asks what to do. Render the returned `dialog`.
 * Closing or reloading the tab while dirty triggers the browser's own prompt.
 */
export function useFormGuard({ dirty, valid, save, stays }: FormGuardOptions): { dialog: ReactNode } {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && !stays?.(nextLocation),
  );
  const [visible, setVisible] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (blocker.state !== "blocked") {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), UNSAVED_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const onCancel = useCallback(() => {
    setVisible(false);
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);

  const onDiscard = useCallback(() => {
    setVisible(false);
    if (blocker.state === "blocked") blocker.proceed();
  }, [blocker]);

  const onSave = useCallback(async () => {
    setSaving(true);
    let ok = false;
    try {
      ok = (await save()) !== false;
    } catch {
      ok = false;
    } finally {
      setSaving(false);
    }
    setVisible(false);
    if (blocker.state === "blocked") {
      if (ok) blocker.proceed();
      else blocker.reset();
    }
  }, [blocker, save]);

  const dialog =
    visible && blocker.state === "blocked" ? (
      <UnsavedChangesDialog valid={valid} saving={saving} onCancel={onCancel} onDiscard={onDiscard} onSave={() => void onSave()} />
    ) : null;
  return { dialog };
}
