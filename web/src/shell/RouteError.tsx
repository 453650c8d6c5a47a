import { Trans } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { GraphQLResponseError } from "../transport/relayEnvironment";

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

/** What kind of failure a page's error is: a refusal, a missing object, or anything else. */
export function pageErrorKind(error: unknown): "refused" | "notFound" | "failed" {
  const code = error instanceof GraphQLResponseError ? error.code : undefined;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  if (code === "FORBIDDEN" || status === 403) return "refused";
  if (code === "NOT_FOUND" || status === 404) return "notFound";
  return "failed";
}

/**
 * Shown in place of a page that failed (its screen threw: a refused or missing object, a bug). It
 * stays inside the shell: the menu, and a layout's sub-navigation, remain usable around it. A
 * refusal is not a failure: it says so in plain words, with the server's reason, and whom to ask.
 */
export function PageError() {
  const error = useRouteError();
  const kind = pageErrorKind(error);
  return (
    <section className="page page-error" role="alert">
      <h1 className="page__title">
        {kind === "refused" ? <Trans>No access to this page</Trans> : kind === "notFound" ? <Trans>Not found</Trans> : <Trans>Something went wrong</Trans>}
      </h1>
      <p className={kind === "failed" ? "error-detail" : undefined}>{describe(error)}</p>
      {kind === "refused" ? (
        <p className="field__hint">
          <Trans>Your rights in your teams do not include this. Ask your organisation admin if you need it.</Trans>
        </p>
      ) : null}
      <p>
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </section>
  );
}
