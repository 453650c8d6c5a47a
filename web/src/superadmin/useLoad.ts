import { useCallback, useEffect, useState } from "react";

export type Load<T> = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; data: T };

/** Loads with a REST call; `reload` reads again (after a write the list is refetched, spec 000 §7). */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ kind: "loading" });
  const [key, setKey] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  const stable = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    stable()
      .then((data) => live && setState({ kind: "ready", data }))
      .catch(() => live && setState({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, [stable, key]);
  return [state, () => setKey((k) => k + 1)];
}
