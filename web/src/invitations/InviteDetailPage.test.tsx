import { configure, act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { invitesAnswer } from "../test/fixtures/invites";

// The first render compiles the lazy screen; on a loaded machine that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const INVITE_ID = "65a1b2c3d4e5f60718293bbb";
const PATH = `/settings/user-management/invites/${INVITE_ID}`;
/** the invite's global id: the query and the mutations take it */
const INVITE_GID = btoa(`Invite:${INVITE_ID}`);

const invite = (over: Record<string, unknown> = {}) => ({
  data: {
    invite: {
      id: INVITE_GID,
      legacyId: INVITE_ID,
      email: "ada@example.org",
      role: "editor",
      sentAt: "2026-03-02T10:15:00.000Z",
      expiresAt: "2026-03-09T10:15:00.000Z",
      expired: false,
      invitedBy: "Grace Hopper",
      organizationAdmin: false,
      billingAdmin: true,
      mayCreateSurveys: true,
      unit: { id: "VW5pdDox", name: "Stores" },
      ...over,
    },
  },
});

/** A definition list's value for a term. */
const definitionOf = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("/settings/user-management/invites/{inviteId}", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());
  afterEach(() => vi.restoreAllMocks());

  it("shows the invite: e-mail, team, role, dates, inviter and flags", async () => {
    const { requests } = renderApp(PATH, {
      AppShellQuery: () => viewerResponse(),
      InviteDetailPageQuery: () => invite(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "ada@example.org" })).toBeTruthy();
    expect(requests.find((r) => r.name === "InviteDetailPageQuery")?.variables).toEqual({ id: INVITE_GID });
    expect(definitionOf("Team")).toBe("Stores");
    expect(definitionOf("Role")).toBe("Editor");
    expect(definitionOf("Sent at")).toMatch(/^02\.03\.2026/);
    expect(definitionOf("Link valid until")).toMatch(/^09\.03\.2026/);
    expect(definitionOf("Link valid until")).not.toMatch(/expired/);
    expect(definitionOf("Invited by")).toBe("Grace Hopper");
    expect(definitionOf("Organisation admin")).toBe("No");
    expect(definitionOf("Billing admin")).toBe("Yes");
    expect(definitionOf("May create surveys")).toBe("Yes");
    expect(screen.getByRole("link", { name: "Back to pending invites" }).getAttribute("href")).toBe("/settings/user-management/invites");
    expect(screen.getByRole("button", { name: "Resend" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete" })).toBeTruthy();
  });

  it("marks an expired link", async () => {
    renderApp(PATH, {
      AppShellQuery: () => viewerResponse(),
      InviteDetailPageQuery: () => invite({ expired: true, invitedBy: null }),
    });
    await screen.findByRole("heading", { level: 1, name: "ada@example.org" });
    expect(definitionOf("Link valid until")).toMatch(/\(expired\)$/);
    expect(definitionOf("Invited by")).toBe("–");
  });

  it("resends with 'Invite resent' and reads the invite again", async () => {
    const resent: unknown[] = [];
    const { requests } = renderApp(PATH, {
      AppShellQuery: () => viewerResponse(),
      InviteDetailPageQuery: () => invite(),
      useInviteActionsResendMutation: (vars) => {
        resent.push(vars);
        return { data: { resendInvite: { invite: { id: "SW52aXRlOjE=", sentAt: "2026-03-03T10:15:00.000Z", expired: false } } } };
      },
    });
    const resend = await screen.findByRole("button", { name: "Resend" });
    await act(async () => {
      fireEvent.click(resend);
    });
    await waitFor(() => expect(resent).toEqual([{ id: INVITE_GID }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Invite resent"));
    await waitFor(() => expect(requests.filter((r) => r.name === "InviteDetailPageQuery").length).toBeGreaterThanOrEqual(2));
  });

  it("deletes only after confirmation, with 'Invite deleted', and returns to the pending invites", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const deleted: unknown[] = [];
    const { router } = renderApp(PATH, {
      AppShellQuery: () => viewerResponse(),
      InviteDetailPageQuery: () => invite(),
      InvitesPageQuery: () => invitesAnswer(),
      InviteListRefetchQuery: () => invitesAnswer(),
      useInviteActionsDeleteMutation: (vars) => {
        deleted.push(vars);
        return { data: { deleteInvite: { legacyId: INVITE_ID } } };
      },
    });
    const remove = await screen.findByRole("button", { name: "Delete" });
    await act(async () => {
      fireEvent.click(remove);
    });
    expect(confirm).toHaveBeenCalledWith("Delete the invite to ada@example.org?");
    expect(deleted).toEqual([]);
    await act(async () => {
      fireEvent.click(remove);
    });
    await waitFor(() => expect(deleted).toEqual([{ id: INVITE_GID }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Invite deleted"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/user-management/invites"));
  });

  it("someone who may not manage users gets the server's refusal and no actions", async () => {
    renderApp(PATH, {
      AppShellQuery: () => viewerResponse({ viewerOnly: true }),
      InviteDetailPageQuery: () => ({
        data: null,
        errors: [{ message: "You do not have the rights to manage users", path: ["invite"], extensions: { code: "FORBIDDEN" } }],
      }),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("You do not have the rights to manage users")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resend" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "ada@example.org" })).toBeNull();
  });
});
