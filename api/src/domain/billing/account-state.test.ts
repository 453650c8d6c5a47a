// Account states as a pure function of the provider's status, the trial and the unpaid countdown.
import { describe, expect, it } from "vitest";
import { accountState } from "./account-state.js";
import { planPrice, taxRateFor } from "./plans.js";
import { cardExpired } from "./billing.js";

const now = new Date("2026-11-20T12:00:00Z");
const day = 86_400_000;
const state = (status: string, extra: { trialUntil?: Date | null; paymentFailedAt?: Date | null; providerConfigured?: boolean } = {}) =>
  accountState({
    providerConfigured: extra.providerConfigured ?? true,
    status,
    trialUntil: extra.trialUntil ?? null,
    paymentFailedAt: extra.paymentFailedAt ?? null,
    now,
  });

describe("account states", () => {
  it("without a payment provider (embedded mode) nothing locks, whatever the status or trial", () => {
    for (const status of ["inactive", "past_due", "unpaid", "canceled"]) {
      expect(state(status, { providerConfigured: false, trialUntil: new Date(now.getTime() - day) })).toMatchObject({ dashboardLocked: false, warning: null });
    }
  });
  it("trial on, trial over, and an organisation on a contract", () => {
    expect(state("inactive", { trialUntil: new Date(now.getTime() + 3 * day) })).toMatchObject({ dashboardLocked: false, trialDaysLeft: 3 });
    expect(state("inactive", { trialUntil: new Date(now.getTime() - day) })).toMatchObject({ dashboardLocked: true, warning: "Trial over", trialDaysLeft: -1 });
    expect(state("inactive")).toMatchObject({ dashboardLocked: false, warning: null });
  });
  it("past due counts down from the first failure; unpaid locks; the end of the countdown stops collecting", () => {
    const failed = new Date(now.getTime() - 4 * day);
    expect(state("past_due", { paymentFailedAt: failed })).toMatchObject({ dashboardLocked: false, unpaidDaysLeft: 10, warning: "Latest invoice unpaid" });
    const unpaid = state("unpaid", { paymentFailedAt: failed });
    expect(unpaid).toMatchObject({ dashboardLocked: true, unpaidDaysLeft: 10, warning: "Account locked because the subscription is not up to date" });
    expect(unpaid.collectingStopsAt).toEqual(new Date(failed.getTime() + 14 * day));
    expect(state("unpaid", { paymentFailedAt: new Date(now.getTime() - 20 * day) }).unpaidDaysLeft).toBe(0);
  });
  it("incomplete asks for authentication; ended subscriptions lock", () => {
    expect(state("incomplete", { trialUntil: new Date(now.getTime() + day) })).toMatchObject({
      dashboardLocked: false,
      warning: "Payment requires extra authentication",
    });
    expect(state("incomplete", { trialUntil: new Date(now.getTime() - day) }).dashboardLocked).toBe(true);
    for (const status of ["canceled", "incomplete_expired", "paused"])
      expect(state(status)).toMatchObject({ dashboardLocked: true, warning: "Subscription ended" });
    for (const status of ["active", "trialing"]) expect(state(status)).toMatchObject({ dashboardLocked: false, warning: null });
  });
});

describe("plans, tax and cards", () => {
  it("the annual price is ten months", () => {
    expect(planPrice("pro", "annual")).toBe(planPrice("pro", "monthly") * 10);
  });
  it("VAT by the billing country; reverse charge for EU companies with a business id; none outside the EU", () => {
    expect(taxRateFor(null)).toBe(25.5);
    expect(taxRateFor({ country: "DE", customerType: "individual", businessId: null })).toBe(19);
    expect(taxRateFor({ country: "DE", customerType: "company", businessId: "DE123456789" })).toBe(0);
    expect(taxRateFor({ country: "FI", customerType: "company", businessId: "FI12345678" })).toBe(25.5);
    expect(taxRateFor({ country: "US", customerType: "company", businessId: null })).toBe(0);
  });
  it("a card expires after its expiry month", () => {
    expect(cardExpired(11, 2026, now)).toBe(false);
    expect(cardExpired(10, 2026, now)).toBe(true);
    expect(cardExpired(1, 2027, now)).toBe(false);
  });
});
