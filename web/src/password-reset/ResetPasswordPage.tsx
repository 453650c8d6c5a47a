import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { getServices } from "../services";
import { toasts } from "../shell/toastStore";
import { ApiError } from "../transport/rest";
import { PASSWORD_MIN, isStrongPassword } from "../settings/profileValidation";
import { PasswordChecklist } from "../signup/PasswordChecklist";

type Field = "password" | "confirmation";

/**
 * /reset-password?token=… (open): the page of the mailed link. Chooses a new password with the
 * strong-password rule and sends POST /user/reset-password/confirm.
 */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverError, setServerError] = useState<{ field: Field | "token"; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const errors: Partial<Record<Field, string>> = {};
  if (!isStrongPassword(password)) {
    errors.password = t`The password needs at least ${PASSWORD_MIN} characters, upper and lower case letters, a number and a special character`;
  }
  if (password !== confirmation) errors.confirmation = t`The passwords do not match`;
  const shown = (field: Field) => (serverError?.field === field ? serverError.message : touched[field] ? errors[field] : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ password: true, confirmation: true });
    if (Object.keys(errors).length > 0 || saving) return;
    setSaving(true);
    try {
      await getServices().rest.request("/user/reset-password/confirm", { method: "POST", body: { token, password } });
      toasts.success(t`Your password has been changed`);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const field = (err.body as { field?: string } | null)?.field;
        setServerError({ field: field === "password" ? "password" : "token", message: err.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const input = (field: Field) => {
    const error = shown(field);
    return {
      id: `${id}-${field}`,
      type: "password",
      autoComplete: "new-password",
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${field}-error` : undefined,
      onBlur: () => setTouched((tt) => ({ ...tt, [field]: true })),
    } as const;
  };
  const errorText = (field: Field) => {
    const error = shown(field);
    return error ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {error}
      </p>
    ) : null;
  };

  if (!token) {
    return (
      <section className="page page--narrow">
        <h1 className="page__title">
          <Trans>Choose a new password</Trans>
        </h1>
        <p role="alert">
          <Trans>This link is incomplete. Ask for a new password reset link.</Trans>
        </p>
        <p>
          <Link to="/forgot-password">
            <Trans>Ask for a new link</Trans>
          </Link>
        </p>
      </section>
    );
  }

  if (done) {
    return (
      <section className="page page--narrow">
        <h1 className="page__title">
          <Trans>Choose a new password</Trans>
        </h1>
        <p role="status">
          <Trans>Your password has been changed. Sign in with your new password.</Trans>
        </p>
        <p>
          <Link className="button" to="/">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Choose a new password</Trans>
      </h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        {serverError?.field === "token" ? (
          <div role="alert">
            <p className="field__error">{serverError.message}</p>
            <p>
              <Link to="/forgot-password">
                <Trans>Ask for a new link</Trans>
              </Link>
            </p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-password`}>
            <Trans>New password</Trans>
          </label>
          <input
            {...input("password")}
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setServerError(null);
            }}
          />
          {errorText("password")}
          {password ? <PasswordChecklist password={password} /> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirmation`}>
            <Trans>Confirm the new password</Trans>
          </label>
          <input {...input("confirmation")} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          {errorText("confirmation")}
        </div>
        <div>
          <button type="submit" className="button" disabled={saving}>
            <Trans>Set the new password</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
