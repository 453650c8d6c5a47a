import { describe, expect, it, vi } from "vitest";
import { createFetchFunction, graphQLErrorMessage, GraphQLResponseError, webSocketUrl } from "./relayEnvironment";

const operation = { name: "AppShellQuery", text: "query AppShellQuery { viewer { viewerOnly } }" } as never;

function fetchWith(body: unknown, search = "") {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } }));
  const fn = createFetchFunction({ getAccessToken: async () => "tok", getSearch: () => search, fetch: fetch as never });
  return { fn, fetch };
}

describe("Relay network", () => {
  it("posts to /graphql with the bearer token", async () => {
    const { fn, fetch } = fetchWith({ data: { viewer: null } });
    await expect(fn(operation, {}, {}, null)).resolves.toEqual({ data: { viewer: null } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/graphql");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(JSON.parse(String(init.body))).toMatchObject({ operationName: "AppShellQuery" });
  });

  it("sends no bearer with a query token or noLogin", async () => {
    for (const search of ["?token=abcdefghijk", "?noLogin=true"]) {
      const { fn, fetch } = fetchWith({ data: {} }, search);
      await fn(operation, {}, {}, null);
      const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
      expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    }
  });

  it("carries a share link's query token in X-Share-Token, never as a bearer", async () => {
    const { fn, fetch } = fetchWith({ data: {} }, "?token=abcdefghijk&print=1");
    await fn(operation, {}, {}, null);
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers["X-Share-Token"]).toBe("abcdefghijk");
    expect(headers.Authorization).toBeUndefined();
    // A signed-in visit sends no share token.
    const signedIn = fetchWith({ data: {} });
    await signedIn.fn(operation, {}, {}, null);
    expect(((signedIn.fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>)["X-Share-Token"]).toBeUndefined();
  });

  it("turns an error answer without data into a GraphQLResponseError", async () => {
    const { fn } = fetchWith({
      data: null,
      errors: [{ message: "Please provide a valid e-mail address", extensions: { code: "BAD_USER_INPUT", field: "email" } }],
    });
    const error = await Promise.resolve(fn(operation, {}, {}, null)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLResponseError);
    expect((error as GraphQLResponseError).code).toBe("BAD_USER_INPUT");
    expect((error as GraphQLResponseError).field).toBe("email");
    expect(graphQLErrorMessage(error)).toBe("Please provide a valid e-mail address");
  });

  it("derives the websocket address", () => {
    expect(webSocketUrl({ protocol: "https:", host: "app.example.org" })).toBe("wss://app.example.org/graphql");
    expect(webSocketUrl({ protocol: "http:", host: "localhost:4000" })).toBe("ws://localhost:4000/graphql");
  });
});
