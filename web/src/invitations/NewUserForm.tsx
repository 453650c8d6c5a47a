import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { NewUserFormMutation } from "../__generated__/NewUserFormMutation.graphql";
import { passwordChecks } from "../settings/profileValidation";
import { PasswordChecklist } from "../signup/PasswordChecklist";
import { useFormGuard } from "../shell/useFormGuard";
import { runMutation } from "../user-management/runMutation";
import { hardNavigate } from "../util/hardNavigate";

/** A person without an account accepts: display name and a strong password (twice). */
export function NewUserForm({ token, email }: { token: string; email: string }) {
  const { t } = useLingui();
  const formId = useId();
  const [draft, setDraft] = useState({ displayName: "", password: "", password2: "" });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [done, setDone] = useState(false);
  const [commit, inFlight] = useMutation<NewUserFormMutation>(graphql`
    mutation NewUserFormMutation($input: AcceptInvitationAsNewUserInput!) {
      acceptInvitationAsNewUser(input: $input) {
        email
      }
    }
  `);
  const errors: Record<string, string | undefined> = {
    displayName: draft.displayName.trim() === "" ? t`This field is required` : draft.displayName.length > 100 ? t`Must be at most 100 characters` : undefined,
    password: passwordChecks(draft.password).every((c) => c.ok) ? undefined : t`The password is not strong enough`,
    password2: draft.password2 !== draft.password ? t`The passwords do not match` : undefined,
  };
  const valid = Object.values(errors).every((e) => !e);
  const dirty = !done && (draft.displayName !== "" || draft.password !== "" || draft.password2 !== "");
  const save = async () => {
    setTouched({ displayName: true, password: true, password2: true });
    if (!valid) return false;
    const result = await runMutation(
      "acceptInvitationAsNewUser",
      commit,
      { input: { token, displayName: draft.displayName.trim(), password: draft.password, password2: draft.password2 } },
      { success: t`Your account is ready`, fallbackError: t`Something went wrong` },
    );
    if (result) setDone(true);
    return result !== null;
  };
  const { dialog } = useFormGuard({ dirty, valid, save });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  if (done) {
    return (
      <div role="status">
        <p>
          <Trans>Your account is ready. Sign in with {email} and your new password.</Trans>
        </p>
        <button type="button" className="button" onClick={() => hardNavigate("/")}>
          <Trans>Sign in</Trans>
        </button>
      </div>
    );
  }
  const field = (key: "displayName" | "password" | "password2") => ({
    id: `${formId}-${key}`,
    "aria-invalid": touched[key] && errors[key] ? true : undefined,
    "aria-describedby": touched[key] && errors[key] ? `${formId}-${key}-error` : undefined,
    onBlur: () => setTouched((tt) => ({ ...tt, [key]: true })),
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
    value: draft[key],
  });
  const error = (key: string) =>
    touched[key] && errors[key] ? (
      <p className="field__error" id={`${formId}-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;
  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <p>
        <Trans>Create your account to accept the invitation.</Trans>
      </p>
      <div className="field">
        <label htmlFor={`${formId}-displayName`}>
          <Trans>Name</Trans>
        </label>
        <input {...field("displayName")} type="text" autoComplete="name" />
        {error("displayName")}
      </div>
      <div className="field">
        <label htmlFor={`${formId}-password`}>
          <Trans>Password</Trans>
        </label>
        <input {...field("password")} type="password" autoComplete="new-password" />
        {error("password")}
        <PasswordChecklist password={draft.password} />
      </div>
      <div className="field">
        <label htmlFor={`${formId}-password2`}>
          <Trans>Confirm the password</Trans>
        </label>
        <input {...field("password2")} type="password" autoComplete="new-password" />
        {error("password2")}
      </div>
      <div>
        <button type="submit" className="button" disabled={inFlight}>
          <Trans>Create account and accept</Trans>
        </button>
      </div>
      {dialog}
    </form>
  );
}
