import { Trans } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { getServices } from "../services";

/** /auth-callback: completes the sign-in (or a silent renewal inside its hidden frame). */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { session } = getServices();
    if (window.parent !== window) {
      void session.completeSilentRenew().catch(() => {});
      return;
    }
    session
      .completeSignIn()
      .then((to) => navigate(to, { replace: true }))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [navigate]);

  if (error) {
    return (
      <section className="page page--center">
        <h1 className="page__title">
          <Trans>Sign-in failed</Trans>
        </h1>
        <p role="alert" className="error-detail">
          {error}
        </p>
        <p>
          <Link to="/">
            <Trans>Try again</Trans>
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page page--center" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h1 className="page__title">
        <Trans>Signing in…</Trans>
      </h1>
    </section>
  );
}
