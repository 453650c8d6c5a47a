import { createBrowserRouter } from "react-router-dom";
import { buildRoutes } from "./routes";
import { createRootLoader } from "./session/rootLoader";
import type { Services } from "./services";
import { AppShell } from "./shell/AppShell";
import { RouteError } from "./shell/RouteError";

export function createAppRouter(services: Services) {
  return createBrowserRouter(
    buildRoutes({
      shell: <AppShell />,
      loader: createRootLoader(services),
      // The guard runs on every navigation (the user reload inside it is throttled).
      shouldRevalidate: () => true,
      errorElement: <RouteError />,
      hydrateFallback: (
        <div className="page page--center" aria-busy="true">
          <div className="spinner" aria-hidden="true" />
        </div>
      ),
    }),
  );
}
