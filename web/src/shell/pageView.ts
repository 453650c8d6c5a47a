/**
 * Page-view events (spec 000 §2): after every route change, except on component pages with a
 * token. No third-party script: a window CustomEvent "feedback:page-view" with { path } is
 * dispatched and a pluggable sink is called (the default sink sends nothing anywhere).
 */
import { hasQueryToken } from "../access/queryFlags";

export const PAGE_VIEW_EVENT = "feedback:page-view";

export interface PageView {
  path: string;
}

export type PageViewSink = (view: PageView) => void;

const noNetworkSink: PageViewSink = () => {};
let sink: PageViewSink = noNetworkSink;

/** Plug in an analytics sink (for example one that posts to the organisation's own service). */
export function setPageViewSink(next: PageViewSink | null): void {
  sink = next ?? noNetworkSink;
}

export function shouldSendPageView(input: { componentPage: boolean; search: string }): boolean {
  return !(input.componentPage && hasQueryToken(input.search));
}

export function sendPageView(path: string): void {
  const view: PageView = { path };
  window.dispatchEvent(new CustomEvent<PageView>(PAGE_VIEW_EVENT, { detail: view }));
  try {
    sink(view);
  } catch {
    // Analytics must never break navigation.
  }
}
