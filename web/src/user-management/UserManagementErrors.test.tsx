import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { eventually } from "../test/eventually";
import { member, membersAnswer } from "../test/fixtures/members";

describe("/settings/user-management", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("shows the server's error message when a change is refused", async () => {
    renderApp("/settings/user-management", {
      AppShellQuery: () => viewerResponse(),
      UserManagementPageQuery: () => membersAnswer([member(1)]),
      UserRowDigestMutation: () => ({
        data: null,
        errors: [{ message: "You do not have the rights to manage users in this team", extensions: { code: "FORBIDDEN" } }],
      }),
    });
    const target = await eventually(() => screen.getByLabelText("Weekly digest: User 1"));
    await act(async () => {
      fireEvent.click(target);
    });
    await waitFor(() => expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["error", "You do not have the rights to manage users in this team"]]));
  });
});
