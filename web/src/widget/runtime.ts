// One widget on a customer's page: fetches its settings, keeps the visitor state, evaluates the
// targeting rules (rules.ts) as the visitor reads, and shows the survey when they all hold.
import { installApi, type Hub, type WidgetTarget } from "./api.js";
import { mount, surveyUrl, type Mounted } from "./display.js";
import { failedRules, isExitMouseOut, isMobileExitScroll, scrollPercent, timeRemaining, triggersMet } from "./rules.js";
import type { SettingsAnswer, WidgetSettings } from "./settings.js";
import { beginPageView, record, type VisitorState } from "./state.js";
import { loadState, openStore, saveState, type KeyValue } from "./storage.js";

/** How long the thank-you screen stays before a popover or corner window closes itself. */
export const closeAfterResponseMs = 3000;

/** The messages the survey page posts to this window (docs/widget.md). */
export const messages = { completed: "feedback:completed", close: "feedback:close", resize: "feedback:resize" } as const;

type Win = Window & typeof globalThis & { feedbackWidget?: unknown };

export class Widget implements WidgetTarget {
  settings: WidgetSettings | null = null;
  mounted: Mounted | null = null;
  private state: VisitorState;
  private readonly store: KeyValue;
  private clockOffset = 0;
  private pageStart: number;
  private maxScroll = 0;
  private exited = false;
  private shownThisPage = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastScroll = { y: 0, t: 0 };
  private maxY = 0;
  private url: string;
  private readonly listeners = new AbortController();

  constructor(
    private readonly win: Win,
    private readonly hub: Hub,
    readonly base: string,
    readonly touchpointId: string,
  ) {
    this.store = openStore(win);
    const now = Date.now();
    const timeOrigin = win.performance?.timeOrigin;
    this.pageStart = typeof timeOrigin === "number" && timeOrigin > 0 && timeOrigin <= now ? Math.round(timeOrigin) : now;
    this.url = win.location.href;
    this.state = beginPageView(loadState(this.store, now), { now, url: this.url, referrer: win.document.referrer });
    saveState(this.store, this.state, now);
    hub.add(this);
  }

  async start(): Promise<void> {
    let answer: SettingsAnswer;
    try {
      const res = await this.win.fetch(`${this.base}/r/${encodeURIComponent(this.touchpointId)}/widget-settings`, { credentials: "omit" });
      if (!res.ok) return;
      answer = (await res.json()) as SettingsAnswer;
    } catch {
      return;
    }
    if (!answer.active) return;
    this.settings = answer;
    const serverTime = Date.parse(answer.serverTime);
    if (Number.isFinite(serverTime)) this.clockOffset = serverTime - Date.now();
    await domReady(this.win.document);
    this.listen(answer);
    if (this.hub.openRequested) this.open();
    else this.evaluate();
  }

  // --- WidgetTarget -----------------------------------------------------------------------------

  /** Shows the survey now, whatever the targeting rules say (an inactive widget never shows). */
  open(): void {
    if (this.settings && !this.mounted) this.show();
  }

  /** Hides the survey without counting it as the visitor's decline. */
  close(): void {
    this.unmount();
  }

  changed(): void {
    this.evaluate();
  }

  /** Stops listening and removes the survey (used by tests; a page simply unloads). */
  destroy(): void {
    this.listeners.abort();
    clearTimeout(this.timer);
    this.unmount();
    this.settings = null;
  }

  // --- Evaluation -------------------------------------------------------------------------------

  private refreshState(): VisitorState {
    // Another tab or another of our widgets may have written since.
    this.state = loadState(this.store, Date.now()) ?? this.state;
    return this.state;
  }

  evaluate(): void {
    const s = this.settings;
    if (!s || this.mounted || this.shownThisPage) return;
    clearTimeout(this.timer);
    const now = Date.now();
    const state = this.refreshState();
    const failed = failedRules(s, state, {
      url: this.url,
      now,
      serverNow: now + this.clockOffset,
      userAgent: this.win.navigator.userAgent,
      viewportWidth: this.win.innerWidth,
      cookie: this.win.document.cookie,
      properties: this.hub.properties,
      random: Math.random,
    });
    saveState(this.store, state, now); // keeps the sample draw for the visit
    if (failed.length > 0) return;
    const progress = { pageStart: this.pageStart, siteStart: state.session.start, now, maxScroll: this.maxScroll, exited: this.exited };
    if (triggersMet(s, progress)) {
      this.show();
      return;
    }
    const wait = timeRemaining(s, progress);
    if (wait > 0) this.timer = setTimeout(() => this.evaluate(), wait + 20);
  }

  private listen(s: WidgetSettings): void {
    const { win } = this;
    const doc = win.document;
    const { signal } = this.listeners;
    const coarse = !!win.matchMedia?.("(pointer: coarse)").matches;
    if (s.scroll > 0 || (s.exitIntent && coarse)) {
      this.maxScroll = this.currentScroll();
      win.addEventListener(
        "scroll",
        () => {
          const y = win.scrollY;
          const t = Date.now();
          const pct = this.currentScroll();
          let again = false;
          if (pct > this.maxScroll) {
            this.maxScroll = pct;
            again = s.scroll > 0 && pct >= s.scroll;
          }
          if (s.exitIntent && coarse && !this.exited && isMobileExitScroll(this.lastScroll, { y, t }, this.maxY, win.innerHeight)) {
            this.exited = true;
            again = true;
          }
          this.maxY = Math.max(this.maxY, y);
          this.lastScroll = { y, t };
          if (again) this.evaluate();
        },
        { passive: true, signal },
      );
    }
    if (s.exitIntent) {
      doc.addEventListener(
        "mouseout",
        (e) => {
          if (!this.exited && isExitMouseOut(e)) {
            this.exited = true;
            this.evaluate();
          }
        },
        { signal },
      );
    }
    // Single-page applications: a new URL is a new page view.
    const navigated = () => this.navigated();
    win.addEventListener("popstate", navigated, { signal });
    win.addEventListener("hashchange", navigated, { signal });
    win.addEventListener("feedbackwidget:navigate", navigated, { signal });
    patchHistory(win);
    win.addEventListener("message", (e) => this.onMessage(e), { signal });
  }

  private currentScroll(): number {
    const doc = this.win.document.documentElement;
    return scrollPercent(this.win.scrollY, Math.max(doc.scrollHeight, this.win.document.body?.scrollHeight ?? 0), this.win.innerHeight);
  }

  private navigated(): void {
    const url = this.win.location.href;
    if (url === this.url) return;
    this.url = url;
    const now = Date.now();
    this.state = beginPageView(this.refreshState(), { now, url, referrer: "" });
    saveState(this.store, this.state, now);
    this.pageStart = now;
    this.maxScroll = this.currentScroll();
    this.exited = false;
    this.shownThisPage = false;
    this.evaluate();
  }

  // --- Display ----------------------------------------------------------------------------------

  private meta(): Record<string, string> {
    const meta: Record<string, string> = Object.fromEntries(this.hub.meta);
    if (this.settings?.saveUrlAsMeta) meta.url = this.url;
    return meta;
  }

  private show(): void {
    const s = this.settings!;
    const doc = this.win.document;
    const lang = doc.documentElement.lang || this.win.navigator.language || "en";
    this.mounted = mount(doc, {
      type: s.displayOptions.type,
      placement: s.displayOptions.placement,
      touchpointId: this.touchpointId,
      src: surveyUrl(this.base, this.touchpointId, { display: s.displayOptions.type, meta: this.meta(), lang }),
      lang,
      onDecline: () => this.decline(),
    });
    if (!this.mounted) return; // embedded without its element on this page
    this.shownThisPage = true;
    const now = Date.now();
    this.state = record(this.refreshState(), this.touchpointId, "shown", now);
    saveState(this.store, this.state, now);
  }

  private unmount(): void {
    this.mounted?.unmount();
    this.mounted = null;
  }

  private decline(): void {
    const now = Date.now();
    this.state = record(this.refreshState(), this.touchpointId, "declined", now);
    saveState(this.store, this.state, now);
    this.unmount();
  }

  private onMessage(e: MessageEvent): void {
    const m = this.mounted;
    if (!m || e.origin !== this.base || e.source !== m.iframe.contentWindow) return;
    const data = e.data as unknown;
    const type = typeof data === "string" ? data : (data as { type?: unknown } | null)?.type;
    if (type === messages.completed) {
      const now = Date.now();
      this.state = record(this.refreshState(), this.touchpointId, "responded", now);
      saveState(this.store, this.state, now);
      if (m.type !== "embedded") setTimeout(() => this.mounted === m && this.unmount(), closeAfterResponseMs);
    } else if (type === messages.close) {
      this.decline();
    } else if (type === messages.resize) {
      const height = Number((data as { height?: unknown }).height);
      if (Number.isFinite(height)) m.resize(height);
    }
  }
}

function domReady(doc: Document): Promise<void> {
  if (doc.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
}

/** pushState and replaceState announce themselves, once per page whatever the number of widgets. */
function patchHistory(win: Win): void {
  const h = win.history as History & { __feedbackWidget?: boolean };
  if (!h || h.__feedbackWidget) return;
  h.__feedbackWidget = true;
  for (const name of ["pushState", "replaceState"] as const) {
    const original = h[name];
    h[name] = function (this: History, ...args: Parameters<History["pushState"]>) {
      const result = original.apply(this, args);
      win.dispatchEvent(new Event("feedbackwidget:navigate"));
      return result;
    };
  }
}

/** The script tag that loaded us: its origin serves the settings and the survey page. */
export function findScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript as HTMLScriptElement | null;
  if (current?.dataset.touchpoint) return current;
  const all = doc.querySelectorAll<HTMLScriptElement>("script[data-touchpoint][src]");
  return all.length ? all[all.length - 1]! : null;
}

/** Starts the widget of a script tag `<script async src=".../widget.js" data-touchpoint="ID">`. */
export function boot(win: Win, script: HTMLScriptElement | null): Widget | null {
  const hub = installApi(win);
  const id = script?.dataset.touchpoint?.trim();
  if (!script || !id) return null;
  let base: string;
  try {
    base = new URL(script.src, win.location.href).origin;
  } catch {
    return null;
  }
  const widget = new Widget(win, hub, base, id);
  void widget.start();
  return widget;
}
