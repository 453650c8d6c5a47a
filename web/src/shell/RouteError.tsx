import { Trans } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

function describe(error: unknown): string {
  return isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
}

/** Shown when the shell itself (its loader) fails: nothing else can be shown. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="page page--center" id="main-content">
      <h1 className="page__title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="error-detail">{describe(error)}</p>
      <p>
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </main>
  );
}

/**
 * Shown in place of a page that failed (its screen threw: a refused or missing object, a bug). It
 * stays inside the shell: the menu, and a layout's sub-navigation, remain usable around it.
 */
export function PageError() {
  const error = useRouteError();
  return (
    <section className="page page-error" role="alert">
      <h1 className="page__title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="error-detail">{describe(error)}</p>
      <p>
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </section>
  );
}
