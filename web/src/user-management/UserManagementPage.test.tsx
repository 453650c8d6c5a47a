import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { eventually } from "../test/eventually";
import { member, membersAnswer } from "../test/fixtures/members";

describe("/settings/user-management", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("lists users with roles per unit and toggles the billing admin flag with the spec's toast", async () => {
    const calls: Array<Record<string, unknown>> = [];
    renderApp("/settings/user-management", {
      AppShellQuery: () => viewerResponse(),
      UserManagementPageQuery: () => membersAnswer([member(1), member(2, { billingAdmin: true })]),
      UserRowBillingAdminMutation: (vars) => {
        calls.push(vars);
        return { data: { setBillingAdmin: { member: { id: "TWVtYmVyOj1", billingAdmin: true } } } };
      },
    });
    const row = (await eventually(() => screen.getByText("User 1"))).closest("tr")!;
    expect(within(row).getByText(/Stores: Editor/)).toBeTruthy();
    const toggle = screen.getByLabelText("Billing admin: User 1") as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await act(async () => {
      fireEvent.click(toggle);
    });
    await waitFor(() => expect(calls).toEqual([{ userId: "VXNlcj1", billingAdmin: true }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Billing administrator updated"));
  });
});
