import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { ApiError } from "../transport/rest";
import type { SmsHistory } from "../superadmin/api";
import type { SubscriptionState } from "./billingApi";

vi.setConfig({ testTimeout: 20_000 });

const subscription = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  canManage: true,
  paymentProvider: true,
  publishableKey: null,
  status: "inactive",
  plan: null,
  billingPeriod: null,
  currency: "EUR",
  currencyFixed: false,
  currentPeriodEnd: null,
  cancelAt: null,
  card: null,
  taxRate: 25.5,
  account: { billingStatus: "inactive", dashboardLocked: false, trialDaysLeft: 5, unpaidDaysLeft: null, collectingStopsAt: null, warning: null },
  plans: [
    { plan: "single", name: "Single", currency: "EUR", monthly: 4900, annual: 49000, userSeats: 3, responseLimit: 1000, features: [] },
    { plan: "pro", name: "Pro", currency: "EUR", monthly: 14900, annual: 149000, userSeats: 20, responseLimit: 20000, features: [] },
  ],
  latestUnpaidInvoice: null,
  ...over,
});

const smsHistory = (over: Partial<SmsHistory> = {}): SmsHistory => ({
  _id: "0123456789abcdef01234567",
  balance: 12.5,
  currency: "EUR",
  smsSegmentPrice: 0.08,
  total: 0,
  canTopUp: true,
  paymentProvider: true,
  entries: [],
  ...over,
});

type Call = { path: string; options: { method?: string; body?: unknown } };

function mockRest(rest: { request: ReturnType<typeof vi.fn> }, answers: Record<string, (call: Call) => unknown>) {
  const calls: Call[] = [];
  rest.request.mockImplementation(async (path: string, options: Call["options"] = {}) => {
    const call = { path, options };
    calls.push(call);
    const key = `${options.method ?? "GET"} ${path}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer(call);
  });
  return calls;
}

describe("billing screens", () => {
  beforeEach(() => toasts.clear());

  it("/settings/subscription: trial days, the discounted annual price, no plan without a card, and the card added through the stand-in", async () => {
    let state = subscription();
    const r = renderApp("/settings/subscription", { AppShellQuery: () => viewerResponse() });
    const calls = mockRest(r.rest, {
      "GET /subscription": () => state,
      "GET /subscription/card/setup-intent": () => ({ clientSecret: "seti_1_secret_x", publishableKey: null }),
      "POST /subscription/card": () => {
        state = subscription({ card: { id: "pm_card_visa", brand: "visa", last4: "4242", month: 12, year: 2034 } });
        return { card: state.card, message: "card added" };
      },
      "POST /subscription": () => {
        state = subscription({ status: "active", plan: "pro", billingPeriod: "annual", currencyFixed: true, card: state.card });
        return state;
      },
    });
    expect(await screen.findByText("5 days left")).toBeTruthy();
    expect(screen.getByText("€1,490.00 a year")).toBeTruthy();
    const choosePro = screen.getByRole("button", { name: "Choose Pro" }) as HTMLButtonElement;
    expect(choosePro.disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Add a card" }));
    fireEvent.change(await screen.findByLabelText("Payment method id (test mode)"), { target: { value: "pm_card_visa" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the card" }));
    expect(await screen.findByText(/ending in 4242/)).toBeTruthy();
    expect(calls.find((c) => c.path === "/subscription/card")?.options.body).toEqual({ paymentMethodId: "pm_card_visa" });

    fireEvent.click(screen.getByRole("button", { name: "Choose Pro" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/subscription" && c.options.method === "POST")).toBe(true));
    expect(calls.find((c) => c.path === "/subscription" && c.options.method === "POST")?.options.body).toEqual({
      plan: "pro",
      billingPeriod: "annual",
      currency: "EUR",
    });
    expect(await screen.findByRole("button", { name: "Current plan" })).toBeTruthy();
    expect((screen.getByLabelText("Currency") as HTMLSelectElement).disabled).toBe(true);
  });

  it("/settings/subscription: the unpaid warning counts down and the billing admin pays", async () => {
    const r = renderApp("/settings/subscription", { AppShellQuery: () => viewerResponse() });
    const calls = mockRest(r.rest, {
      "GET /subscription": () =>
        subscription({
          status: "past_due",
          latestUnpaidInvoice: { id: "inv1", total: 186995, currency: "EUR" },
          account: {
            billingStatus: "past_due",
            dashboardLocked: false,
            trialDaysLeft: null,
            unpaidDaysLeft: 9,
            collectingStopsAt: null,
            warning: "Latest invoice unpaid",
          },
        }),
      "POST /subscription/invoices/pay": () => ({ status: "paid" }),
    });
    expect(await screen.findByText("Latest invoice unpaid")).toBeTruthy();
    expect(screen.getByText("The surveys stop collecting responses in 9 days unless the invoice is paid.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pay €1,869.95 now" }));
    await waitFor(() => expect(calls.find((c) => c.path === "/subscription/invoices/pay")?.options.body).toEqual({ invoiceId: "inv1" }));
  });

  it("/settings/subscription while unpaid and locked: the plan held is the current plan, figures in the reader's format", async () => {
    const r = renderApp("/settings/subscription", { AppShellQuery: () => viewerResponse() });
    mockRest(r.rest, {
      "GET /subscription": () =>
        subscription({
          status: "unpaid",
          plan: "pro",
          billingPeriod: "annual",
          currencyFixed: true,
          card: { id: "pm_card_visa", brand: "visa", last4: "4242", month: 12, year: 2034 },
          latestUnpaidInvoice: { id: "inv1", total: 186995, currency: "EUR" },
          account: {
            billingStatus: "unpaid",
            dashboardLocked: true,
            trialDaysLeft: null,
            unpaidDaysLeft: 3,
            collectingStopsAt: null,
            warning: "Account locked because the subscription is not up to date",
          },
        }),
    });
    expect(await screen.findByText("Account locked because the subscription is not up to date")).toBeTruthy();
    // Choosing the plan held would change nothing (the server answers it unchanged): it is the current plan.
    expect((screen.getByRole("button", { name: "Current plan" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Choose Single" })).toBeTruthy();
    expect(screen.getByText("20 users, 20,000 responses a month")).toBeTruthy();
    expect(screen.getByText("25.5%")).toBeTruthy();
    expect(screen.getByText("Card: Visa ending in 4242, expires 12/2034")).toBeTruthy();
  });

  it("non-admins are told to contact their organisation admin; embedded mode says there is no payment provider", async () => {
    const r = renderApp("/settings/subscription", { AppShellQuery: () => viewerResponse() });
    mockRest(r.rest, {
      "GET /subscription": () => {
        throw new ApiError("no", 403, { error: "Billing is managed by your organisation's admin: please contact them" });
      },
    });
    expect(await screen.findByText("Billing is managed by your organisation's admin. Please contact your organisation admin.")).toBeTruthy();
    r.unmount();
    const e = renderApp("/settings/subscription", { AppShellQuery: () => viewerResponse() });
    mockRest(e.rest, { "GET /subscription": () => subscription({ paymentProvider: false }) });
    expect(await screen.findByText(/no payment provider/)).toBeTruthy();
  });

  it("/settings/sms-history: non-admins get the same contact-your-admin notice, not an error, and no top-up form; admins see the balance", async () => {
    const r = renderApp("/settings/sms-history", { AppShellQuery: () => viewerResponse() });
    mockRest(r.rest, {
      "GET /sms-history": () => {
        throw new ApiError("no", 403, { error: "Billing is managed by your organisation's admin: please contact them" });
      },
    });
    expect(await screen.findByText("Billing is managed by your organisation's admin. Please contact your organisation admin.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Top up" })).toBeNull();
    r.unmount();
    const a = renderApp("/settings/sms-history", { AppShellQuery: () => viewerResponse() });
    mockRest(a.rest, {
      "GET /sms-history": () => smsHistory(),
    });
    expect(await screen.findByText("Balance: €12.50")).toBeTruthy();
    expect(screen.queryByText(/Billing is managed by your organisation's admin/)).toBeNull();
  });

  it("/settings/sms-history: an admin tops up (progress, 'Top-up success', the new balance and ledger entry); amounts outside the rule are not sent", async () => {
    let history = smsHistory();
    let release: () => void = () => {};
    const r = renderApp("/settings/sms-history", { AppShellQuery: () => viewerResponse() });
    const calls = mockRest(r.rest, {
      "GET /sms-history": () => history,
      "POST /sms-topup": async (call) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        const amount = (call.options.body as { amount: number }).amount;
        history = smsHistory({
          balance: 12.5 + amount,
          total: 1,
          entries: [
            { _id: "e1", createdAt: "2026-11-26T10:00:00.000Z", kind: "topup", amount, balanceAfter: 12.5 + amount, reference: "pi_1", createdBy: null },
          ],
        });
        return { status: "ok", message: "top-up success", balance: 12.5 + amount };
      },
    });
    const amount = await screen.findByLabelText("Amount (EUR)");
    for (const bad of ["3", "12.5", "1001", ""]) {
      fireEvent.change(amount, { target: { value: bad } });
      fireEvent.click(screen.getByRole("button", { name: "Top up" }));
      expect(await screen.findByText("The amount is a whole number from 5 to 1000")).toBeTruthy();
    }
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.path === "/sms-topup")).toBe(false);

    fireEvent.change(amount, { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Top up" }));
    expect(await screen.findByText("Paying…")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Top up" }).getAttribute("aria-busy")).toBe("true");
    release();
    expect(await screen.findByText("Top-up success")).toBeTruthy();
    expect(await screen.findByText("Balance: €32.50")).toBeTruthy();
    expect(screen.getByText("+€20.00")).toBeTruthy();
    const topUp = calls.find((c) => c.path === "/sms-topup")!;
    expect(topUp.options.body).toEqual({ amount: 20 });
    expect((topUp.options as { headers?: Record<string, string> }).headers?.["Idempotency-Key"]).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("/settings/sms-history: a refused top-up shows the server's reason by the form; a retry after no answer reuses the attempt's key, a new attempt gets a new one", async () => {
    const outcomes: (() => unknown)[] = [
      () => {
        throw new ApiError("Insufficient funds on account", 402, { error: "Insufficient funds on account" });
      },
      () => {
        throw new ApiError("Something went wrong", 0, new TypeError("network"));
      },
      () => {
        throw new ApiError("Payment requires extra authentication", 402, { error: "Payment requires extra authentication" });
      },
      () => {
        throw new ApiError("Add a card before subscribing", 400, { error: "Add a card before subscribing" });
      },
    ];
    const r = renderApp("/settings/sms-history", { AppShellQuery: () => viewerResponse() });
    const calls = mockRest(r.rest, {
      "GET /sms-history": () => smsHistory(),
      "POST /sms-topup": () => outcomes.shift()!(),
    });
    const keys = () => calls.filter((c) => c.path === "/sms-topup").map((c) => (c.options as { headers: Record<string, string> }).headers["Idempotency-Key"]);
    fireEvent.change(await screen.findByLabelText("Amount (EUR)"), { target: { value: "10" } });
    const topUp = () => fireEvent.click(screen.getByRole("button", { name: "Top up" }));
    topUp();
    expect((await screen.findByRole("alert")).textContent).toBe("Insufficient funds on account");
    topUp();
    expect(await screen.findByText(/could not reach the server/)).toBeTruthy();
    topUp();
    expect(await screen.findByText("Payment requires extra authentication")).toBeTruthy();
    topUp();
    expect(await screen.findByText("Add a card on the subscription page before topping up")).toBeTruthy();
    const [first, second, retried, fourth] = keys();
    // The refused attempt's key is not reused; the unanswered one's is.
    expect(second).not.toBe(first);
    expect(retried).toBe(second);
    expect(fourth).not.toBe(retried);
    expect(screen.getByText("Balance: €12.50")).toBeTruthy();
    expect(screen.queryByText("Top-up success")).toBeNull();
  });

  it("/settings/sms-history: no top-up form for someone the server would refuse, nor without a payment provider", async () => {
    const r = renderApp("/settings/sms-history", { AppShellQuery: () => viewerResponse() });
    mockRest(r.rest, { "GET /sms-history": () => smsHistory({ canTopUp: false }) });
    expect(await screen.findByText("Balance: €12.50")).toBeTruthy();
    expect(screen.getByText("Billing is managed by your organisation's admin. Please contact your organisation admin.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Top up" })).toBeNull();
    expect(screen.queryByLabelText("Amount (EUR)")).toBeNull();
    r.unmount();
    const e = renderApp("/settings/sms-history", { AppShellQuery: () => viewerResponse() });
    mockRest(e.rest, { "GET /sms-history": () => smsHistory({ paymentProvider: false }) });
    expect(await screen.findByText(/Top-ups need a payment provider/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Top up" })).toBeNull();
  });

  it("/settings/billing-details: company by default; a field under 5 characters blocks saving", async () => {
    const r = renderApp("/settings/billing-details", { AppShellQuery: () => viewerResponse() });
    const calls = mockRest(r.rest, {
      "GET /subscription/details": () => ({
        billingEmail: "",
        name: "",
        address: { city: "", country: "", addressLine1: "", addressLine2: "", postalCode: "", state: "" },
        customerType: "company",
        businessId: "",
      }),
      "GET /subscription": () => subscription(),
      "PUT /subscription/details": (call) => ({ ...(call.options.body as object), message: "organization details updated" }),
    });
    const company = (await screen.findByLabelText("Company")) as HTMLInputElement;
    expect(company.checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/Billing e-mail/), { target: { value: "billing@acme.example" } });
    fireEvent.change(screen.getByLabelText(/Name on invoices/), { target: { value: "Acme" } });
    fireEvent.change(screen.getByLabelText(/Address line 1/), { target: { value: "Mannerheimintie 1" } });
    // Save is enabled once the form has re-rendered with the changes (on a loaded machine, not at once).
    const save = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText("Must be at least 5 characters")).toBeTruthy();
    expect(calls.some((c) => c.options.method === "PUT")).toBe(false);
    fireEvent.change(screen.getByLabelText(/Name on invoices/), { target: { value: "Acme Oy Ltd" } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(calls.some((c) => c.options.method === "PUT")).toBe(true));
    expect(await screen.findByText("Organization details updated")).toBeTruthy();
  });
});
