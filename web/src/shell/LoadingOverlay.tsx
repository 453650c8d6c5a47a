import { Trans } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { actions as appActions, type ActionTracker } from "./actions";

/** Covers the page while a named action runs; the name is announced to screen readers. */
export function LoadingOverlay({ tracker = appActions }: { tracker?: ActionTracker }) {
  const running = useSyncExternalStore(tracker.subscribe, tracker.running, tracker.running);
  if (running.length === 0) return null;
  const name = running[running.length - 1];
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-busy="true" data-action={name}>
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Working…</Trans>
      </span>
    </div>
  );
}
