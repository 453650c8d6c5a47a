// Test support for the results and summary screens: a Relay environment answering by operation
// name through the real fetch function (so the bearer rule is exercised with the page's address),
// subscriptions the test drives, a REST stand-in, and a router holding only the screen under test.
import { sharedHandlers } from "./sharedHandlers";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, render } from "@testing-library/react";
import { Suspense, type ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Environment, Network, Observable, RecordSource, Store, type GraphQLResponse } from "relay-runtime";
import { vi } from "vitest";
import { setServices, type Services } from "../services";
import { createFetchFunction } from "../transport/relayEnvironment";

export type Handler = (variables: Record<string, unknown>) => unknown;
type Sink = { next: (value: GraphQLResponse) => void; error: (e: Error) => void; complete: () => void };

export function renderScreen(opts: {
  path: string;
  pattern: string;
  element: ReactNode;
  handlers: Record<string, Handler>;
  rest?: (path: string, options: Record<string, unknown>) => unknown;
}) {
  const requests: Array<{ name: string; variables: Record<string, unknown>; authorization?: string }> = [];
  const subscriptions: Array<{ name: string; variables: Record<string, unknown>; sink: Sink; closed: boolean }> = [];
  const restCalls: Array<{ path: string; options: Record<string, unknown> }> = [];
  let search = () => "";
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
    requests.push({ name: body.operationName, variables: body.variables, authorization: (init.headers as Record<string, string>).Authorization });
    const handler = opts.handlers[body.operationName] ?? sharedHandlers[body.operationName];
    if (!handler) throw new Error(`No test handler for ${body.operationName}`);
    // A handler may answer later (a promise): a slow section.
    return new Response(JSON.stringify(await handler(body.variables)), { headers: { "Content-Type": "application/json" } });
  });
  const environment = new Environment({
    network: Network.create(
      createFetchFunction({ getAccessToken: async () => "test-token", getSearch: () => search(), fetch: fetch as unknown as typeof globalThis.fetch }),
      (operation, variables) =>
        Observable.create<GraphQLResponse>((sink) => {
          const entry = { name: operation.name, variables: variables as Record<string, unknown>, sink: sink as unknown as Sink, closed: false };
          subscriptions.push(entry);
          return () => {
            entry.closed = true;
          };
        }),
    ),
    store: new Store(new RecordSource()),
  });
  const rest = {
    request: vi.fn(async (path: string, options: Record<string, unknown> = {}) => {
      restCalls.push({ path, options });
      return opts.rest ? opts.rest(path, options) : { status: "ok" };
    }),
  };
  setServices({
    config: { oidcAuthority: "http://idp.test", oidcClientId: "web", publicUrl: "http://app.test" },
    session: { accessToken: async () => "test-token" },
    rest,
    environment,
  } as unknown as Services);
  const router = createMemoryRouter([{ path: opts.pattern, element: <Suspense fallback={<p>Loading</p>}>{opts.element}</Suspense> }], {
    initialEntries: [opts.path],
  });
  search = () => router.state.location.search;
  const emit = (name: string, match: Record<string, unknown>, payload: GraphQLResponse) =>
    act(() => {
      for (const s of subscriptions) if (!s.closed && s.name === name && Object.entries(match).every(([k, v]) => s.variables[k] === v)) s.sink.next(payload);
    });
  const utils = render(
    <I18nProvider i18n={i18n}>
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </I18nProvider>,
  );
  return { ...utils, router, requests, subscriptions, emit, rest, restCalls };
}
