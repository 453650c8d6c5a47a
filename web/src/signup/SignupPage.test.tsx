import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, type vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { ApiError } from "../transport/rest";

type RestMock = { request: ReturnType<typeof vi.fn> };

function setup(path: string, answer: (path: string, options: { body?: unknown }) => unknown) {
  const app = renderApp(path, {});
  const rest = app.rest as unknown as RestMock;
  rest.request.mockImplementation(async (p: string, o: { body?: unknown }) => answer(p, o));
  return { ...app, rest: rest };
}

const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillValidForm() {
  await screen.findByLabelText(/First name/);
  fill(/First name/, "Ada");
  fill(/Last name/, "Lovelace");
  fill(/E-mail address/, "ada@example.org");
  fill(/^Password \*/, "Abcdefg1!");
  fill(/Confirm the password/, "Abcdefg1!");
  fill(/^Company \*/, "Analytical Engines");
  fill(/Industry/, "Retail");
  fill(/Company size/, "10-49");
}

describe("/signup", () => {
  beforeEach(() => toasts.clear());

  it("has every field of the form, labelled, with the password checklist", { timeout: 15_000 }, async () => {
    setup("/signup", () => ({}));
    for (const label of [
      /First name/,
      /Last name/,
      /E-mail address/,
      /^Password \*/,
      /Confirm the password/,
      /Phone/,
      /^Company \*/,
      /Industry/,
      /Company size/,
      /Promo code/,
    ]) {
      expect(await screen.findByLabelText(label)).toBeTruthy();
    }
    fill(/^Password \*/, "abc");
    const checklist = screen.getByRole("list", { name: "Password requirements" });
    expect(
      within(checklist)
        .getByText(/At least 8 characters/)
        .closest("li")?.className,
    ).toBe("is-missing");
    expect(
      within(checklist)
        .getByText(/A lower case letter/)
        .closest("li")?.className,
    ).toBe("is-ok");
    fill(/^Password \*/, "Abcdefg1!");
    expect(within(checklist).getAllByText("(done)")).toHaveLength(5);
    // No menu on the signup page.
    expect(screen.queryByRole("navigation", { name: "Main menu" })).toBeNull();
  });

  it("shows the mismatch and invalid e-mail messages and does not post an invalid form", async () => {
    const { rest } = setup("/signup", () => ({}));
    await fillValidForm();
    fill(/E-mail address/, "ada@");
    fill(/Confirm the password/, "Abcdefg1?");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    });
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(screen.getByText("Please provide a valid e-mail address")).toBeTruthy();
    expect(screen.getByLabelText(/Confirm the password/).getAttribute("aria-invalid")).toBe("true");
    expect(rest.request).not.toHaveBeenCalled();
  });

  it("posts the form with stage initial and type web, then shows the verify page", async () => {
    const { rest, router } = setup("/signup", () => ({ nextStage: "emailVerification" }));
    await fillValidForm();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/signup/verify-email"));
    expect(rest.request).toHaveBeenCalledWith(
      "/signup",
      expect.objectContaining({
        method: "POST",
        toast: false,
        body: expect.objectContaining({
          firstName: "Ada",
          email: "ada@example.org",
          password: "Abcdefg1!",
          password2: "Abcdefg1!",
          company: "Analytical Engines",
          companySize: "10-49",
          stage: "initial",
          type: "web",
          signupToken: "",
          locale: "en",
        }),
      }),
    );
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeTruthy();
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe("ada@example.org");
  });

  it("shows a server error on its field, without a toast", async () => {
    setup("/signup", () => {
      throw new ApiError("This e-mail address is already in use", 409, { error: "This e-mail address is already in use", field: "email" });
    });
    await fillValidForm();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    });
    expect(await screen.findByText("This e-mail address is already in use")).toBeTruthy();
    expect(screen.getByLabelText(/E-mail address/).getAttribute("aria-invalid")).toBe("true");
    expect(toasts.list()).toEqual([]);
  });

  it("with ?token= prefills the account and completes the company details", async () => {
    const { rest } = setup("/signup?token=details-token-123", (path) =>
      path === "/signup/details"
        ? { email: "ada@example.org", firstName: "Ada", lastName: "Lovelace", type: "landing-page", stage: "detailsRequired" }
        : { nextStage: "complete" },
    );
    expect(await screen.findByText("ada@example.org")).toBeTruthy();
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe("Ada");
    expect(screen.queryByLabelText(/^Password \*/)).toBeNull();
    fill(/^Company \*/, "Engines");
    fill(/Industry/, "Retail");
    fill(/Company size/, "1-9");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create my organisation" }));
    });
    expect(await screen.findByRole("heading", { name: "Your account is ready" })).toBeTruthy();
    expect(rest.request).toHaveBeenLastCalledWith(
      "/signup",
      expect.objectContaining({
        body: expect.objectContaining({ stage: "detailsRequired", signupToken: "details-token-123", company: "Engines", companySize: "1-9" }),
      }),
    );
  });

  it("with an unknown token says so and offers a new signup", async () => {
    setup("/signup?token=unknown-token-123", () => {
      throw new ApiError("This signup link is invalid or has expired", 404, { error: "This signup link is invalid or has expired" });
    });
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "This signup link is invalid or has expired");
    expect(screen.getByRole("link", { name: "Start a new signup" })).toBeTruthy();
  });
});
