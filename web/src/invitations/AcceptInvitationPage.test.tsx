import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
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

  it("opens without sign-in with a token, calls without a bearer token, and creates the account of a new user", async () => {
    const created: Array<Record<string, unknown>> = [];
    const { requests } = renderApp(
      `/accept-invitation?token=${token}`,
      {
        AcceptInvitationPreviewQuery: preview(false),
        NewUserFormMutation: (vars) => {
          created.push(vars);
          return { data: { acceptInvitationAsNewUser: { email: "ada@example.org" } } };
        },
      },
      { search: `?token=${token}` },
    );
    expect(await eventually(() => screen.getByText("Grace invited ada@example.org to Acme, team Stores, as Editor."))).toBeTruthy();
    expect(requests.find((r) => r.name === "AcceptInvitationPreviewQuery")!.authorization).toBeUndefined();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Strong-Pass-1!" } });
    const confirm = screen.getByLabelText("Confirm the password");
    fireEvent.change(confirm, { target: { value: "Strong-Pass-2!" } });
    fireEvent.blur(confirm);
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    fireEvent.change(confirm, { target: { value: "Strong-Pass-1!" } });
    await act(async () => {
      fireEvent.click(screen.getByText("Create account and accept"));
    });
    await waitFor(() => expect(created).toEqual([{ input: { token, displayName: "Ada", password: "Strong-Pass-1!", password2: "Strong-Pass-1!" } }]));
    expect(await screen.findByText("Your account is ready. Sign in with ada@example.org and your new password.")).toBeTruthy();
  });

  it("shows why a link cannot be used", async () => {
    renderApp(
      `/accept-invitation?token=${token}`,
      { AcceptInvitationPreviewQuery: () => ({ data: null, errors: [{ message: "This invitation has been deleted.", extensions: { code: "NOT_FOUND" } }] }) },
      { search: `?token=${token}` },
    );
    expect(await eventually(() => screen.getByText("This invitation has been deleted."))).toBeTruthy();
  });
});
