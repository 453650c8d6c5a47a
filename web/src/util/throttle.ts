/**
 * Runs `fn` at most once per `intervalMs`: a call inside the window gets the promise of the
 * last run. Spec 000 §3: reloading the current user is throttled to once per 1000 ms.
 */
export function throttleAsync<T>(fn: () => Promise<T>, intervalMs: number, now: () => number = Date.now) {
  let last: { at: number; promise: Promise<T> } | null = null;
  const run = (): Promise<T> => {
    const t = now();
    if (last && t - last.at < intervalMs) return last.promise;
    const promise = fn();
    last = { at: t, promise };
    // A failed run must not be served from the window to the next caller.
    promise.catch(() => {
      if (last?.promise === promise) last = null;
    });
    return promise;
  };
  run.reset = () => {
    last = null;
  };
  return run;
}
