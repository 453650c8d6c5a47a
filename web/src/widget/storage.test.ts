import { describe, expect, it } from "vitest";
import { beginPageView, historyLimit, isVisitorState, record } from "./state.js";
import { cookieBudget, cookieStore, loadState, localStorageStore, memoryStore, openStore, saveState, stateTtlMs, storageKey } from "./storage.js";

const t0 = Date.parse("2026-03-01T12:00:00.000Z");
const view = (now: number, path = "/") => ({ now, url: `https://shop.test${path}`, referrer: "" });

describe("visitor state storage", () => {
  it("keeps the state in localStorage under one namespaced key with an expiry", () => {
    const store = openStore(window);
    expect(store.kind).toBe("localStorage");
    const state = record(beginPageView(null, view(t0)), "tp1", "declined", t0);
    saveState(store, state, t0);
    expect(Object.keys(window.localStorage)).toEqual([storageKey]);
    const stored = JSON.parse(window.localStorage.getItem(storageKey)!) as { exp: number };
    expect(stored.exp).toBe(t0 + stateTtlMs);
    expect(loadState(store, t0 + stateTtlMs - 1)).toEqual(state);
    expect(loadState(store, t0 + stateTtlMs)).toBeNull(); // expired: a new visitor
  });

  it("ignores malformed stored values", () => {
    const store = memoryStore();
    store.set("{not json");
    expect(loadState(store, t0)).toBeNull();
    store.set(JSON.stringify({ exp: t0 + 1000, state: { v: 2 } }));
    expect(loadState(store, t0)).toBeNull();
    expect(isVisitorState(beginPageView(null, view(t0)))).toBe(true);
  });

  it("falls back to a cookie when localStorage throws", () => {
    const broken = {
      setItem: () => {
        throw new Error("blocked");
      },
    } as unknown as Storage;
    expect(localStorageStore(broken)).toBeNull();
    const store = cookieStore(document)!;
    expect(store.kind).toBe("cookie");
    const state = beginPageView(null, view(t0, "/products?q=ä"));
    saveState(store, state, t0);
    expect(document.cookie).toContain(`${storageKey}=`);
    expect(loadState(store, t0)).toEqual(state);
  });

  it("trims the oldest visited URLs to fit the cookie", () => {
    let state = beginPageView(null, view(t0));
    for (let i = 1; i < historyLimit + 20; i++) state = beginPageView(state, view(t0 + i, `/page/${i}/${"x".repeat(40)}`));
    expect(state.session.urls).toHaveLength(historyLimit);
    const store = cookieStore(document)!;
    saveState(store, state, t0);
    const loaded = loadState(store, t0)!;
    expect(encodeURIComponent(JSON.stringify({ exp: 0, state: loaded })).length).toBeLessThanOrEqual(cookieBudget + 20);
    expect(loaded.session.urls.at(-1)).toBe(state.session.urls.at(-1));
    expect(loaded.session.pages).toBe(state.session.pages);
  });
});
