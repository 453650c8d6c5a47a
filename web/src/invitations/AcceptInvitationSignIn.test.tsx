import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { PENDING_INVITATION_KEY } from "./pendingInvitation";
import { eventually } from "../test/eventually";

const token = "a-long-invitation-token-value";
const preview = (existingUser: boolean) => () => ({
  data: {
    invitation: { email: "ada@example.org", organizationName: "Acme", unitName: "Stores", role: "editor", inviterName: "Grace", existingUser },
  },
});

describe("/accept-invitation", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());
  afterEach(() => window.sessionStorage.clear());

  it("an existing user is sent to sign in, the token kept for after the sign-in", async () => {
    const { router } = renderApp(
      `/accept-invitation?token=${token}`,
      {
        AcceptInvitationPreviewQuery: preview(true),
        AppShellQuery: () => viewerResponse(),
        AcceptSignedInMutation: () => ({ data: null, errors: [{ message: "This invitation has expired. Ask for a new one." }] }),
      },
      { search: `?token=${token}` },
    );
    const target = await eventually(() => screen.getByText("Sign in to accept"));
    await act(async () => {
      fireEvent.click(target);
    });
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/accept-invitation");
    // Signed in, the page accepts with the stored token and shows why it failed here.
    expect(await eventually(() => screen.getByText("This invitation has expired. Ask for a new one."))).toBeTruthy();
    expect(window.sessionStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
  });
});
