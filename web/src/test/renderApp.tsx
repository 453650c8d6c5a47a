import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { vi } from "vitest";
import type { Session } from "../auth/session";
import { buildRoutes } from "../routes";
import { setServices, type Services } from "../services";
import { createRootLoader } from "../session/rootLoader";
import { AppShell } from "../shell/AppShell";
import { createTestEnvironment, type Handler } from "./relay";

/** Renders the whole application (guard, shell, lazy screens) at `path` against fake GraphQL handlers. */
export function renderApp(path: string, handlers: Record<string, Handler>, opts: { search?: string; config?: Partial<Services["config"]> } = {}) {
  const { environment, requests } = createTestEnvironment(handlers, opts);
  const session = {
    ensureSignedIn: vi.fn(async () => true),
    restartSignIn: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    accessToken: async () => "test-token",
  } as unknown as Session;
  const rest = { request: vi.fn(async () => ({ status: "ok" })) };
  setServices({
    config: { oidcAuthority: "http://idp.test", oidcClientId: "web", publicUrl: "http://app.test", ...opts.config },
    session,
    rest,
    environment,
  } as unknown as Services);
  const router = createMemoryRouter(
    buildRoutes({
      shell: <AppShell />,
      loader: createRootLoader({ session, environment }),
      shouldRevalidate: () => true,
      hydrateFallback: <p>Loading</p>,
    }),
    { initialEntries: [path] },
  );
  const utils = render(
    <I18nProvider i18n={i18n}>
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>
    </I18nProvider>,
  );
  return { ...utils, router, requests, rest, session, environment };
}
