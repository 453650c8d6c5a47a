import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
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

const member = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `TWVtYmVyOj${n}`,
  userLegacyId: `65a1b2c3d4e5f60718293a${n}0`,
  organizationAdmin: false,
  billingAdmin: false,
  receiveDigest: false,
  mayCreateSurveys: false,
  user: { id: `VXNlcj${n}`, displayName: `User ${n}`, email: `user${n}@example.org` },
  unitRoles: [{ role: "editor", unit: { id: `VW5pdDo${n}`, legacyId: "65a1b2c3d4e5f60718293aaa", name: "Stores" } }],
  ...extra,
});

const membersAnswer = (members: unknown[]) => ({
  data: {
    viewer: { organizationAdmin: true },
    members: {
      edges: members.map((node, i) => ({ cursor: `c${i}`, node: { __typename: "Member", ...(node as object) } })),
      pageInfo: { endCursor: null, hasNextPage: false },
    },
  },
});

describe("/settings/user-management", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("shows the server's error message when a change is refused", async () => {
    renderApp("/settings/user-management", {
      AppShellQuery: () => viewerResponse(),
      UserManagementPageQuery: () => membersAnswer([member(1)]),
      UserRowDigestMutation: () => ({ data: null, errors: [{ message: "You do not have the rights to manage users in this team", extensions: { code: "FORBIDDEN" } }] }),
    });
    const target = await eventually(() => screen.getByLabelText("Weekly digest: User 1"));
    await act(async () => {
      fireEvent.click(target);
    });
    await waitFor(() =>
      expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["error", "You do not have the rights to manage users in this team"]]),
    );
  });
});
