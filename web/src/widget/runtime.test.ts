// The runtime in jsdom: a fake settings endpoint, the real rules, storage and display.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeAfterResponseMs, boot, messages, type Widget } from "./runtime.js";
import type { WidgetSettings } from "./settings.js";
import { widgetSettings } from "../test/fixtures/widgetSettings.js";
import { loadState, openStore } from "./storage.js";

const base = "https://feedback.example";
const id = "0123456789abcdef01234567";

const settings = (over: Partial<WidgetSettings> = {}): WidgetSettings => widgetSettings({ touchpointId: id, ...over });

type W = Window & typeof globalThis & { feedbackWidget?: unknown };

function script(): HTMLScriptElement {
  const s = document.createElement("script");
  s.src = `${base}/widget.js`;
  s.dataset.touchpoint = id;
  return s;
}

const started: Widget[] = [];

async function start(answer: unknown): Promise<Widget> {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const widget = boot(window as W, script())!;
  started.push(widget);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith(`${base}/r/${id}/widget-settings`, { credentials: "omit" }));
  await new Promise((r) => setTimeout(r, 0));
  return widget;
}

const host = () => document.querySelector("[data-feedback-widget-host]");
const box = () => host()?.shadowRoot?.querySelector<HTMLElement>("[role=dialog]") ?? null;

beforeEach(() => {
  delete (window as W).feedbackWidget;
  history.replaceState(null, "", "/products/1");
  document.body.innerHTML = "";
});
afterEach(() => {
  for (const w of started.splice(0)) w.destroy();
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the widget on a page", () => {
  it("shows a corner window at its placement with the survey page in an iframe", async () => {
    await start(settings({ displayOptions: { type: "cornerWindow", placement: "top-left" }, saveUrlAsMeta: true }));
    expect(box()?.getAttribute("data-placement")).toBe("top-left");
    expect(box()?.className).toContain("top-left");
    expect(box()?.getAttribute("aria-label")).toBe("Feedback survey");
    const iframe = box()!.querySelector("iframe")!;
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe(`${base}/s/${id}`);
    expect(src.searchParams.get("embed")).toBe("widget");
    expect(JSON.parse(src.searchParams.get("meta")!)).toEqual({ url: location.href });
    expect(loadState(openStore(window), Date.now())!.touchpoints[id]!.shown).toBeTypeOf("number");
  });

  it("shows nothing for an inactive widget or when a rule fails", async () => {
    await start({ active: false });
    expect(host()).toBeNull();
    await start(settings({ pages: { whitelist: [{ url: "/checkout" }], blacklist: [] } }));
    expect(host()).toBeNull();
  });

  it("the close button records a decline, and the widget stays away on the next page view", async () => {
    await start(settings());
    const close = box()!.querySelector<HTMLButtonElement>("button[aria-label]")!;
    expect(close.getAttribute("aria-label")).toBe("Close the survey");
    close.click();
    expect(host()).toBeNull();
    expect(loadState(openStore(window), Date.now())!.touchpoints[id]!.declined).toBeTypeOf("number");
    history.replaceState(null, "", "/products/2");
    delete (window as W).feedbackWidget;
    await start(settings());
    expect(host()).toBeNull();
  });

  it("records a response on feedback:completed from the survey's origin only, then closes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await start(settings());
    const iframe = box()!.querySelector("iframe")!;
    window.dispatchEvent(new MessageEvent("message", { data: { type: messages.completed }, origin: "https://evil.example", source: iframe.contentWindow }));
    expect(loadState(openStore(window), Date.now())!.touchpoints[id]!.responded).toBeUndefined();
    window.dispatchEvent(new MessageEvent("message", { data: { type: messages.completed }, origin: base, source: iframe.contentWindow }));
    expect(loadState(openStore(window), Date.now())!.touchpoints[id]!.responded).toBeTypeOf("number");
    expect(host()).not.toBeNull(); // the thank-you screen stays a moment
    vi.advanceTimersByTime(closeAfterResponseMs);
    expect(host()).toBeNull();
  });

  it("waits for the time on page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timeOrigin = Date.now();
    vi.spyOn(performance, "timeOrigin", "get").mockReturnValue(timeOrigin);
    await start(settings({ displayAfterTimeOnPage: 5 }));
    expect(host()).toBeNull();
    await vi.advanceTimersByTimeAsync(5100);
    expect(host()).not.toBeNull();
  });

  it("re-evaluates when a custom property is set", async () => {
    await start(settings({ customProperties: { mode: "all", values: [{ name: "plan", value: "pro" }] } }));
    expect(host()).toBeNull();
    (window as W & { feedbackWidget: { setProperty(k: string, v: string): void } }).feedbackWidget.setProperty("plan", "pro");
    expect(host()).not.toBeNull();
  });

  it("open() shows it regardless of the rules; close() hides it without a decline", async () => {
    await start(settings({ pages: { whitelist: [{ url: "/nowhere" }], blacklist: [] } }));
    const api = (window as W & { feedbackWidget: { open(): void; close(): void } }).feedbackWidget;
    api.open();
    expect(host()).not.toBeNull();
    api.close();
    expect(host()).toBeNull();
    expect(loadState(openStore(window), Date.now())!.touchpoints[id]!.declined).toBeUndefined();
  });

  it("popover: modal dialog with focus inside, Escape declines and returns focus", async () => {
    const before = document.createElement("button");
    document.body.appendChild(before);
    before.focus();
    await start(settings({ displayOptions: { type: "popover", placement: "bottom-right" } }));
    const dialog = box()!;
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(host()!.shadowRoot!.querySelector(".overlay")).not.toBeNull();
    expect(host()!.shadowRoot!.activeElement?.getAttribute("aria-label")).toBe("Close the survey");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(host()).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(loadState(openStore(window), Date.now())!.touchpoints[id]!.declined).toBeTypeOf("number");
  });

  it("embedded: fills the element marked with data-feedback-widget, without a close button", async () => {
    document.body.innerHTML = `<div data-feedback-widget="${id}"></div>`;
    await start(settings({ displayOptions: { type: "embedded", placement: "bottom-right" } }));
    const iframe = document.querySelector<HTMLIFrameElement>(`[data-feedback-widget="${id}"] iframe`);
    expect(iframe?.title).toBe("Feedback survey");
    expect(host()).toBeNull();
  });

  it("single-page navigation is a new page view", async () => {
    await start(settings({ pages: { whitelist: [{ url: "/thanks" }], blacklist: [] } }));
    expect(host()).toBeNull();
    history.pushState(null, "", "/thanks");
    expect(host()).not.toBeNull();
    expect(loadState(openStore(window), Date.now())!.session.urls.map((u) => new URL(u).pathname)).toEqual(["/products/1", "/thanks"]);
  });
});
