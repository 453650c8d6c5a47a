import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, type vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { ApiError } from "../transport/rest";
import { resetVerifications } from "./signupApi";

function setup(path: string, answer: (path: string, options: { body?: unknown }) => unknown) {
  const app = renderApp(path, {});
  const rest = app.rest as unknown as { request: ReturnType<typeof vi.fn> };
  rest.request.mockImplementation(async (p: string, o: { body?: unknown }) => answer(p, o));
  return { ...app, rest };
}

describe("/signup/verify-email", () => {
  beforeEach(() => {
    toasts.clear();
    resetVerifications();
  });

  it("without a token: check your inbox, and resend shows the toast", async () => {
    const { rest } = setup("/signup/verify-email", () => ({ message: "New verification email sent!" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeTruthy();
    const email = screen.getByLabelText("E-mail address");
    fireEvent.change(email, { target: { value: "nope" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send a new link" }));
    });
    expect(screen.getByText("Please provide a valid e-mail address")).toBeTruthy();
    expect(rest.request).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: "ada@example.org" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send a new link" }));
    });
    expect(rest.request).toHaveBeenCalledWith(
      "/signup/resend-verification-email",
      expect.objectContaining({ method: "POST", body: { email: "ada@example.org" } }),
    );
    await waitFor(() => expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["success", "New verification email sent!"]]));
  });

  it("with a token: verifies once, then offers sign-in", async () => {
    const { rest } = setup("/signup/verify-email?token=verification-token-1", () => ({
      nextStage: "complete",
      type: "web",
      email: "ada@example.org",
    }));
    expect(await screen.findByRole("heading", { name: "Your e-mail address is verified" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/");
    expect(rest.request).toHaveBeenCalledTimes(1);
    expect(rest.request).toHaveBeenCalledWith("/signup/verify-token", expect.objectContaining({ body: { signupToken: "verification-token-1" }, toast: false }));
  });

  it("detailsRequired: links to the details form", async () => {
    setup("/signup/verify-email?token=verification-token-2", () => ({
      nextStage: "detailsRequired",
      type: "landing-page",
      email: "ada@example.org",
      signupToken: "details-token-9",
    }));
    const link = await screen.findByRole("link", { name: "Continue with your company details" });
    expect(link.getAttribute("href")).toBe("/signup?token=details-token-9");
  });

  it("a used or old link shows the server's message and the resend form", async () => {
    setup("/signup/verify-email?token=verification-token-3", () => {
      throw new ApiError("This e-mail address is already verified. Sign in to continue.", 409, {
        error: "This e-mail address is already verified. Sign in to continue.",
      });
    });
    expect(await screen.findByRole("heading", { name: "The link did not work" })).toBeTruthy();
    expect(screen.getByText("This e-mail address is already verified. Sign in to continue.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send a new link" })).toBeTruthy();
  });
});
