import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { decideBeforeLogin } from "../../access/guard";
import { findRouteMeta } from "../../routes";
import { renderApp } from "../../test/renderApp";
import { ApiError } from "../../transport/rest";

type Call = [string, { method?: string; query?: Record<string, string>; body?: unknown } | undefined];
const TOKEN = "u1.eyJvIjoiYSJ9.sig";

describe("/unsubscribe", () => {
  it("is an open page without the menu", () => {
    const meta = findRouteMeta("/unsubscribe");
    expect(meta.access).toBe("open");
    expect(meta.hideMenu).toBe(true);
    expect(decideBeforeLogin({ access: meta.access, search: `?token=${TOKEN}` })).toEqual({ kind: "anonymous" });
  });

  it("shows whose list it is, unsubscribes with one button (only then) and confirms", async () => {
    const { rest } = renderApp(`/unsubscribe?token=${TOKEN}`, {});
    rest.request.mockImplementation((async (_path: string, options?: { method?: string }) => ({
      maskedEmail: "a***@e***.com",
      organizationName: "Acme Shops",
      unsubscribed: options?.method === "POST",
    })) as never);
    expect(await screen.findByText("a***@e***.com gets survey messages from Acme Shops. Unsubscribe to get no more of them.")).toBeTruthy();
    const calls = () => rest.request.mock.calls as unknown as Call[];
    // opening the page only reads
    expect(calls().map(([path, o]) => [path, o?.method ?? "GET", o?.query?.token])).toEqual([["/unsubscribe", "GET", TOKEN]]);
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText("Done: a***@e***.com will get no more messages from Acme Shops.")).toBeTruthy();
    expect(calls()[1]).toEqual(["/unsubscribe", expect.objectContaining({ method: "POST", query: { token: TOKEN } })]);
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("a second visit says the address is already unsubscribed", async () => {
    const { rest } = renderApp(`/unsubscribe?token=${TOKEN}`, {});
    rest.request.mockImplementation((async () => ({ maskedEmail: "a***@e***.com", organizationName: "Acme Shops", unsubscribed: true })) as never);
    expect(await screen.findByText("a***@e***.com is already unsubscribed from the messages of Acme Shops.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("a tampered or missing token gets a clear message and no button", async () => {
    const { rest } = renderApp(`/unsubscribe?token=${TOKEN}x`, {});
    rest.request.mockImplementation((async () => {
      throw new ApiError("bad", 400, { error: "bad", field: "token" });
    }) as never);
    expect(await screen.findByText("This unsubscribe link is not valid. Use the link in the message you received, exactly as it is.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("without a token says the link is incomplete and asks nothing", async () => {
    const { rest } = renderApp("/unsubscribe", {});
    expect(await screen.findByText("This unsubscribe link is incomplete. Use the link in the message you received.")).toBeTruthy();
    await waitFor(() => expect(rest.request).not.toHaveBeenCalled());
  });
});
