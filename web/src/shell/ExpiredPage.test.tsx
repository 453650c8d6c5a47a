import { configure, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/renderApp";
import { viewerResponse, type ViewerFixture } from "../test/relay";
import { accountWarning, warningAction } from "./accountWarning";

// The first render compiles the lazy screen; on a loaded machine that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

describe("accountWarning: one warning for the organisation's state (spec 000 §4, §8)", () => {
  const state = (billingStatus: string, dashboardLocked = false, trialDaysLeft: number | null = null) => ({ billingStatus, dashboardLocked, trialDaysLeft });
  it("an ended subscription says so, locked or not", () => {
    expect(accountWarning(state("canceled"))).toBe("subscriptionEnded");
    expect(accountWarning(state("canceled", true, -40))).toBe("subscriptionEnded");
    expect(accountWarning(state("incomplete_expired", true))).toBe("subscriptionEnded");
  });
  it("a trial past its end without a subscription is over; with a subscription it is not", () => {
    expect(accountWarning(state("inactive", false, -1))).toBe("trialOver");
    expect(accountWarning(state("trialing", true, -3))).toBe("trialOver");
    expect(accountWarning(state("inactive", false, 0))).toBeNull();
    expect(accountWarning(state("active", false, -10))).toBeNull();
  });
  it("a locked dashboard for any other reason is 'account locked'", () => {
    expect(accountWarning(state("past_due", true))).toBe("accountLocked");
    expect(accountWarning(state("active", true))).toBe("accountLocked");
    expect(accountWarning(state("inactive", true, null))).toBe("accountLocked");
  });
  it("unpaid invoices and a payment awaiting authentication warn before any lock", () => {
    expect(accountWarning(state("past_due"))).toBe("invoiceUnpaid");
    expect(accountWarning(state("unpaid"))).toBe("invoiceUnpaid");
    expect(accountWarning(state("incomplete"))).toBe("paymentIncomplete");
    expect(accountWarning(state("active"))).toBeNull();
  });
  it("billing admins manage the subscription; organisation admins appoint one; everyone else contacts an admin", () => {
    expect(warningAction({ billingAdmin: true, organizationAdmin: false })).toBe("manageSubscription");
    expect(warningAction({ billingAdmin: true, organizationAdmin: true })).toBe("manageSubscription");
    expect(warningAction({ billingAdmin: false, organizationAdmin: true })).toBe("appointBillingAdmin");
    expect(warningAction({ billingAdmin: false, organizationAdmin: false })).toBe("contactAdmin");
  });
});

type Status = { billingStatus: string; dashboardLocked: boolean; trialDaysLeft: number | null };

function renderExpired(status: Status, flags: { billingAdmin?: boolean; organizationAdmin?: boolean } = {}, shell: ViewerFixture = {}) {
  return renderApp("/expired", {
    AppShellQuery: () =>
      viewerResponse({ dashboardLocked: status.dashboardLocked, trialDaysLeft: status.trialDaysLeft, billingAdmin: flags.billingAdmin, ...shell }),
    ExpiredPageQuery: () => ({
      data: { viewer: { billingAdmin: flags.billingAdmin ?? false, organizationAdmin: flags.organizationAdmin ?? false, subscriptionStatus: status } },
    }),
  });
}

describe("/expired", { timeout: 30_000 }, () => {
  it("trial over: the warning, the lock note, and the upgrade link for a billing admin", async () => {
    renderExpired({ billingStatus: "inactive", dashboardLocked: true, trialDaysLeft: -2 }, { billingAdmin: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Trial over" })).toBeTruthy();
    const alert = screen.getByRole("alert");
    expect(
      within(alert).getByText("Your trial is over and the organisation has no subscription. Subscribe to keep collecting and analysing feedback."),
    ).toBeTruthy();
    expect(within(alert).getByText("The dashboard is locked: only the settings can be opened until this is fixed.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/settings/subscription");
    expect(screen.queryByText("Please contact your organisation's admin.")).toBeNull();
    // The locked menu: everything but settings is disabled.
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    expect(within(menu).getByText("Summary").closest("[aria-disabled='true']")).toBeTruthy();
  });

  it("subscription ended: a member who is no admin is told to contact their organisation admin, with no link", async () => {
    renderExpired({ billingStatus: "canceled", dashboardLocked: true, trialDaysLeft: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Subscription ended" })).toBeTruthy();
    expect(screen.getByText("Your organisation's subscription has ended. Subscribe again to keep collecting and analysing feedback.")).toBeTruthy();
    expect(screen.getByText("Please contact your organisation's admin.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Manage the subscription" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Upgrade" })).toBeNull();
  });

  it("account locked: the spec's words; an organisation admin who is not billing admin is sent to user management", async () => {
    renderExpired({ billingStatus: "past_due", dashboardLocked: true, trialDaysLeft: null }, { organizationAdmin: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Account locked" })).toBeTruthy();
    expect(screen.getByText("The account is locked because the subscription is not up to date.")).toBeTruthy();
    // "Locked" is the warning itself: no second lock note.
    expect(screen.queryByText("The dashboard is locked: only the settings can be opened until this is fixed.")).toBeNull();
    expect(screen.getByRole("link", { name: "user management" }).getAttribute("href")).toBe("/settings/user-management");
    expect(screen.queryByRole("link", { name: "Manage the subscription" })).toBeNull();
  });

  it("an unpaid invoice before any lock: a billing admin manages the subscription", async () => {
    renderExpired({ billingStatus: "past_due", dashboardLocked: false, trialDaysLeft: null }, { billingAdmin: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Latest invoice unpaid" })).toBeTruthy();
    expect(screen.getByText("The latest invoice is unpaid. Surveys stop collecting responses unless it is paid.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage the subscription" }).getAttribute("href")).toBe("/settings/subscription");
  });

  it("an account in order says so and offers the start page", async () => {
    renderExpired({ billingStatus: "active", dashboardLocked: false, trialDaysLeft: null }, { billingAdmin: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Your account is active" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the start page" }).getAttribute("href")).toBe("/");
  });
});
