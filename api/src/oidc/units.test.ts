// Unit tests of the provider's pure parts: language choice and sign-in throttling.
import { describe, expect, it } from "vitest";
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

  it("blocks an account after 5 failures for the rest of the window, and a success clears it", () => {
    let now = 0;
    const throttle = new LoginThrottle({ now: () => now });
    for (let i = 0; i < 4; i++) throttle.recordFailure("A@example.com", "10.0.0.1");
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.2")).toBe(0);
    throttle.recordFailure("a@example.com", "10.0.0.3");
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.9")).toBe(15 * minute);
    now = 10 * minute;
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.9")).toBe(5 * minute);
    now = 15 * minute + 1;
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.9")).toBe(0);
    for (let i = 0; i < 5; i++) throttle.recordFailure("a@example.com", "10.0.0.4");
    throttle.recordSuccess("a@example.com");
    expect(throttle.retryAfterMs("a@example.com", "10.0.0.5")).toBe(0);
  });

  it("blocks an address after 20 failures across accounts", () => {
    const throttle = new LoginThrottle({ now: () => 0 });
    for (let i = 0; i < 20; i++) throttle.recordFailure(`user${i}@example.com`, "10.0.0.1");
    expect(throttle.retryAfterMs("fresh@example.com", "10.0.0.1")).toBeGreaterThan(0);
    expect(throttle.retryAfterMs("fresh@example.com", "10.0.0.2")).toBe(0);
  });

  it("stays bounded in memory", () => {
    const throttle = new LoginThrottle({ now: () => 0, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) throttle.recordFailure(`u${i}@example.com`, `10.0.${i % 250}.1`);
    expect((throttle as unknown as { failures: Map<string, unknown> }).failures.size).toBeLessThanOrEqual(101);
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
