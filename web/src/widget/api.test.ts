import { describe, expect, it, vi } from "vitest";
import { Hub, installApi, stubSource, type WidgetTarget } from "./api.js";

type W = Window & { feedbackWidget?: unknown };

describe("window.feedbackWidget", () => {
  it("replays the calls the snippet's stub queued before the script loaded, in order", () => {
    const win = window as W;
    delete win.feedbackWidget;
    // The stub as customers paste it.
    new Function(stubSource)();
    const stub = win.feedbackWidget as { setProperty(k: string, v: unknown): void; addMeta(k: string, v: unknown): void; open(): void; q: unknown[] };
    stub.setProperty("plan", "pro");
    stub.addMeta("orderId", 1234);
    stub.open();
    stub.addMeta("orderId", "");
    stub.addMeta("channel", "web");
    expect(stub.q).toHaveLength(5);

    const hub = installApi(win);
    expect(win.feedbackWidget).toBe(hub);
    expect([...hub.properties]).toEqual([["plan", "pro"]]);
    expect([...hub.meta]).toEqual([["channel", "web"]]);
    expect(hub.openRequested).toBe(true);
    // A second script on the page shares the same hub.
    expect(installApi(win)).toBe(hub);
    delete win.feedbackWidget;
  });

  it("works without a stub and ignores unknown or malformed queued calls", () => {
    const win = window as W;
    win.feedbackWidget = { q: [["nope", []], "x", ["setProperty", ["a", 1]], ["close"]] };
    const hub = installApi(win);
    expect([...hub.properties]).toEqual([["a", "1"]]);
    delete win.feedbackWidget;
    expect(installApi(win)).toBeInstanceOf(Hub);
    delete win.feedbackWidget;
  });

  it("forwards open and close to the widgets and tells them about property changes", () => {
    const hub = new Hub();
    const target: WidgetTarget = { open: vi.fn(), close: vi.fn(), changed: vi.fn() };
    hub.add(target);
    hub.open();
    hub.close();
    hub.setProperty("k", "v");
    hub.setProperty("", "ignored");
    expect(target.open).toHaveBeenCalledTimes(1);
    expect(target.close).toHaveBeenCalledTimes(1);
    expect(target.changed).toHaveBeenCalledTimes(1);
    expect(hub.openRequested).toBe(false);
  });
});
