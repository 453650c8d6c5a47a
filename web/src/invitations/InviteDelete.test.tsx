import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { eventually } from "../test/eventually";
import { invitesAnswer } from "../test/fixtures/invites";

describe("/settings/user-management/invites", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("deletes after confirmation with 'Invite deleted'", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const deleted: unknown[] = [];
    renderApp("/settings/user-management/invites", {
      AppShellQuery: () => viewerResponse(),
      InvitesPageQuery: () => invitesAnswer(),
      InviteListRefetchQuery: () => invitesAnswer(),
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
