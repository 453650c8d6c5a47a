import { describe, expect, it, vi } from "vitest";
import { createActionTracker } from "../shell/actions";
import { createToastStore } from "../shell/toastStore";
import { ApiError, createRestClient, failureMessage, isStatusOk } from "./rest";

function setup(response: Response | Error, search = "") {
  const toasts = createToastStore();
  const actions = createActionTracker();
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const client = createRestClient({
    getAccessToken: async () => "access-1",
    getSearch: () => search,
    fetch: fetch as unknown as typeof globalThis.fetch,
    toasts,
    actions,
  });
  return { client, toasts, actions, fetch };
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" }, ...init });

describe("REST helper", () => {
  it("calls /api/v5 with the bearer token and a JSON body", async () => {
    const { client, fetch } = setup(json({ status: "ok" }));
    await expect(client.request("/user/change-organization", { method: "POST", body: { id: "o1" } })).resolves.toEqual({
      status: "ok",
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v5/user/change-organization");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer access-1");
    expect(init.body).toBe(JSON.stringify({ id: "o1" }));
  });

  it("sends a call's extra headers (Idempotency-Key) beside, not over, its own", async () => {
    const { client, fetch } = setup(json({ status: "ok" }));
    await client.request("/sms-topup", { method: "POST", body: { amount: 5 }, headers: { "Idempotency-Key": "k-1", Accept: "text/html" } });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers).toMatchObject({ "Idempotency-Key": "k-1", Accept: "application/json", Authorization: "Bearer access-1" });
  });

  it("adds query parameters", async () => {
    const { client, fetch } = setup(json([]));
    await client.request("/reports", { query: { skip: 0, limit: 3, search: undefined } });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe("/api/v5/reports?skip=0&limit=3");
  });

  it("sends no bearer with a query token or noLogin=true", async () => {
    for (const search of ["?token=abcdefghijk", "?noLogin=true"]) {
      const { client, fetch } = setup(json({}), search);
      await client.request("/results/defaults");
      const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
      expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    }
  });

  it("toasts the body's error field on failure", async () => {
    const { client, toasts } = setup(json({ error: "Card has expired" }, { status: 402, statusText: "Payment Required" }));
    await expect(client.request("/subscription/card")).rejects.toBeInstanceOf(ApiError);
    expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["error", "Card has expired"]]);
  });

  it("falls back to the status text, then to Something went wrong", async () => {
    const a = setup(new Response("oops", { status: 500, statusText: "Internal Server Error" }));
    await expect(a.client.request("/x")).rejects.toThrow("Internal Server Error");
    expect(a.toasts.list()[0]?.message).toBe("Internal Server Error");
    const b = setup(new Response("", { status: 500, statusText: "" }));
    await expect(b.client.request("/x")).rejects.toThrow("Something went wrong");
    expect(b.toasts.list()[0]?.message).toBe("Something went wrong");
  });

  it("may suppress the toast or give its own message", async () => {
    const a = setup(json({ error: "nope" }, { status: 400 }));
    await expect(a.client.request("/x", { toast: false })).rejects.toThrow("nope");
    expect(a.toasts.list()).toHaveLength(0);
    const b = setup(json({ error: "nope" }, { status: 400 }));
    await expect(b.client.request("/x", { toast: "Could not save the card" })).rejects.toThrow();
    expect(b.toasts.list()[0]?.message).toBe("Could not save the card");
  });

  it("treats allowed statuses as no failure", async () => {
    const { client, toasts } = setup(json({ error: "not impersonating" }, { status: 404 }));
    await expect(client.request("/user/impersonate", { method: "DELETE", allowStatus: [404] })).resolves.toBeNull();
    expect(toasts.list()).toHaveLength(0);
  });

  it("runs under a named action", async () => {
    const { client, actions } = setup(json({}));
    const seen: string[][] = [];
    actions.subscribe(() => seen.push([...actions.running()]));
    await client.request("/organization", { action: "saveOrganization" });
    expect(seen).toEqual([["saveOrganization"], []]);
  });

  it("toasts a network failure", async () => {
    const { client, toasts } = setup(new TypeError("Failed to fetch"));
    await expect(client.request("/x")).rejects.toBeInstanceOf(ApiError);
    expect(toasts.list()[0]?.message).toBe("Something went wrong");
  });

  it("reads failure messages and ok statuses", () => {
    expect(failureMessage({ error: "" }, "Bad Request")).toBe("Bad Request");
    expect(isStatusOk({ status: "ok" })).toBe(true);
    expect(isStatusOk({ status: "error" })).toBe(false);
    expect(isStatusOk(null)).toBe(true);
  });
});
