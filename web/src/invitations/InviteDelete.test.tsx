import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";

/** Polls with real timers until the query succeeds (lazy screens resolve outside testing-library's act-wrapped waits). */
async function eventually<T>(get: () => T, ms = 12_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return get();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const unitId = "65a1b2c3d4e5f60718293aaa";
const invitesAnswer = () => ({
  data: {
    viewer: { organizationAdmin: true, mayCreateSurveys: true },
    unitTree: { editableUnitIds: [unitId], units: [{ id: "VW5pdDox", legacyId: unitId, name: "Stores" }] },
    invites: {
      edges: [
        {
          cursor: "c1",
          node: {
            __typename: "Invite",
            id: "SW52aXRlOjE=",
            legacyId: "65a1b2c3d4e5f60718293bbb",
            email: "ada@example.org",
            role: "editor",
            sentAt: "2026-03-02T10:15:00.000Z",
            expired: false,
            invitedBy: "Grace Hopper",
            unit: { id: "VW5pdDox", name: "Stores" },
          },
        },
      ],
      pageInfo: { endCursor: null, hasNextPage: false },
    },
  },
});

describe("/settings/user-management/invites", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("deletes after confirmation with 'Invite deleted'", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const deleted: unknown[] = [];
    renderApp("/settings/user-management/invites", {
      AppShellQuery: () => viewerResponse(),
      InvitesPageQuery: invitesAnswer,
      InviteListRefetchQuery: invitesAnswer,
      useInviteActionsDeleteMutation: (vars) => {
        deleted.push(vars);
        return { data: { deleteInvite: { legacyId: "65a1b2c3d4e5f60718293bbb" } } };
      },
    });
    const target = await eventually(() => screen.getByLabelText("Delete the invite to ada@example.org"));
    await act(async () => {
      fireEvent.click(target);
    });
    await waitFor(() => expect(deleted).toHaveLength(1));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Invite deleted"));
  });
});
