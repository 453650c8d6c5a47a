import { Trans } from "@lingui/react/macro";

/** "/": the loading page; the guard sends a signed-in person on (spec 000 §2). */
export default function RootPage() {
  return (
    <section className="page page--center" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h1 className="visually-hidden">
        <Trans>Loading</Trans>
      </h1>
      <p>
        <Trans>Loading…</Trans>
      </p>
    </section>
  );
}
