import { describe, expect, it } from "vitest";
import { buildMenu, isMenuHidden, isMenuLocked, showOnboardingProgress } from "./menu";

const keys = (groups: ReturnType<typeof buildMenu>) => groups.flatMap((g) => g.items.map((i) => i.key));

describe("menu content", () => {
  it("has Summary; Collect; Analyze; Take Action; Settings in order", () => {
    const groups = buildMenu({ systemAdmin: false, dashboardLocked: false });
    expect(groups.map((g) => g.key)).toEqual(["summary", "collect", "analyze", "takeAction", "settings"]);
    expect(keys(groups)).toEqual(["summary", "surveys", "touchpoints", "results", "customerJourney", "notifications", "settings"]);
    expect(groups.find((g) => g.key === "collect")?.label?.message ?? groups.find((g) => g.key === "collect")?.label?.id).toBeTruthy();
  });
  it("shows the super-admin item to system admins only", () => {
    expect(keys(buildMenu({ systemAdmin: true, dashboardLocked: false }))).toContain("superadmin");
    expect(keys(buildMenu({ systemAdmin: false, dashboardLocked: false }))).not.toContain("superadmin");
  });
});

describe("menu disabling", () => {
  it("disables every item except settings when the dashboard is locked", () => {
    const items = buildMenu({ systemAdmin: false, dashboardLocked: true }).flatMap((g) => g.items);
    for (const item of items) expect(item.disabled, item.key).toBe(item.key !== "settings");
    expect(isMenuLocked({ systemAdmin: false, dashboardLocked: true })).toBe(true);
  });
  it("keeps everything enabled when not locked, and for system admins", () => {
    expect(
      buildMenu({ systemAdmin: false, dashboardLocked: false })
        .flatMap((g) => g.items)
        .some((i) => i.disabled),
    ).toBe(false);
    expect(
      buildMenu({ systemAdmin: true, dashboardLocked: true })
        .flatMap((g) => g.items)
        .some((i) => i.disabled),
    ).toBe(false);
  });
});

describe("menu hiding", () => {
  it.each(["/components", "/", "/auth-callback", "/signup", "/signup/verify-email"])("is hidden on %s", (path) => {
    expect(isMenuHidden(path, "")).toBe(true);
  });
  it("is hidden whenever a token is in the query", () => {
    expect(isMenuHidden("/results", "?token=abcdefghijk")).toBe(true);
    expect(isMenuHidden("/customer-journey/analytics/j1", "?token=abcdefghijk")).toBe(true);
  });
  it("is shown elsewhere, and with a too-short token", () => {
    expect(isMenuHidden("/summary", "")).toBe(false);
    expect(isMenuHidden("/settings/user", "")).toBe(false);
    expect(isMenuHidden("/results", "?token=short")).toBe(false);
  });
});

describe("onboarding percentage on the profile entry", () => {
  it("shows only for self-signup below 100 %", () => {
    expect(showOnboardingProgress("self-signup", 50)).toBe(true);
    expect(showOnboardingProgress("self-signup", 100)).toBe(false);
    expect(showOnboardingProgress("enterprise", 25)).toBe(false);
    expect(showOnboardingProgress(null, 0)).toBe(false);
  });
});
