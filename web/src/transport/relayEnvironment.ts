/**
 * The Relay environment: POST /graphql with the bearer rule of spec 000 §2/§7, subscriptions
 * over graphql-ws at ws(s)://host/graphql with { authorization: "Bearer …" }.
 */
import { createClient, type Client } from "graphql-ws";
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction, type GraphQLResponse, type SubscribeFunction } from "relay-runtime";
import { queryToken, shouldSendBearer } from "../access/queryFlags";

/** A GraphQL error answer (no data): its message is the server's user-facing text. */
export class GraphQLResponseError extends Error {
  constructor(readonly errors: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "GraphQLResponseError";
  }
  /** The first error's extensions.code (BAD_USER_INPUT, FORBIDDEN, UNAUTHENTICATED, NOT_FOUND). */
  get code(): string | undefined {
    return this.errors[0]?.extensions?.code as string | undefined;
  }
  get field(): string | undefined {
    return this.errors[0]?.extensions?.field as string | undefined;
  }
}

/** Finds the user-facing message in whatever Relay hands to onError. */
export function graphQLErrorMessage(error: unknown): string | null {
  if (error instanceof GraphQLResponseError) return error.message;
  if (error && typeof error === "object") {
    const source = (error as { source?: { errors?: Array<{ message?: string }> } }).source;
    const first = source?.errors?.[0]?.message;
    if (first) return first;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message !== "") return message;
  }
  return null;
}

export interface RelayDeps {
  getAccessToken: () => Promise<string | null>;
  getSearch: () => string;
  fetch?: typeof fetch;
  httpUrl?: string;
  wsUrl?: string;
}

export function webSocketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/graphql`;
}

export function createFetchFunction(deps: RelayDeps): FetchFunction {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (operation, variables) => {
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
    if (shouldSendBearer(deps.getSearch())) {
      const token = await deps.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    } else {
      // A share link's visit: the link's token instead of a session (docs/sharing-and-exports.md).
      const shareToken = queryToken(deps.getSearch());
      if (shareToken) headers["X-Share-Token"] = shareToken;
    }
    const response = await doFetch(deps.httpUrl ?? "/graphql", {
      method: "POST",
      headers,
      body: JSON.stringify({ query: operation.text, operationName: operation.name, variables }),
    });
    const json = (await response.json().catch(() => null)) as {
      data?: unknown;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    } | null;
    if (!json) throw new Error(response.statusText || "Something went wrong");
    if (json.errors?.length && (json.data === null || json.data === undefined)) {
      throw new GraphQLResponseError(json.errors);
    }
    return json as GraphQLResponse;
  };
}

export function createRelayEnvironment(deps: RelayDeps): { environment: Environment; wsClient: Client } {
  const wsClient = createClient({
    url: deps.wsUrl ?? webSocketUrl(window.location),
    lazy: true,
    connectionParams: async () => {
      if (!shouldSendBearer(deps.getSearch())) {
        const shareToken = queryToken(deps.getSearch());
        return shareToken ? { shareToken } : {};
      }
      const token = await deps.getAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  });
  const subscribe: SubscribeFunction = (operation, variables) =>
    Observable.create((sink) =>
      wsClient.subscribe(
        { operationName: operation.name, query: operation.text ?? "", variables },
        {
          next: (value) => sink.next(value as GraphQLResponse),
          error: (error) => sink.error(error instanceof Error ? error : new Error(String(error))),
          complete: () => sink.complete(),
        },
      ),
    );
  const environment = new Environment({
    network: Network.create(createFetchFunction(deps), subscribe),
    store: new Store(new RecordSource()),
  });
  return { environment, wsClient };
}
