import { Environment, Network, Observable, RecordSource, Store, type GraphQLResponse } from "relay-runtime";
import { sharedHandlers } from "./sharedHandlers";
import { vi } from "vitest";
import { createFetchFunction } from "../transport/relayEnvironment";

export type Handler = (variables: Record<string, unknown>) => unknown;

/**
 * A Relay environment whose network answers by operation name, through the real fetch function
 * (so the bearer rule and the GraphQL error handling are exercised too).
 */
export function createTestEnvironment(handlers: Record<string, Handler>, opts: { search?: string } = {}) {
  const requests: Array<{ name: string; variables: Record<string, unknown>; authorization?: string }> = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
    requests.push({
      name: body.operationName,
      variables: body.variables,
      authorization: (init.headers as Record<string, string>).Authorization,
    });
    const handler = handlers[body.operationName] ?? sharedHandlers[body.operationName];
    if (!handler) throw new Error(`No test handler for ${body.operationName}`);
    return new Response(JSON.stringify(handler(body.variables) as GraphQLResponse), {
      headers: { "Content-Type": "application/json" },
    });
  });
  const environment = new Environment({
    network: Network.create(
      createFetchFunction({
        getAccessToken: async () => "test-token",
        getSearch: () => opts.search ?? "",
        fetch: fetch as unknown as typeof globalThis.fetch,
      }),
      // Subscriptions stay silent in tests.
      () => Observable.create(() => {}),
    ),
    store: new Store(new RecordSource()),
  });
  return { environment, requests, fetch };
}

export interface ViewerFixture {
  systemAdmin?: boolean;
  viewerOnly?: boolean;
  dashboardLocked?: boolean;
  analyzedResponses?: boolean;
  signupStatus?: "complete" | "emailVerification" | "detailsRequired";
  signupToken?: string | null;
  trialDaysLeft?: number | null;
  billingAdmin?: boolean;
  segment?: string;
  progress?: number;
  isImpersonating?: boolean;
  locale?: string;
  noOrganization?: boolean;
}

/** An AppShellQuery answer. */
export function viewerResponse(f: ViewerFixture = {}) {
  return {
    data: {
      viewer: {
        viewerOnly: f.viewerOnly ?? false,
        isImpersonating: f.isImpersonating ?? false,
        countryCode: "FI",
        billingAdmin: f.billingAdmin ?? false,
        user: {
          id: "VXNlcjox",
          locale: f.locale ?? "en",
          systemAdmin: f.systemAdmin ?? false,
          displayName: "Ada Lovelace",
          email: "ada@example.org",
          signupStatus: { status: f.signupStatus ?? "complete", token: f.signupToken ?? null },
        },
        subscriptionStatus: { dashboardLocked: f.dashboardLocked ?? false, trialDaysLeft: f.trialDaysLeft ?? null },
        onboarding: { analyzedResponses: f.analyzedResponses ?? true, progress: f.progress ?? 100 },
        currentOrganization: f.noOrganization
          ? null
          : { id: "T3JnOjE=", legacyId: "65a1b2c3d4e5f60718293a4b", name: "Acme", segment: f.segment ?? "enterprise" },
        availableOrganizations: [
          { id: "T3JnOjE=", legacyId: "65a1b2c3d4e5f60718293a4b", name: "Acme" },
          { id: "T3JnOjI=", legacyId: "65a1b2c3d4e5f60718293a4c", name: "Beta" },
        ],
      },
    },
  };
}
