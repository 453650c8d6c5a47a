import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { isValidEmail } from "../settings/profileValidation";
import { toasts } from "../shell/toastStore";
import { resendVerificationEmail } from "./signupApi";

/** Asks for a new verification link; the answer is the same for any address (no enumeration). */
export function ResendVerificationForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useLingui();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const error = isValidEmail(email) ? undefined : t`Please provide a valid e-mail address`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error || sending) return;
    setSending(true);
    try {
      await resendVerificationEmail(email);
      toasts.success(t`New verification email sent!`);
    } catch {
      // The REST helper has shown the error toast.
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <h2>
        <Trans>Did not get the mail?</Trans>
      </h2>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          <Trans>E-mail address</Trans>
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={touched && error ? true : undefined}
          aria-describedby={touched && error ? `${id}-email-error` : undefined}
        />
        {touched && error ? (
          <p className="field__error" id={`${id}-email-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={sending}>
        <Trans>Send a new link</Trans>
      </button>
    </form>
  );
}
