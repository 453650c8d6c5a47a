import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";

const apiKeysViewer = { countryCode: "FI", apiKeys: [], billingAdmin: false, currentOrganization: { id: "T3JnOjE=", availableFeatures: ["restApi"] } };
const profile = { id: "VXNlcjox", displayName: "Ada Lovelace", email: "ada@example.org", locale: "en", receiveDigest: true };

function setup(
  mutation: (vars: Record<string, unknown>) => unknown = ({ input }) => ({
    data: { updateProfile: { user: { ...profile, ...(input as object) } } },
  }),
) {
  const calls: Array<Record<string, unknown>> = [];
  const app = renderApp("/settings/user", {
    AppShellQuery: () => viewerResponse(),
    SettingsUserPageQuery: () => ({ data: { viewer: { user: profile, ...apiKeysViewer } } }),
    SettingsUserFormMutation: (vars) => {
      calls.push(vars);
      return mutation(vars);
    },
  });
  return { ...app, calls };
}

const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

describe("/settings/user", () => {
  beforeEach(() => toasts.clear());

  it("loads the profile through Relay", async () => {
    setup();
    expect(((await screen.findByLabelText("Name")) as HTMLInputElement).value).toBe("Ada Lovelace");
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe("ada@example.org");
    expect((screen.getByLabelText("Language") as HTMLSelectElement).value).toBe("en");
    expect((screen.getByLabelText("Send me the weekly digest e-mail") as HTMLInputElement).checked).toBe(true);
  });

  it("validates the e-mail address and disables save while invalid", async () => {
    setup();
    const email = await screen.findByLabelText("E-mail address");
    fireEvent.change(email, { target: { value: "not-an-address" } });
    fireEvent.blur(email);
    expect(screen.getByText("Please provide a valid e-mail address")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(email, { target: { value: "ada@example.com" } });
    expect(saveButton().disabled).toBe(false);
  });

  it("shows the mismatch message for the password confirmation", async () => {
    setup();
    fireEvent.change(await screen.findByLabelText("New password"), { target: { value: "Abcdef1!" } });
    const confirm = screen.getByLabelText("Confirm the new password");
    fireEvent.change(confirm, { target: { value: "Abcdef1?" } });
    fireEvent.blur(confirm);
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("saves with the updateProfile mutation and shows Saved", async () => {
    const { calls } = setup();
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Ada King" } });
    fireEvent.click(screen.getByLabelText("Send me the weekly digest e-mail"));
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      input: { displayName: "Ada King", email: "ada@example.org", locale: "en", receiveDigest: false },
    });
    await waitFor(() => expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["success", "Saved"]]));
  });

  it("sends a new password only when given", async () => {
    const { calls } = setup();
    fireEvent.change(await screen.findByLabelText("New password"), { target: { value: "Abcdef1!" } });
    fireEvent.change(screen.getByLabelText("Confirm the new password"), { target: { value: "Abcdef1!" } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.input as Record<string, unknown>).password).toBe("Abcdef1!");
    await waitFor(() => expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe(""));
  });

  it("shows the server's GraphQLError message in a toast and on the field", async () => {
    setup(() => ({
      data: null,
      errors: [{ message: "This e-mail address is already in use", extensions: { code: "BAD_USER_INPUT", field: "email" } }],
    }));
    fireEvent.change(await screen.findByLabelText("E-mail address"), { target: { value: "taken@example.org" } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["error", "This e-mail address is already in use"]]));
    expect(screen.getByText("This e-mail address is already in use", { selector: ".field__error" })).toBeTruthy();
  });

  it("guards unsaved changes when leaving through the menu", async () => {
    const { router } = setup();
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Changed" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Summary" }));
    });
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/settings/user");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue without saving" }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/summary"));
  });
});
