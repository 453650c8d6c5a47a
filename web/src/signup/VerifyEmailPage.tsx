import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { ResendVerificationForm } from "./ResendVerificationForm";
import { verifySignupToken, type VerifyResult } from "./signupApi";

type Verification = { kind: "idle" } | { kind: "verifying" } | { kind: "done"; result: VerifyResult } | { kind: "failed"; message: string };

/**
 * /signup/verify-email: without a token, the "check your inbox" wait screen with resend; with
 * `?token=…` (the link of the mail) it verifies the address, then offers sign-in (or, for a
 * signup without company details, the details form).
 */
export default function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const location = useLocation();
  const stateEmail = (location.state as { email?: string } | null)?.email ?? "";
  const [verification, setVerification] = useState<Verification>(token ? { kind: "verifying" } : { kind: "idle" });

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifySignupToken(token).then(
      (result) => live && setVerification({ kind: "done", result }),
      (error: unknown) => live && setVerification({ kind: "failed", message: error instanceof Error ? error.message : t`Something went wrong` }),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  if (verification.kind === "verifying") {
    return (
      <section className="page page--center">
        <h1 className="page__title">
          <Trans>Verifying your e-mail address…</Trans>
        </h1>
        <p role="status">
          <Trans>One moment, please.</Trans>
        </p>
      </section>
    );
  }

  if (verification.kind === "done") {
    const { result } = verification;
    const email = result.email;
    return (
      <section className="page page--center">
        <h1 className="page__title">
          <Trans>Your e-mail address is verified</Trans>
        </h1>
        <p role="status">
          <Trans>Thank you: {email} is confirmed.</Trans>
        </p>
        {result.nextStage === "detailsRequired" && result.signupToken ? (
          <p>
            <Link className="button" to={`/signup?token=${encodeURIComponent(result.signupToken)}`}>
              <Trans>Continue with your company details</Trans>
            </Link>
          </p>
        ) : (
          <p>
            <Link className="button" to="/">
              <Trans>Sign in</Trans>
            </Link>
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="page page--narrow">
      <h1 className="page__title">{verification.kind === "failed" ? <Trans>The link did not work</Trans> : <Trans>Check your inbox</Trans>}</h1>
      {verification.kind === "failed" ? (
        <div role="alert">
          <p className="field__error">{verification.message}</p>
          <p>
            <Trans>
              Already verified? <Link to="/">Sign in</Link>. Otherwise ask for a new link below.
            </Trans>
          </p>
        </div>
      ) : (
        <p>
          <Trans>We sent you a link to confirm your e-mail address. Open it to finish signing up. The link works for 7 days.</Trans>
        </p>
      )}
      <ResendVerificationForm initialEmail={stateEmail} />
    </section>
  );
}
