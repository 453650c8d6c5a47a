import { Trans } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

/** Shown when a loader or a screen throws. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <main className="page page--center" id="main-content">
      <h1 className="page__title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="error-detail">{detail}</p>
      <p>
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </main>
  );
}
