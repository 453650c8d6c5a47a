import { Trans } from "@lingui/react/macro";

/** The client configuration could not be read: nothing else can start. */
export function BootError({ error }: { error: unknown }) {
  return (
    <main className="page page--center" id="main-content">
      <h1 className="page__title">
        <Trans>The application could not start</Trans>
      </h1>
      <p role="alert" className="error-detail">
        {error instanceof Error ? error.message : String(error)}
      </p>
      <p>
        <a href="/">
          <Trans>Try again</Trans>
        </a>
      </p>
    </main>
  );
}
