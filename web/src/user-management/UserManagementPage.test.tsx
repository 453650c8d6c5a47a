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
  it("searches users on the server and removes the selected ones from their teams through removeMemberFromUnit", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const removed: Array<Record<string, unknown>> = [];
    const confirm = window.confirm;
    window.confirm = () => true;
    renderApp("/settings/user-management", {
      AppShellQuery: () => viewerResponse(),
      UserManagementPageQuery: (vars) => {
        asked.push(vars);
        return membersAnswer(vars.search === "user 2" ? [member(2)] : [member(1), member(2)]);
      },
      UserListRemoveMutation: (vars) => {
        removed.push(vars);
        return { data: { removeMemberFromUnit: { userLegacyId: "x" } } };
      },
    });
    await eventually(() => screen.getByText("User 1"));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search users by name or address" }), { target: { value: "user 2" } });
    await waitFor(() => expect(screen.queryByText("User 1")).toBeNull());
    expect(asked.at(-1)).toEqual({ search: "user 2", orderBy: null });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select User 2" }));
    await act(async () => fireEvent.click(within(screen.getByRole("region", { name: "Bulk actions" })).getByRole("button", { name: "Remove from teams (1)" })));
    await waitFor(() => expect(removed).toEqual([{ userId: "VXNlcj2", unitId: "VW5pdDo2" }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Removed from 1 of 1 team memberships"));
    window.confirm = confirm;
  });
});
