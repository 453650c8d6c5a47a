import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";

/** /logout: where the identity provider returns after sign-out. */
export default function LogoutPage() {
  return (
    <section className="page page--center">
      <h1 className="page__title">
        <Trans>You have signed out</Trans>
      </h1>
      <p>
        <Link className="button" to="/">
          <Trans>Sign in again</Trans>
        </Link>
      </p>
    </section>
  );
}
