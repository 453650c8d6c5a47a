import { useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState, type FormEvent } from "react";
import type { UseMutationConfig } from "react-relay";
import type { Locale, SettingsUserFormMutation } from "../__generated__/SettingsUserFormMutation.graphql";
import { fieldErrorId } from "../forms/FormField";
import { activateProfileLocale } from "../i18n/i18n";
import { actions } from "../shell/actions";
import { toasts } from "../shell/toastStore";
import { useFormGuard } from "../shell/useFormGuard";
import { graphQLErrorMessage, GraphQLResponseError } from "../transport/relayEnvironment";
import { validateProfile, type ProfileDraft, type ProfileErrors } from "./profileValidation";

type Fields = keyof ProfileDraft;
type Saved = { displayName: string; email: string; locale: string; receiveDigest: boolean };

/**
 * The profile form's state and its save: the draft against the saved profile, which errors show
 * (a field's own once it was left, the server's at once), the leave-with-unsaved-changes guard, and
 * updateProfile (SettingsUserForm's mutation), after which the interface switches to the new locale.
 */
export function useProfileForm(data: Saved, commit: (config: UseMutationConfig<SettingsUserFormMutation>) => unknown) {
  const { t } = useLingui();
  const formId = useId();
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
    const run = () =>
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
      });
    return actions.run("saveProfile", run).finally(() => setSaving(false));
  };

  const { dialog } = useFormGuard({ dirty, valid, save });

  const update = <K extends Fields>(key: K, value: ProfileDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors((e) => {
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };
  /** The error shown for a field: its own once it was left, the server's at once. */
  const shown = (key: Fields) => (touched[key] || serverErrors[key] ? errors[key] : undefined);
  /** The props of a field's control: its id, blur, and its error for assistive technology. */
  const field = (key: Fields) => {
    const id = `${formId}-${key}`;
    return {
      id,
      "aria-invalid": shown(key) ? true : undefined,
      "aria-describedby": shown(key) ? fieldErrorId(id) : undefined,
      onBlur: () => setTouched((tt) => ({ ...tt, [key]: true })),
    };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ displayName: true, email: true, locale: true, password: true, passwordConfirmation: true });
    void save();
  };

  return { formId, draft, valid, dirty, saving, dialog, update, shown, field, onSubmit };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;
