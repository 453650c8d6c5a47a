// Where the visitor state lives: localStorage under one namespaced key, or a first-party cookie
// of the same name when localStorage is unavailable (blocked, full, or throwing), or memory as
// the last resort. The stored value carries its own expiry (`exp`, ms since the epoch).
import { isVisitorState, type VisitorState } from "./state.js";

export const storageKey = "feedbackWidget.v1";
/** The state expires 180 days after the last page view. */
export const stateTtlMs = 180 * 24 * 3600_000;
/** Cookie values above this many bytes are trimmed (the oldest visited URLs go first). */
export const cookieBudget = 3500;

export type KeyValue = { kind: "localStorage" | "cookie" | "memory"; get(): string | null; set(value: string): void };

export function localStorageStore(storage: Storage | undefined): KeyValue | null {
  try {
    if (!storage) return null;
    const probe = `${storageKey}.probe`;
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return { kind: "localStorage", get: () => storage.getItem(storageKey), set: (v) => storage.setItem(storageKey, v) };
  } catch {
    return null;
  }
}

export function cookieStore(doc: Document): KeyValue | null {
  const read = () => {
    for (const part of doc.cookie.split(";")) {
      const at = part.indexOf("=");
      if (part.slice(0, at).trim() === storageKey) return part.slice(at + 1).trim();
    }
    return null;
  };
  const secure = doc.location?.protocol === "https:" ? "; Secure" : "";
  const write = (encoded: string) => {
    doc.cookie = `${storageKey}=${encoded}; path=/; max-age=${Math.floor(stateTtlMs / 1000)}; SameSite=Lax${secure}`;
  };
  try {
    write("probe");
    if (read() !== "probe") return null;
  } catch {
    return null;
  }
  return {
    kind: "cookie",
    get: () => {
      const raw = read();
      if (!raw) return null;
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    },
    set: (v) => write(encodeURIComponent(v)),
  };
}

export function memoryStore(): KeyValue {
  let value: string | null = null;
  return { kind: "memory", get: () => value, set: (v) => void (value = v) };
}

export function openStore(win: Window): KeyValue {
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    storage = undefined;
  }
  return localStorageStore(storage) ?? cookieStore(win.document) ?? memoryStore();
}

export function loadState(store: KeyValue, now: number): VisitorState | null {
  try {
    const raw = store.get();
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { exp?: unknown; state?: unknown };
    if (typeof parsed.exp !== "number" || parsed.exp <= now || !isVisitorState(parsed.state)) return null;
    return parsed.state;
  } catch {
    return null;
  }
}

export function serialize(state: VisitorState, now: number, budget = Number.POSITIVE_INFINITY): string {
  let s = state;
  let text = JSON.stringify({ exp: now + stateTtlMs, state: s });
  // Cookies are small: drop the oldest visited URLs until the encoded value fits.
  while (encodeURIComponent(text).length > budget && s.session.urls.length > 1) {
    s = { ...s, session: { ...s.session, urls: s.session.urls.slice(Math.ceil(s.session.urls.length / 4)) } };
    text = JSON.stringify({ exp: now + stateTtlMs, state: s });
  }
  return text;
}

export function saveState(store: KeyValue, state: VisitorState, now: number): void {
  try {
    store.set(serialize(state, now, store.kind === "cookie" ? cookieBudget : Number.POSITIVE_INFINITY));
  } catch {
    // Storage full or blocked mid-visit: the widget keeps working for this page.
  }
}
