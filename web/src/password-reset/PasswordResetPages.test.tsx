import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { decideBeforeLogin } from "../access/guard";
import { findRouteMeta } from "../routes";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { ApiError } from "../transport/rest";

type Call = [string, { method?: string; body?: unknown } | undefined];
const TOKEN = "a".repeat(43);

describe("password reset pages", () => {
  beforeEach(() => toasts.clear());

  it("/forgot-password and /reset-password are open pages without the menu; /outbox needs sign-in", () => {
    for (const path of ["/forgot-password", "/reset-password"]) {
      const meta = findRouteMeta(path);
      expect(meta.access, path).toBe("open");
      expect(meta.hideMenu, path).toBe(true);
      expect(decideBeforeLogin({ access: meta.access, search: `?token=${TOKEN}` })).toEqual({ kind: "anonymous" });
    }
    const outbox = findRouteMeta("/outbox");
    expect(outbox.access).toBe("requiresLogin");
    expect(outbox.hideMenu).toBe(true);
    expect(decideBeforeLogin({ access: outbox.access, search: "" })).toEqual({ kind: "login" });
  });

  it("/forgot-password says a system administrator reads the mail in the outbox when there is no mail server, and asks the API nothing about it", async () => {
    const { rest } = renderApp("/forgot-password", {}, { config: { mailOutbox: true } });
    fireEvent.change(await screen.findByLabelText("E-mail address"), { target: { value: "ada@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    const link = await screen.findByRole("link", { name: "No mail server is configured: a system administrator can read this mail in the outbox" });
    expect(link.getAttribute("href")).toBe("/outbox");
    expect((rest.request.mock.calls as unknown as Call[]).some(([path]) => path.startsWith("/outbox"))).toBe(false);
  });

  it("/forgot-password does not mention an outbox when mail goes to a mail server", async () => {
    renderApp("/forgot-password", {}, { config: { mailOutbox: false } });
    fireEvent.change(await screen.findByLabelText("E-mail address"), { target: { value: "ada@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(/If an account exists for ada@example.org/)).toBeTruthy();
    expect(screen.queryByText(/outbox/)).toBeNull();
  });

  it("/forgot-password validates the address, posts it and shows the success toast", async () => {
    const { rest } = renderApp("/forgot-password", {});
    const email = (await screen.findByLabelText("E-mail address")) as HTMLInputElement;
    fireEvent.change(email, { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Please provide a valid e-mail address")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect((rest.request.mock.calls as unknown as Call[]).some(([path]) => path === "/user/reset-password")).toBe(false);

    fireEvent.change(email, { target: { value: "ada@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Password reset link sent"));
    const call = (rest.request.mock.calls as unknown as Call[]).find(([path]) => path === "/user/reset-password")!;
    expect(call[1]).toMatchObject({ method: "POST", body: { email: "ada@example.org" } });
    expect(await screen.findByText(/If an account exists for ada@example.org/)).toBeTruthy();
  });

  it("/reset-password checks the strong-password rule and the confirmation before posting", async () => {
    const { rest } = renderApp(`/reset-password?token=${TOKEN}`, {});
    const password = await screen.findByLabelText("New password");
    fireEvent.change(password, { target: { value: "weak" } });
    fireEvent.change(screen.getByLabelText("Confirm the new password"), { target: { value: "weak2" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the new password" }));
    expect(await screen.findByText(/The password needs at least 8 characters/)).toBeTruthy();
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect((rest.request.mock.calls as unknown as Call[]).some(([path]) => path === "/user/reset-password/confirm")).toBe(false);

    fireEvent.change(password, { target: { value: "Good-Pass-1!" } });
    fireEvent.change(screen.getByLabelText("Confirm the new password"), { target: { value: "Good-Pass-1!" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the new password" }));
    expect(await screen.findByText("Your password has been changed. Sign in with your new password.")).toBeTruthy();
    const call = (rest.request.mock.calls as unknown as Call[]).find(([path]) => path === "/user/reset-password/confirm")!;
    expect(call[1]).toMatchObject({ method: "POST", body: { token: TOKEN, password: "Good-Pass-1!" } });
  });

  it("/reset-password shows the server's message for a used or expired link, with a way to ask again", async () => {
    const { rest } = renderApp(`/reset-password?token=${TOKEN}`, {});
    const message = "This password reset link is invalid, already used or expired. Ask for a new link.";
    rest.request.mockImplementation((async (path: string) => {
      if (path === "/user/reset-password/confirm") throw new ApiError(message, 400, { error: message, field: "token" });
      return { status: "ok" };
    }) as never);
    fireEvent.change(await screen.findByLabelText("New password"), { target: { value: "Good-Pass-1!" } });
    fireEvent.change(screen.getByLabelText("Confirm the new password"), { target: { value: "Good-Pass-1!" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the new password" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
  });

  it("/reset-password without a token says the link is incomplete", async () => {
    renderApp("/reset-password", {});
    expect(await screen.findByText("This link is incomplete. Ask for a new password reset link.")).toBeTruthy();
  });
});

describe("/outbox", () => {
  it("lists mail newest first with to, subject, time and clickable links, and pages on", async () => {
    const { rest } = renderApp("/outbox", { AppShellQuery: () => viewerResponse({ systemAdmin: true }) });
    rest.request.mockImplementation((async (path: string) => {
      if (path.startsWith("/outbox") && !path.includes("cursor")) {
        return {
          items: [
            {
              _id: "m2",
              kind: "invitation",
              to: "new@example.org",
              subject: "You are invited to Acme",
              text: "Join:\n\nhttp://app.test/accept-invitation?token=abcdefghijkl\n",
              createdAt: "2026-01-02T10:00:00.000Z",
            },
          ],
          nextCursor: "c1",
        };
      }
      if (path.includes("cursor=c1")) {
        return {
          items: [
            { _id: "m1", kind: "passwordReset", to: "old@example.org", subject: "Reset your password", text: "x", createdAt: "2026-01-01T10:00:00.000Z" },
          ],
          nextCursor: null,
        };
      }
      return { status: "ok" };
    }) as never);
    expect(await screen.findByRole("heading", { name: "You are invited to Acme" })).toBeTruthy();
    expect(screen.getByText("new@example.org")).toBeTruthy();
    const link = screen.getByRole("link", { name: "http://app.test/accept-invitation?token=abcdefghijkl" });
    expect(link.getAttribute("href")).toBe("http://app.test/accept-invitation?token=abcdefghijkl");
    fireEvent.click(screen.getByRole("button", { name: "Show older mail" }));
    expect(await screen.findByRole("heading", { name: "Reset your password" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show older mail" })).toBeNull();
  });

  it("says clearly that only system administrators may read it when the API refuses (403)", async () => {
    const { rest } = renderApp("/outbox", { AppShellQuery: () => viewerResponse() });
    rest.request.mockImplementation((async (path: string) => {
      if (path.startsWith("/outbox"))
        throw new ApiError("Only system administrators can read the outbox", 403, { error: "Only system administrators can read the outbox" });
      return { status: "ok" };
    }) as never);
    expect(await screen.findByText("Only system administrators can read the outbox. Sign in as a system administrator to read it.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Mail, newest first" })).toBeNull();
  });

  it("says so when the server has a mail server (404)", async () => {
    const { rest } = renderApp("/outbox", { AppShellQuery: () => viewerResponse({ systemAdmin: true }) });
    rest.request.mockImplementation((async () => null) as never);
    expect(await screen.findByText("The outbox is not available: this server sends its mail through a mail server.")).toBeTruthy();
  });
});
