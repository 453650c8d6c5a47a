import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { getServices } from "../services";
import { toasts } from "../shell/toastStore";
import { ApiError } from "../transport/rest";
import { isValidEmail } from "../settings/profileValidation";

/**
 * /forgot-password (open): asks for the e-mail address and sends POST /user/reset-password.
 * The answer is the same whether or not the address has an account (spec 000 §8 toast
 * "password reset link sent"). The embedded sign-in page's "Forgot password?" link comes here.
 */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const id = useId();
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Without a mail server the mail lands in the outbox, which system admins read: say so.
  const outbox = getServices().config.mailOutbox === true;

  const clientError = isValidEmail(email) ? null : t`Please provide a valid e-mail address`;
  const error = serverError ?? (touched ? clientError : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (clientError || sending) return;
    setSending(true);
    try {
      await getServices().rest.request("/user/reset-password", { method: "POST", body: { email: email.trim() } });
      toasts.success(t`Password reset link sent`);
      setSentTo(email.trim());
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Forgot your password?</Trans>
      </h1>
      {sentTo ? (
        <div role="status">
          <p>
            <Trans>If an account exists for {sentTo}, we sent it a link to choose a new password. The link works once and for one hour.</Trans>
          </p>
          {outbox ? (
            <p>
              <Link to="/outbox">
                <Trans>No mail server is configured: a system administrator can read this mail in the outbox</Trans>
              </Link>
            </p>
          ) : null}
          <p>
            <Link to="/">
              <Trans>Back to sign-in</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <p>
            <Trans>Enter the e-mail address of your account and we will send you a link to choose a new password.</Trans>
          </p>
          <div className="field">
            <label htmlFor={`${id}-email`}>
              <Trans>E-mail address</Trans>
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-email-error` : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
            />
            {error ? (
              <p className="field__error" id={`${id}-email-error`}>
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="button" disabled={sending}>
              <Trans>Send reset link</Trans>
            </button>
          </div>
          <p>
            <Link to="/">
              <Trans>Back to sign-in</Trans>
            </Link>
          </p>
        </form>
      )}
    </section>
  );
}
