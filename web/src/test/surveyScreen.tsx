// Test support for the survey screens: a Relay environment that answers queries and mutations by
// operation name (through the real fetch function) and whose subscriptions the test drives, and a
// router holding the survey screens with stand-ins for the editor.
import { sharedHandlers } from "./sharedHandlers";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, render } from "@testing-library/react";
import { Suspense, type ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMemoryRouter, RouterProvider, useParams } from "react-router-dom";
import { Environment, Network, Observable, RecordSource, Store, type GraphQLResponse } from "relay-runtime";
import { vi } from "vitest";
import { createFetchFunction } from "../transport/relayEnvironment";

export type Handler = (variables: Record<string, unknown>) => unknown;
type Sink = { next: (value: GraphQLResponse) => void; error: (e: Error) => void; complete: () => void };

export function createSurveyTestEnvironment(handlers: Record<string, Handler>) {
  const requests: Array<{ name: string; variables: Record<string, unknown> }> = [];
  const subscriptions: Array<{ name: string; variables: Record<string, unknown>; sink: Sink; closed: boolean }> = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
    requests.push({ name: body.operationName, variables: body.variables });
    const handler = handlers[body.operationName] ?? sharedHandlers[body.operationName];
    if (!handler) throw new Error(`No test handler for ${body.operationName}`);
    return new Response(JSON.stringify(handler(body.variables)), { headers: { "Content-Type": "application/json" } });
  });
  const environment = new Environment({
    network: Network.create(
      createFetchFunction({ getAccessToken: async () => "test-token", getSearch: () => "", fetch: fetch as unknown as typeof globalThis.fetch }),
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
  /** Sends a subscription event to every open subscription of that name whose variables match. */
  const emit = (name: string, match: Record<string, unknown>, payload: GraphQLResponse) =>
    act(() => {
      for (const s of subscriptions) if (!s.closed && s.name === name && Object.entries(match).every(([k, v]) => s.variables[k] === v)) s.sink.next(payload);
    });
  return { environment, requests, subscriptions, emit };
}

function EditorStandIn() {
  const { id } = useParams();
  return <h1>Editor of {id}</h1>;
}

/** Renders `element` at `path` (pattern `pattern`), with /surveys/:id/edit as a stand-in. */
export function renderSurveyScreen(opts: { path: string; pattern: string; element: ReactNode; handlers: Record<string, Handler> }) {
  const env = createSurveyTestEnvironment(opts.handlers);
  const router = createMemoryRouter(
    [
      { path: opts.pattern, element: <Suspense fallback={<p>Loading</p>}>{opts.element}</Suspense> },
      { path: "/surveys/:id/edit", element: <EditorStandIn /> },
    ],
    { initialEntries: [opts.path] },
  );
  const utils = render(
    <I18nProvider i18n={i18n}>
      <RelayEnvironmentProvider environment={env.environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </I18nProvider>,
  );
  return { ...utils, ...env, router };
}
