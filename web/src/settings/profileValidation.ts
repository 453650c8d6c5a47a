/**
 * Client validation of the user profile (spec 000 §3, §5). Messages are translated when the
 * function runs.
 */
import { t } from "@lingui/core/macro";
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

export const DISPLAY_NAME_MAX = 100;
/** The on-screen checklist's 8 (the stricter of the spec's two readings, 7 and 8). */
export const PASSWORD_MIN = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export interface PasswordCheck {
  key: "length" | "upper" | "lower" | "number" | "special";
  ok: boolean;
}

export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { key: "length", ok: password.length >= PASSWORD_MIN },
    { key: "upper", ok: /\p{Lu}/u.test(password) },
    { key: "lower", ok: /\p{Ll}/u.test(password) },
    { key: "number", ok: /\d/.test(password) },
    { key: "special", ok: /[^\p{L}\d\s]/u.test(password) },
  ];
}

export function isStrongPassword(password: string): boolean {
  return passwordChecks(password).every((check) => check.ok);
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
