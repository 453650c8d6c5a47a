import { Trans } from "@lingui/react/macro";
import { FormField } from "../forms/FormField";
import { PasswordChecklist } from "../signup/PasswordChecklist";
import type { ProfileForm } from "./useProfileForm";

const LOCALE_NAMES: Record<string, string> = { en: "English", es: "Español", fi: "Suomi", se: "Svenska" };

/** Name, e-mail address, interface language and the weekly digest. */
export function ProfileFields({ form }: { form: ProfileForm }) {
  const { formId, draft, update, shown, field } = form;
  return (
    <>
      <FormField id={`${formId}-displayName`} label={<Trans>Name</Trans>} error={shown("displayName")}>
        <input {...field("displayName")} type="text" autoComplete="name" value={draft.displayName} onChange={(e) => update("displayName", e.target.value)} />
      </FormField>
      <FormField id={`${formId}-email`} label={<Trans>E-mail address</Trans>} error={shown("email")}>
        <input {...field("email")} type="email" autoComplete="email" value={draft.email} onChange={(e) => update("email", e.target.value)} />
      </FormField>
      <FormField
        id={`${formId}-locale`}
        label={<Trans>Language</Trans>}
        hint={draft.locale === "se" ? <Trans>The interface is shown in English for this language.</Trans> : undefined}
        error={shown("locale")}
      >
        <select {...field("locale")} value={draft.locale} onChange={(e) => update("locale", e.target.value)}>
          {Object.entries(LOCALE_NAMES).map(([code, name]) => (
            <option key={code} value={code} lang={code === "se" ? "sv" : code}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <div className="field field--checkbox">
        <input id={`${formId}-receiveDigest`} type="checkbox" checked={draft.receiveDigest} onChange={(e) => update("receiveDigest", e.target.checked)} />
        <label htmlFor={`${formId}-receiveDigest`}>
          <Trans>Send me the weekly digest e-mail</Trans>
        </label>
      </div>
    </>
  );
}

/** The optional new password, with the checklist of its rules while one is typed. */
export function PasswordChangeFields({ form }: { form: ProfileForm }) {
  const { formId, draft, update, shown, field } = form;
  return (
    <fieldset className="fieldset">
      <legend>
        <Trans>Change password (optional)</Trans>
      </legend>
      <FormField id={`${formId}-password`} label={<Trans>New password</Trans>} error={shown("password")}>
        <input {...field("password")} type="password" autoComplete="new-password" value={draft.password} onChange={(e) => update("password", e.target.value)} />
        {draft.password ? <PasswordChecklist password={draft.password} /> : null}
      </FormField>
      <FormField id={`${formId}-passwordConfirmation`} label={<Trans>Confirm the new password</Trans>} error={shown("passwordConfirmation")}>
        <input
          {...field("passwordConfirmation")}
          type="password"
          autoComplete="new-password"
          value={draft.passwordConfirmation}
          onChange={(e) => update("passwordConfirmation", e.target.value)}
        />
      </FormField>
    </fieldset>
  );
}
