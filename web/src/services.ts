/**
 * The application's long-lived services, created once from the runtime configuration.
 * Tests replace them with setServices().
 */
import type { Environment } from "relay-runtime";
import { createSession, createUserManager, type Session } from "./auth/session";
import type { ClientConfig } from "./config/clientConfig";
import { actions } from "./shell/actions";
import { toasts } from "./shell/toastStore";
import { createRelayEnvironment } from "./transport/relayEnvironment";
import { createRestClient, type RestClient } from "./transport/rest";

export interface Services {
  config: ClientConfig;
  session: Session;
  rest: RestClient;
  environment: Environment;
}

let current: Services | null = null;

export function setServices(services: Services | null): void {
  current = services;
}

export function getServices(): Services {
  if (!current) throw new Error("Services are not initialised");
  return current;
}

export function createServices(config: ClientConfig): Services {
  const getSearch = () => window.location.search;
  const userManager = createUserManager(config, window.location.origin);
  // The REST client needs the session's token and the session's logout needs the REST client.
  let rest: RestClient | null = null;
  const session = createSession({
    userManager,
    storage: window.localStorage,
    clearImpersonation: async () => {
      await rest?.request("/user/impersonate", { method: "DELETE", toast: false, allowStatus: [404] });
    },
  });
  rest = createRestClient({ getAccessToken: session.accessToken, getSearch, toasts, actions });
  const { environment } = createRelayEnvironment({ getAccessToken: session.accessToken, getSearch });
  return { config, session, rest, environment };
}
