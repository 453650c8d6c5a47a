import { afterEach, describe, expect, it, vi } from "vitest";
import { PAGE_VIEW_EVENT, sendPageView, setPageViewSink, shouldSendPageView } from "./pageView";

describe("page views", () => {
  afterEach(() => setPageViewSink(null));

  it("dispatches a window event and calls the sink", () => {
    const sink = vi.fn();
    setPageViewSink(sink);
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(PAGE_VIEW_EVENT, listener);
    sendPageView("/summary");
    window.removeEventListener(PAGE_VIEW_EVENT, listener);
    expect(seen).toEqual([{ path: "/summary" }]);
    expect(sink).toHaveBeenCalledWith({ path: "/summary" });
  });
  it("survives a throwing sink", () => {
    setPageViewSink(() => {
      throw new Error("boom");
    });
    expect(() => sendPageView("/x")).not.toThrow();
  });
  it("is skipped only on component pages with a token", () => {
    expect(shouldSendPageView({ componentPage: true, search: "?token=abcdefghijk" })).toBe(false);
    expect(shouldSendPageView({ componentPage: true, search: "" })).toBe(true);
    expect(shouldSendPageView({ componentPage: false, search: "?token=abcdefghijk" })).toBe(true);
  });
});
