// Account rules of spec 000 §3 ("Signup form") and §5 (validation): the password's strength, the
// lengths of the account and signup fields, the company sizes and the phone number's form. The api
// validates with them (domain/validation.ts, domain/signup/signup-form.ts, domain/users/profile.ts);
// the signup, profile, invitation and password-reset forms check the same before they send, and
// the password checklist shows each rule. The messages stay each side's own (the api's are the
// spec's English, the forms' are translated).

/** Spec 000 §5 gives 7 (validator) and 8 (checklist); we apply 8 everywhere (docs/decisions.md). */
export const passwordMinLength = 8;
export const passwordMaxLength = 200;
export const emailMaxLength = 254;
export const displayNameMaxLength = 100;

export type PasswordRule = "length" | "upper" | "lower" | "number" | "special";
export interface PasswordCheck {
  key: PasswordRule;
  ok: boolean;
}

/**
 * Each rule of a strong password, in the checklist's order. Letters and digits of any script count
 * (Ä, ñ, ٣); a special character is anything but a letter, a digit or white space.
 */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { key: "length", ok: password.length >= passwordMinLength },
    { key: "upper", ok: /\p{Lu}/u.test(password) },
    { key: "lower", ok: /\p{Ll}/u.test(password) },
    { key: "number", ok: /\p{Nd}/u.test(password) },
    { key: "special", ok: /[^\p{L}\p{N}\s]/u.test(password) },
  ];
}

export const isStrongPassword = (password: string) => passwordChecks(password).every((check) => check.ok);

/** Company sizes offered by the signup form (the spec does not list them). */
export const companySizes = ["1-9", "10-49", "50-249", "250-999", "1000+"] as const;
export type CompanySize = (typeof companySizes)[number];

/** The longest text each signup field takes. */
export const signupLimits = {
  firstName: 50,
  lastName: 50,
  company: 100,
  industry: 100,
  phone: 30,
  promoCode: 50,
} as const;

/** A phone number as typed: digits, spaces, brackets and dashes, an optional leading "+". */
export const phonePattern = /^\+?[0-9][0-9 ()-]{4,}$/;
