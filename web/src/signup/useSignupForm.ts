import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { fieldErrorId } from "../forms/FormField";
import { ApiError } from "../transport/rest";
import { fetchSignupDetails, postSignup, type SignupStage } from "./signupApi";
import { emptySignupDraft, validateSignup, type SignupDraft, type SignupErrors, type SignupField } from "./signupValidation";

const ALL_FIELDS = Object.keys(emptySignupDraft) as SignupField[];

export type SignupMode = "full" | "details";

/**
 * The signup form's state and its submission (spec 000 §3): the draft, which errors show (a field's
 * own once it was left, the server's at once), the prefill of a `?token=…` signup, and the stage
 * the server answers. SignupPage lays it out.
 */
export function useSignupForm(token: string) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const mode: SignupMode = token ? "details" : "full";

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
  /** The error shown for a field: its own once it was left, the server's at once. */
  const shown = (key: SignupField) => (touched[key] || serverErrors[key] ? errors[key] : undefined);
  /** The props of a field's control: id, value, change and blur, and its error for assistive technology. */
  const field = (key: SignupField, describedBy?: string) => {
    const id = `${formId}-${key}`;
    const ids = [shown(key) ? fieldErrorId(id) : undefined, describedBy].filter(Boolean).join(" ");
    return {
      id,
      name: key,
      value: draft[key],
      onChange: (e: { target: { value: string } }) => update(key, e.target.value),
      onBlur: () => setTouched((tt) => ({ ...tt, [key]: true })),
      "aria-invalid": shown(key) ? true : undefined,
      "aria-describedby": ids || undefined,
    };
  };

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

  return { formId, mode, draft, stage, prefill, formError, submitting, valid, shown, field, onSubmit };
}

export type SignupForm = ReturnType<typeof useSignupForm>;
