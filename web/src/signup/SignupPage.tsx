import { Trans } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router-dom";
import { AboutYouFieldset, CompanyFieldset } from "./SignupFieldsets";
import { useSignupForm } from "./useSignupForm";

/** After the company details of a `?token=…` signup: the organisation exists. */
function AccountReady() {
  return (
    <section className="page page--center">
      <h1 className="page__title">
        <Trans>Your account is ready</Trans>
      </h1>
      <p>
        <Trans>Your organisation and its 14-day trial have been created.</Trans>
      </p>
      <p>
        <Link className="button" to="/">
          <Trans>Continue to the app</Trans>
        </Link>
      </p>
    </section>
  );
}

/**
 * /signup: the signup form (spec 000 §3). With `?token=…` (signup status detailsRequired) it
 * prefills the account's name and e-mail and asks only for the company details. The state and the
 * submission are useSignupForm's; the fields are SignupFieldsets'.
 */
export default function SignupPage() {
  const [params] = useSearchParams();
  const form = useSignupForm(params.get("token") ?? "");
  const { formId, mode, stage, prefill, formError, submitting, valid, onSubmit } = form;

  if (mode === "details" && stage === "complete") return <AccountReady />;

  return (
    <section className="page page--narrow">
      <h1 className="page__title">{mode === "details" ? <Trans>Tell us about your company</Trans> : <Trans>Start your free trial</Trans>}</h1>
      {mode === "full" ? (
        <p>
          <Trans>Create an account and try everything free for 14 days.</Trans>
        </p>
      ) : null}
      <p className="field__hint">
        <Trans>Fields marked with * are required.</Trans>
      </p>
      {formError ? (
        <div role="alert" className="field__error">
          {formError}
        </div>
      ) : null}
      {prefill === "loading" ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : prefill === "failed" ? (
        <p>
          <Link to="/signup">
            <Trans>Start a new signup</Trans>
          </Link>
        </p>
      ) : (
        <form className="form" id={formId} onSubmit={onSubmit} noValidate aria-busy={submitting}>
          <AboutYouFieldset form={form} />
          <CompanyFieldset form={form} />
          <button type="submit" className="button button--large" disabled={submitting} aria-disabled={!valid || undefined}>
            {submitting ? <Trans>Sending…</Trans> : mode === "details" ? <Trans>Create my organisation</Trans> : <Trans>Sign up</Trans>}
          </button>
          {mode === "full" ? (
            <p>
              <Trans>Already have an account?</Trans>{" "}
              <Link to="/">
                <Trans>Sign in</Trans>
              </Link>
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
