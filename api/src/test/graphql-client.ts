// Small GraphQL helpers for integration tests: HTTP, and subscriptions over graphql-ws and SSE.
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { encodeGlobalID } from "@pothos/plugin-relay";

export type GraphQLResult<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
};

/** The global id (Relay) of a row, as the GraphQL arguments take it: globalId("Survey", survey.id). */
export const globalId = (typename: string, id: string): string => encodeGlobalID(typename, id);

export async function gql<T = Record<string, any>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResult<T> & { status: number }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as GraphQLResult<T>) };
}

/** Subscribes over graphql-ws and collects events until `take` have arrived or the time runs out. */
export function subscribeWs(baseUrl: string, query: string, token: string | undefined) {
  const client = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
  const events: GraphQLResult[] = [];
  const errors: unknown[] = [];
  let ready: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  client.on("connected", () => ready());
  const dispose = client.subscribe(
    { query },
    { next: (value) => void events.push(value as GraphQLResult), error: (error) => void errors.push(error), complete: () => {} },
  );
  return {
    events,
    errors,
    connected,
    async waitFor(count: number, timeoutMs = 5000) {
      const started = Date.now();
      while (events.length + errors.length < count && Date.now() - started < timeoutMs) await new Promise((r) => setTimeout(r, 25));
    },
    async close() {
      dispose();
      await client.dispose();
    },
  };
}
