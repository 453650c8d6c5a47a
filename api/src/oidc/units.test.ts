// Unit tests of the provider's pure parts: language choice and sign-in throttling.
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryLimiterStore } from "../limits/store.js";
import { chooseLocale, fromAcceptLanguage } from "./i18n.js";
import { LoginThrottle } from "./throttle.js";
import { escapeHtml, renderSignInPage } from "./views.js";

describe("chooseLocale", () => {
  it("prefers the explicit locale, then ui_locales, then Accept-Language, then English", () => {
    expect(chooseLocale({ locale: "fi", uiLocales: "es", acceptLanguage: "es" })).toBe("fi");
    expect(chooseLocale({ locale: "xx", uiLocales: "de es-MX", acceptLanguage: "fi" })).toBe("es");
    expect(chooseLocale({ acceptLanguage: "de-DE,de;q=0.9,fi;q=0.8" })).toBe("fi");
    expect(chooseLocale({ locale: "se" })).toBe("en");
    expect(chooseLocale({})).toBe("en");
  });

  it("reads Accept-Language by quality", () => {
    expect(fromAcceptLanguage("en;q=0.5, es;q=0.9")).toBe("es");
    expect(fromAcceptLanguage("fi;q=0, es")).toBe("es");
    expect(fromAcceptLanguage("*")).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe("LoginThrottle", () => {
  const minute = 60_000;
  afterEach(() => void vi.useRealTimers());
  const start = () => vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });

  it("blocks an account from one address after 5 failures there, while the owner from another address still signs in", async () => {
    start();
    const throttle = new LoginThrottle(memoryLimiterStore());
    for (let i = 0; i < 4; i++) await throttle.recordFailure("A@example.com", "10.0.0.1");
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(0);
    await throttle.recordFailure("a@example.com", "10.0.0.1");
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(15 * minute);
    // The attacker's five failures do not reach the owner elsewhere.
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.9")).toBe(0);
    vi.advanceTimersByTime(10 * minute);
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(5 * minute);
    vi.advanceTimersByTime(5 * minute + 1);
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.1")).toBe(0);
  });

  it("a correct password clears its pair's count", async () => {
    start();
    const throttle = new LoginThrottle(memoryLimiterStore());
    for (let i = 0; i < 4; i++) await throttle.recordFailure("a@example.com", "10.0.0.4");
    await throttle.recordSuccess("a@example.com", "10.0.0.4");
    await throttle.recordFailure("a@example.com", "10.0.0.4");
    expect(await throttle.retryAfterMs("a@example.com", "10.0.0.4")).toBe(0);
  });

  it("blocks an address after 20 failures across accounts", async () => {
    start();
    const throttle = new LoginThrottle(memoryLimiterStore());
    for (let i = 0; i < 20; i++) await throttle.recordFailure(`user${i}@example.com`, "10.0.0.1");
    expect(await throttle.retryAfterMs("fresh@example.com", "10.0.0.1")).toBe(15 * minute);
    expect(await throttle.retryAfterMs("fresh@example.com", "10.0.0.2")).toBe(0);
  });

  it("a distributed guess blocks the account for new addresses, never for one the owner signed in from", async () => {
    start();
    const throttle = new LoginThrottle(memoryLimiterStore());
    await throttle.recordSuccess("owner@example.com", "192.0.2.10");
    vi.advanceTimersByTime(minute);
    // 100 failures from 25 addresses, 4 each: no pair and no address reaches its own limit.
    for (let a = 0; a < 25; a++) for (let i = 0; i < 4; i++) await throttle.recordFailure("owner@example.com", `198.51.100.${a}`);
    expect(await throttle.retryAfterMs("owner@example.com", "203.0.113.1")).toBe(60 * minute);
    expect(await throttle.retryAfterMs("owner@example.com", "192.0.2.10")).toBe(0);
    expect(await throttle.retryAfterMs("other@example.com", "203.0.113.1")).toBe(0);
  });
});

describe("sign-in page", () => {
  it("is accessible: lang, labels bound to inputs, alert for errors, escaped values", () => {
    const html = renderSignInPage({
      locale: "fi",
      action: "/oidc/interaction/x/login",
      selfPath: "/oidc/interaction/x",
      email: '"><script>',
      error: "Väärin",
    });
    expect(html).toContain('<html lang="fi">');
    for (const id of ["email", "password", "remember"]) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-describedby="signin-error"');
    expect(html).not.toContain('"><script>');
    expect(html).toContain(escapeHtml('"><script>'));
  });
});

describe("the web client's loopback addresses", () => {
  it("registers every loopback name for a PUBLIC_URL on this machine, and only PUBLIC_URL otherwise", async () => {
    const { loopbackVariants } = await import("./provider.js");
    expect(loopbackVariants("http://localhost:8080")).toEqual(["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"]);
    expect(loopbackVariants("http://127.0.0.1:8300/app")).toEqual(["http://127.0.0.1:8300/app", "http://localhost:8300/app", "http://[::1]:8300/app"]);
    expect(loopbackVariants("https://feedback.example.com")).toEqual(["https://feedback.example.com"]);
  });
});
