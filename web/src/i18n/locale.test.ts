import { describe, expect, it } from "vitest";
import { resolveLocale } from "./locale";

describe("locale resolution", () => {
  it.each(["en", "es", "fi"])("accepts ?locale=%s", (locale) => {
    expect(resolveLocale({ search: `?locale=${locale}` })).toEqual({ ok: true, locale, source: "query" });
  });
  it("the query outranks the profile", () => {
    expect(resolveLocale({ search: "?locale=es", profileLocale: "fi" })).toMatchObject({ ok: true, locale: "es" });
  });
  it("uses the profile locale without a query", () => {
    expect(resolveLocale({ search: "", profileLocale: "fi" })).toEqual({ ok: true, locale: "fi", source: "profile" });
  });
  it("shows English for the profile locale se", () => {
    expect(resolveLocale({ profileLocale: "se" })).toEqual({ ok: true, locale: "en", source: "profile" });
  });
  it("keeps an earlier ?locale= choice of the session across navigation, before the profile", () => {
    expect(resolveLocale({ search: "", remembered: "fi", profileLocale: "es" })).toEqual({ ok: true, locale: "fi", source: "session" });
    expect(resolveLocale({ search: "?locale=es", remembered: "fi" })).toEqual({ ok: true, locale: "es", source: "query" });
    expect(resolveLocale({ search: "", remembered: "xx", profileLocale: "es" })).toEqual({ ok: true, locale: "es", source: "profile" });
  });
  it("falls back to English", () => {
    expect(resolveLocale({})).toEqual({ ok: true, locale: "en", source: "default" });
    expect(resolveLocale({ search: "?other=1", profileLocale: "xx" })).toEqual({ ok: true, locale: "en", source: "default" });
  });
  it.each(["xx", "de", "EN", "", "se"])("rejects ?locale=%s with a clear message", (locale) => {
    const result = resolveLocale({ search: `?locale=${locale}` });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.requested).toBe(locale);
      expect(result.message).toBe(`Unsupported language '${locale}'. Use en, es or fi.`);
    }
  });
});
