import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { SettingsUserForm_user$key } from "../__generated__/SettingsUserForm_user.graphql";
import type { SettingsUserFormMutation, Locale } from "../__generated__/SettingsUserFormMutation.graphql";
import { activateProfileLocale } from "../i18n/i18n";
import { actions } from "../shell/actions";
import { SaveButton } from "../shell/SaveButton";
import { toasts } from "../shell/toastStore";
import { useFormGuard } from "../shell/useFormGuard";
import { graphQLErrorMessage, GraphQLResponseError } from "../transport/relayEnvironment";
import { validateProfile, type ProfileDraft, type ProfileErrors } from "./profileValidation";
import { PasswordChecklist } from "../signup/PasswordChecklist";

const LOCALE_NAMES: Record<string, string> = { en: "English", es: "Español", fi: "Suomi", se: "Svenska" };

type Fields = keyof ProfileDraft;

export function SettingsUserForm({ user }: { user: SettingsUserForm_user$key }) {
  const { t } = useLingui();
  const formId = useId();
  const data = useFragment(
    graphql`
      fragment SettingsUserForm_user on User {
        id
        displayName
        email
        locale
        receiveDigest
      }
    `,
    user,
  );
  const [commit] = useMutation<SettingsUserFormMutation>(graphql`
    mutation SettingsUserFormMutation($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        user {
          id
          displayName
          email
          locale
          receiveDigest
        }
      }
    }
  `);

  const saved: ProfileDraft = useMemo(
    () => ({
      displayName: data.displayName,
      email: data.email,
      locale: data.locale,
      receiveDigest: data.receiveDigest,
      password: "",
      passwordConfirmation: "",
    }),
    [data.displayName, data.email, data.locale, data.receiveDigest],
  );
  const [draft, setDraft] = useState<ProfileDraft>(saved);
  const [touched, setTouched] = useState<Partial<Record<Fields, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  const errors = { ...validateProfile(draft), ...serverErrors };
  const valid = Object.keys(validateProfile(draft)).length === 0;
  const dirty =
    draft.displayName !== saved.displayName ||
    draft.email !== saved.email ||
    draft.locale !== saved.locale ||
    draft.receiveDigest !== saved.receiveDigest ||
    draft.password !== "" ||
    draft.passwordConfirmation !== "";

  const save = (): Promise<boolean> => {
    if (!valid) return Promise.resolve(false);
    setSaving(true);
    const input = {
      displayName: draft.displayName.trim(),
      email: draft.email.trim(),
      locale: draft.locale as Locale,
      receiveDigest: draft.receiveDigest,
      ...(draft.password ? { password: draft.password } : {}),
    };
    return actions
      .run(
        "saveProfile",
        () =>
          new Promise<boolean>((resolve) => {
            commit({
              variables: { input },
              onCompleted: (_response, errs) => {
                if (errs && errs.length > 0) {
                  toasts.error(errs.map((e) => e.message).join("\n"));
                  resolve(false);
                  return;
                }
                setDraft((d) => ({ ...d, password: "", passwordConfirmation: "" }));
                setTouched({});
                setServerErrors({});
                toasts.success(t`Saved`);
                void activateProfileLocale(input.locale);
                resolve(true);
              },
              onError: (error) => {
                const message = graphQLErrorMessage(error) ?? t`Something went wrong`;
                if (error instanceof GraphQLResponseError && error.field && error.field in draft) {
                  setServerErrors({ [error.field as Fields]: message });
                  setTouched((tt) => ({ ...tt, [error.field as Fields]: true }));
                }
                toasts.error(message);
                resolve(false);
              },
            });
          }),
      )
      .finally(() => setSaving(false));
  };

  const { dialog } = useFormGuard({ dirty, valid, save });

  const update = <K extends Fields>(key: K, value: ProfileDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors((e) => {
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };
  const touch = (key: Fields) => setTouched((tt) => ({ ...tt, [key]: true }));
  const shown = (key: Fields) => (touched[key] || serverErrors[key] ? errors[key] : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ displayName: true, email: true, locale: true, password: true, passwordConfirmation: true });
    void save();
  };

  const field = (key: Fields) => {
    const error = shown(key);
    return {
      id: `${formId}-${key}`,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${formId}-${key}-error` : undefined,
      onBlur: () => touch(key),
    };
  };
  const errorText = (key: Fields) => {
    const error = shown(key);
    return error ? (
      <p className="field__error" id={`${formId}-${key}-error`}>
        {error}
      </p>
    ) : null;
  };

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${formId}-displayName`}>
          <Trans>Name</Trans>
        </label>
        <input {...field("displayName")} type="text" autoComplete="name" value={draft.displayName} onChange={(e) => update("displayName", e.target.value)} />
        {errorText("displayName")}
      </div>
      <div className="field">
        <label htmlFor={`${formId}-email`}>
          <Trans>E-mail address</Trans>
        </label>
        <input {...field("email")} type="email" autoComplete="email" value={draft.email} onChange={(e) => update("email", e.target.value)} />
        {errorText("email")}
      </div>
      <div className="field">
        <label htmlFor={`${formId}-locale`}>
          <Trans>Language</Trans>
        </label>
        <select {...field("locale")} value={draft.locale} onChange={(e) => update("locale", e.target.value)}>
          {Object.entries(LOCALE_NAMES).map(([code, name]) => (
            <option key={code} value={code} lang={code === "se" ? "sv" : code}>
              {name}
            </option>
          ))}
        </select>
        {draft.locale === "se" ? (
          <p className="field__hint">
            <Trans>The interface is shown in English for this language.</Trans>
          </p>
        ) : null}
        {errorText("locale")}
      </div>
      <div className="field field--checkbox">
        <input id={`${formId}-receiveDigest`} type="checkbox" checked={draft.receiveDigest} onChange={(e) => update("receiveDigest", e.target.checked)} />
        <label htmlFor={`${formId}-receiveDigest`}>
          <Trans>Send me the weekly digest e-mail</Trans>
        </label>
      </div>
      <fieldset className="fieldset">
        <legend>
          <Trans>Change password (optional)</Trans>
        </legend>
        <div className="field">
          <label htmlFor={`${formId}-password`}>
            <Trans>New password</Trans>
          </label>
          <input
            {...field("password")}
            type="password"
            autoComplete="new-password"
            value={draft.password}
            onChange={(e) => update("password", e.target.value)}
          />
          {errorText("password")}
          {draft.password ? <PasswordChecklist password={draft.password} /> : null}
        </div>
        <div className="field">
          <label htmlFor={`${formId}-passwordConfirmation`}>
            <Trans>Confirm the new password</Trans>
          </label>
          <input
            {...field("passwordConfirmation")}
            type="password"
            autoComplete="new-password"
            value={draft.passwordConfirmation}
            onChange={(e) => update("passwordConfirmation", e.target.value)}
          />
          {errorText("passwordConfirmation")}
        </div>
      </fieldset>
      <SaveButton valid={valid} saving={saving} form={formId} />
      {dialog}
    </form>
  );
}
