import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ApiError } from "../transport/rest";
import { PasswordChecklist } from "./PasswordChecklist";
import { fetchSignupDetails, postSignup, type SignupStage } from "./signupApi";
import { COMPANY_SIZES, emptySignupDraft, validateSignup, type SignupDraft, type SignupErrors, type SignupField } from "./signupValidation";

const ALL_FIELDS = Object.keys(emptySignupDraft) as SignupField[];

/**
 * /signup: the signup form (spec 000 §3). With `?token=…` (signup status detailsRequired) it
 * prefills the account's name and e-mail and asks only for the company details.
 */
export default function SignupPage() {
  const { t, i18n } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const mode = token ? "details" : "full";

  const [draft, setDraft] = useState<SignupDraft>(emptySignupDraft);
  const [stage, setStage] = useState<SignupStage>(token ? "detailsRequired" : "initial");
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [prefill, setPrefill] = useState<"loading" | "ready" | "failed">(token ? "loading" : "ready");

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchSignupDetails(token).then(
      (details) => {
        if (!live) return;
        setDraft((d) => ({ ...d, firstName: details.firstName, lastName: details.lastName, email: details.email }));
        setStage(details.stage);
        setPrefill("ready");
      },
      (error: unknown) => {
        if (!live) return;
        setFormError(error instanceof Error ? error.message : t`Something went wrong`);
        setPrefill("failed");
      },
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  const clientErrors = validateSignup(draft, mode);
  const errors: SignupErrors = { ...clientErrors, ...serverErrors };
  const valid = Object.keys(clientErrors).length === 0;

  const update = (key: SignupField, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors((e) => {
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
    setFormError(null);
  };
  const shown = (key: SignupField) => (touched[key] || serverErrors[key] ? errors[key] : undefined);
  const field = (key: SignupField, describedBy?: string) => {
    const error = shown(key);
    const ids = [error ? `${formId}-${key}-error` : undefined, describedBy].filter(Boolean).join(" ");
    return {
      id: `${formId}-${key}`,
      name: key,
      value: draft[key],
      onChange: (e: { target: { value: string } }) => update(key, e.target.value),
      onBlur: () => setTouched((tt) => ({ ...tt, [key]: true })),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": ids || undefined,
    };
  };
  const errorText = (key: SignupField) => {
    const error = shown(key);
    return error ? (
      <p className="field__error" id={`${formId}-${key}-error`}>
        {error}
      </p>
    ) : null;
  };
  const row = (key: SignupField, label: ReactNode, input: ReactNode, required = false) => (
    <div className="field">
      <label htmlFor={`${formId}-${key}`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {input}
      {errorText(key)}
    </div>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(Object.fromEntries(ALL_FIELDS.map((k) => [k, true])));
    if (!valid || submitting) return;
    setSubmitting(true);
    setFormError(null);
    try {
      const result = await postSignup(draft, { stage, locale: i18n.locale, signupToken: token || undefined });
      setStage(result.nextStage);
      if (result.nextStage === "emailVerification") {
        navigate("/signup/verify-email", { state: { email: draft.email.trim(), stage: result.nextStage } });
      }
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { error?: string; field?: string } | null) : null;
      const message = body?.error ?? (error instanceof Error ? error.message : t`Something went wrong`);
      const fieldName = body?.field === "signupToken" || body?.field === "token" ? undefined : body?.field;
      if (fieldName && fieldName in emptySignupDraft) {
        setServerErrors({ [fieldName as SignupField]: message });
      } else {
        setFormError(message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (mode === "details" && stage === "complete") {
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

  const sizeLabels: Record<(typeof COMPANY_SIZES)[number], string> = {
    "1-9": t`1–9 employees`,
    "10-49": t`10–49 employees`,
    "50-249": t`50–249 employees`,
    "250-999": t`250–999 employees`,
    "1000+": t`1,000 or more employees`,
  };

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
          <fieldset className="fieldset">
            <legend>
              <Trans>About you</Trans>
            </legend>
            {row("firstName", <Trans>First name</Trans>, <input {...field("firstName")} type="text" autoComplete="given-name" />, mode === "full")}
            {row("lastName", <Trans>Last name</Trans>, <input {...field("lastName")} type="text" autoComplete="family-name" />, mode === "full")}
            {mode === "full" ? (
              <>
                {row("email", <Trans>E-mail address</Trans>, <input {...field("email")} type="email" autoComplete="email" />, true)}
                {row(
                  "password",
                  <Trans>Password</Trans>,
                  <>
                    <input {...field("password", `${formId}-checklist`)} type="password" autoComplete="new-password" />
                    <PasswordChecklist password={draft.password} id={`${formId}-checklist`} />
                  </>,
                  true,
                )}
                {row("password2", <Trans>Confirm the password</Trans>, <input {...field("password2")} type="password" autoComplete="new-password" />, true)}
              </>
            ) : (
              <p>
                <Trans>E-mail address</Trans>: <strong>{draft.email}</strong>
              </p>
            )}
            {row("phone", <Trans>Phone (optional)</Trans>, <input {...field("phone")} type="tel" autoComplete="tel" />)}
          </fieldset>
          <fieldset className="fieldset">
            <legend>
              <Trans>Your company</Trans>
            </legend>
            {row("company", <Trans>Company</Trans>, <input {...field("company")} type="text" autoComplete="organization" />, true)}
            {row("industry", <Trans>Industry</Trans>, <input {...field("industry")} type="text" />, true)}
            {row(
              "companySize",
              <Trans>Company size</Trans>,
              <select {...field("companySize")}>
                <option value="">{t`Choose…`}</option>
                {COMPANY_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {sizeLabels[size]}
                  </option>
                ))}
              </select>,
              true,
            )}
            {row("promoCode", <Trans>Promo code (optional)</Trans>, <input {...field("promoCode")} type="text" />)}
          </fieldset>
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
