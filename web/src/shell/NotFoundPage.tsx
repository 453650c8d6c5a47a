import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";

export function NotFoundPage() {
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The address does not lead to any page.</Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Go to the start page</Trans>
        </Link>
      </p>
    </section>
  );
}
