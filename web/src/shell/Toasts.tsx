import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, toasts as appToasts, type Toast, type ToastStore } from "./toastStore";

/**
 * One toast. Its timer runs 3,200 ms in total; hovering or focusing it pauses the timer and
 * leaving resumes it with the time that was left. Escape or the close button dismisses it.
 */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useLingui();
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  const start = () => {
    if (timer.current !== null) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismissRef.current(), remaining.current);
  };
  const pause = () => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };
  const update = () => (hovered.current || focused.current ? pause() : start());

  useEffect(() => {
    start();
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const isError = toast.kind === "error";
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={isError ? "alert" : "status"}
      aria-live={isError ? "assertive" : "polite"}
      data-testid="toast"
      onMouseEnter={() => {
        hovered.current = true;
        update();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        update();
      }}
      onFocus={() => {
        focused.current = true;
        update();
      }}
      onBlur={() => {
        focused.current = false;
        update();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss();
      }}
    >
      <span className="toast__message">{toast.message}</span>
      <button type="button" className="toast__close" aria-label={t`Dismiss message`} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

export function Toasts({ store = appToasts }: { store?: ToastStore }) {
  const { t } = useLingui();
  const list = useSyncExternalStore(store.subscribe, store.list, store.list);
  return (
    <div className="toasts" aria-label={t`Messages`} role="region">
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => store.dismiss(toast.id)} />
      ))}
    </div>
  );
}
