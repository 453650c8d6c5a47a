import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { viewerResponse } from "../test/relay";
import { renderApp } from "../test/renderApp";
import type { AdminOrganization, ReportItem } from "./api";

vi.setConfig({ testTimeout: 20_000 });

const orgId = "0123456789abcdef01234567";
const organization: AdminOrganization = {
  _id: orgId,
  name: "Nordic Bakery",
  domain: null,
  segment: "customer",
  featureSetId: "aaaaaaaaaaaaaaaaaaaaaaaa",
  featureSetName: "all",
  contactRetentionDays: null,
  profanityFilter: false,
  trialUntil: null,
  billingPeriod: null,
  billingStatus: "inactive",
  dashboardLocked: false,
  responseLimit: null,
  userSeats: null,
  smsBalance: 0,
  smsSegmentPrice: 0.08,
  currency: "EUR",
  createdAt: "2026-01-01T00:00:00.000Z",
  userCount: 0,
};
const featureSets = [
  { _id: "aaaaaaaaaaaaaaaaaaaaaaaa", name: "all", features: ["restApi", "smsMessages"] },
  { _id: "bbbbbbbbbbbbbbbbbbbbbbbb", name: "basic", features: ["restApi"] },
];
const item = (n: number): ReportItem => ({
  _id: `${n}`.padStart(24, "0"),
  name: `Org ${n}`,
  view: "responsesToQuestions",
  year: 2026,
  from: "2026-01-01T00:00:00.000Z",
  to: "2027-01-01T00:00:00.000Z",
  periods: Array.from({ length: 12 }, (_, i) => ({ period: `2026-${String(i + 1).padStart(2, "0")}`, responses: i, answers: 2 * i, comments: 1 })),
  totals: { responses: 66, answers: 132, comments: 12 },
});

type Call = [string, { method?: string; body?: unknown; query?: Record<string, unknown> }?];

describe("the super-admin area", () => {
  beforeEach(() => toasts.clear());

  it("saves the organisation as the whole object with its new feature set, and tops up its SMS balance", async () => {
    const app = renderApp(`/superadmin/${orgId}/edit`, { AppShellQuery: () => viewerResponse({ systemAdmin: true }) });
    app.rest.request.mockImplementation((async (path: string, options?: { method?: string; body?: unknown }) => {
      if (path === `/organizations/${orgId}` && options?.method === "PUT") return { message: "Saved successfully.", organization: options.body };
      if (path === `/organizations/${orgId}`) return organization;
      if (path === "/feature-set") return featureSets;
      if (path === "/sms-topup") return { status: "ok", message: "top-up success", balance: 25 };
      return { status: "ok" };
    }) as never);
    const select = (await screen.findByLabelText("Feature set")) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: "bbbbbbbbbbbbbbbbbbbbbbbb" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    const calls = app.rest.request.mock.calls as unknown as Call[];
    const put = calls.find(([p, o]) => p === `/organizations/${orgId}` && o?.method === "PUT");
    expect(put?.[1]?.body).toEqual({ ...organization, featureSetId: "bbbbbbbbbbbbbbbbbbbbbbbb" });
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Saved successfully."));

    fireEvent.change(screen.getByLabelText("Top-up amount (EUR)"), { target: { value: "25" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Top up" }));
    });
    const topUp = (app.rest.request.mock.calls as unknown as Call[]).find(([p]) => p === "/sms-topup");
    expect(topUp?.[1]).toMatchObject({ method: "POST", query: { orgId }, body: { amount: 25 } });
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Top-up success"));
  });

  it("pages the reports 3 at a time", async () => {
    const app = renderApp("/superadmin/reports", { AppShellQuery: () => viewerResponse({ systemAdmin: true }) });
    app.rest.request.mockImplementation((async (path: string, options?: { query?: { skip?: number } }) => {
      if (path === "/reports/count") return { count: 4 };
      if (path === "/reports") return options?.query?.skip === 3 ? [item(4)] : [item(1), item(2), item(3)];
      return { status: "ok" };
    }) as never);
    expect(await screen.findByRole("heading", { name: "Org 3" })).toBeTruthy();
    expect(screen.getByText("Page 1 of 2 (4 organisations)")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Next" }));
    });
    expect(await screen.findByRole("heading", { name: "Org 4" })).toBeTruthy();
    const reportCalls = (app.rest.request.mock.calls as unknown as Call[]).filter(([p]) => p === "/reports");
    expect(reportCalls.at(-1)?.[1]?.query).toMatchObject({ view: "responsesToQuestions", skip: 3, limit: 3 });
  });

  it("is not shown to someone who is not a system admin", async () => {
    const app = renderApp("/superadmin", { AppShellQuery: () => viewerResponse({ systemAdmin: false }) });
    await waitFor(() => expect(app.router.state.location.pathname).not.toBe("/superadmin"));
    expect(app.rest.request).not.toHaveBeenCalledWith("/organizations", expect.anything());
  });
});
