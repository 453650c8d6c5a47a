// The page's API, `window.feedbackWidget`: open(), close(), setProperty(key, value),
// addMeta(key, value). The snippet's one-line stub queues calls made before the script has loaded
// (`{ q: [[method, args], …] }`); the script replays them in order when it takes over.

export type WidgetTarget = { open(): void; close(): void; changed(): void };

export type WidgetApi = {
  open(): void;
  close(): void;
  setProperty(key: string, value: unknown): void;
  addMeta(key: string, value: unknown): void;
};

export const methods = ["open", "close", "setProperty", "addMeta"] as const;

/** The stub customers paste before the script tag when they call the API early (docs/widget.md). */
export const stubSource =
  'window.feedbackWidget=window.feedbackWidget||{q:[]};["open","close","setProperty","addMeta"].forEach(function(m){var w=window.feedbackWidget;w[m]=w[m]||function(){w.q.push([m,[].slice.call(arguments)])}});';

const maxKey = 100;
const maxValue = 1000;

/** A string key, or null when unusable. */
const cleanKey = (k: unknown) => (typeof k === "string" && k.trim() ? k.trim().slice(0, maxKey) : null);
/** null, undefined and "" remove the entry; anything else is kept as a string. */
const cleanValue = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v).slice(0, maxValue));

export class Hub implements WidgetApi {
  readonly properties = new Map<string, string>();
  readonly meta = new Map<string, string>();
  /** open() was called before any widget was ready. */
  openRequested = false;
  private readonly targets = new Set<WidgetTarget>();
  readonly isFeedbackWidgetHub = true;

  add(target: WidgetTarget): void {
    this.targets.add(target);
  }

  open(): void {
    this.openRequested = true;
    for (const t of this.targets) t.open();
  }

  close(): void {
    this.openRequested = false;
    for (const t of this.targets) t.close();
  }

  setProperty(key: unknown, value: unknown): void {
    this.set(this.properties, key, value);
  }

  addMeta(key: unknown, value: unknown): void {
    this.set(this.meta, key, value);
  }

  private set(map: Map<string, string>, key: unknown, value: unknown) {
    const k = cleanKey(key);
    if (!k) return;
    const v = cleanValue(value);
    if (v === null) map.delete(k);
    else map.set(k, v);
    for (const t of this.targets) t.changed();
  }
}

type Stub = { q?: unknown };

/** The page's hub: the existing one, or a new one that replaces the stub and replays its queue. */
export function installApi(win: Window & { feedbackWidget?: unknown }): Hub {
  const existing = win.feedbackWidget as (Hub & Stub) | undefined;
  if (existing && (existing as Hub).isFeedbackWidgetHub) return existing;
  const hub = new Hub();
  const queue = existing && Array.isArray(existing.q) ? (existing.q as unknown[]) : [];
  win.feedbackWidget = hub;
  for (const call of queue) {
    if (!Array.isArray(call)) continue;
    const [method, args] = call as [unknown, unknown];
    if (typeof method !== "string" || !(methods as readonly string[]).includes(method)) continue;
    const list = Array.isArray(args) ? args : [];
    (hub[method as (typeof methods)[number]] as (...a: unknown[]) => void)(...list);
  }
  return hub;
}
