import { useMatches } from "react-router-dom";
import type { RouteMeta } from "../routes";

/** The effective meta of the deepest matched route. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = (matches[i]?.handle as { meta?: RouteMeta } | undefined)?.meta;
    if (meta) return meta;
  }
  return undefined;
}
