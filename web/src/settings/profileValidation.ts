/**
 * Client validation of the user profile (spec 000 §3, §5). Messages are translated when the
 * function runs. The password rules and lengths are the api's (@feedback/shared/accounts).
 */
import { t } from "@lingui/core/macro";
import { displayNameMaxLength, isStrongPassword, passwordChecks, passwordMinLength, type PasswordCheck } from "@feedback/shared/accounts";
import { isProfileLocale } from "../i18n/locale";

export interface ProfileDraft {
  displayName: string;
  email: string;
  locale: string;
  receiveDigest: boolean;
  password: string;
  passwordConfirmation: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

export { isStrongPassword, passwordChecks, type PasswordCheck };
export const DISPLAY_NAME_MAX = displayNameMaxLength;
/** The on-screen checklist's 8 (the stricter of the spec's two readings, 7 and 8): the api's rule. */
export const PASSWORD_MIN = passwordMinLength;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateProfile(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  if (draft.displayName.trim() === "") errors.displayName = t`This field is required`;
  else if (draft.displayName.length > DISPLAY_NAME_MAX) {
    errors.displayName = t`The maximum length is ${DISPLAY_NAME_MAX} characters`;
  }
  if (!isValidEmail(draft.email)) errors.email = t`Please provide a valid e-mail address`;
  if (!isProfileLocale(draft.locale)) errors.locale = t`Choose one of the offered languages`;
  if (draft.password !== "" || draft.passwordConfirmation !== "") {
    if (!isStrongPassword(draft.password)) {
      errors.password = t`The password needs at least ${PASSWORD_MIN} characters, upper and lower case letters, a number and a special character`;
    }
    if (draft.password !== draft.passwordConfirmation) errors.passwordConfirmation = t`The passwords do not match`;
  }
  return errors;
}
