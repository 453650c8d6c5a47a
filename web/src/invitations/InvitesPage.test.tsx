import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { eventually } from "../test/eventually";
import { invitesAnswer } from "../test/fixtures/invites";

describe("/settings/user-management/invites", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("lists pending invites with team, role, sent at and invited by; resend shows 'Invite resent'", async () => {
    const resent: unknown[] = [];
    renderApp("/settings/user-management/invites", {
      AppShellQuery: () => viewerResponse(),
      InvitesPageQuery: () => invitesAnswer(),
      InviteListRefetchQuery: () => invitesAnswer(),
      useInviteActionsResendMutation: (vars) => {
        resent.push(vars);
        return { data: { resendInvite: { invite: { id: "SW52aXRlOjE=", sentAt: "2026-03-03T10:15:00.000Z", expired: false } } } };
      },
    });
    expect(await eventually(() => screen.getByText("ada@example.org"))).toBeTruthy();
    expect(screen.getByText("Grace Hopper")).toBeTruthy();
    expect(screen.getByText(/02\.03\.2026/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByLabelText("Resend the invite to ada@example.org"));
    });
    await waitFor(() => expect(resent).toEqual([{ id: "SW52aXRlOjE=" }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Invite resent"));
  });

  it("invites by e-mail into a team with a role ('User invited'); a bad address is refused on the form", async () => {
    const invited: Array<Record<string, unknown>> = [];
    renderApp("/settings/user-management/invites", {
      AppShellQuery: () => viewerResponse(),
      InvitesPageQuery: () => invitesAnswer(),
      InviteListRefetchQuery: () => invitesAnswer(),
      InviteFormMutation: (vars) => {
        invited.push(vars);
        return { data: { inviteUser: { invite: { id: "SW52aXRlOjI=", email: "new@example.org" } } } };
      },
    });
    const email = await eventually(() => screen.getByLabelText("E-mail address"));
    fireEvent.change(email, { target: { value: "not-an-address" } });
    fireEvent.blur(email);
    expect(screen.getByText("Please provide a valid e-mail address")).toBeTruthy();
    fireEvent.change(email, { target: { value: "new@example.org" } });
    fireEvent.change(screen.getByLabelText("Team"), { target: { value: "VW5pdDox" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "admin" } });
    fireEvent.click(screen.getByLabelText("May create surveys"));
    await act(async () => {
      fireEvent.click(screen.getByText("Send invite"));
    });
    await waitFor(() =>
      expect(invited).toEqual([
        { input: { email: "new@example.org", unitId: "VW5pdDox", role: "admin", organizationAdmin: false, billingAdmin: false, mayCreateSurveys: true } },
      ]),
    );
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("User invited"));
  });

  it("with every seat of the plan taken, says so in the spec's words instead of offering the form", async () => {
    renderApp("/settings/user-management/invites", {
      AppShellQuery: () => viewerResponse(),
      InvitesPageQuery: () => invitesAnswer({ userSeatsAvailable: 0, billingAdmin: true }),
      InviteListRefetchQuery: () => invitesAnswer({ userSeatsAvailable: 0, billingAdmin: true }),
    });
    expect(await eventually(() => screen.getByText("Adding users is limited by the plan's seats; upgrade is needed for more."))).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe("/settings/subscription");
    expect(screen.queryByLabelText("E-mail address")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send invite" })).toBeNull();
    // The pending invites are still listed and can be resent.
    expect(screen.getByText("ada@example.org")).toBeTruthy();
  });

  it("with seats left (or no seat limit) the form is offered", async () => {
    renderApp("/settings/user-management/invites", {
      AppShellQuery: () => viewerResponse(),
      InvitesPageQuery: () => invitesAnswer({ userSeatsAvailable: 2 }),
      InviteListRefetchQuery: () => invitesAnswer({ userSeatsAvailable: 2 }),
    });
    expect(await eventually(() => screen.getByLabelText("E-mail address"))).toBeTruthy();
    expect(screen.queryByText("Adding users is limited by the plan's seats; upgrade is needed for more.")).toBeNull();
  });
});
