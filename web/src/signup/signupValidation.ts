/**
 * Client validation of the signup form (spec 000 §3, §5): the API's limits, sizes, phone form and
 * password rules (@feedback/shared/accounts); messages are translated when the function runs.
 */
import { t } from "@lingui/core/macro";
import { companySizes, emailMaxLength, passwordMaxLength, phonePattern, signupLimits } from "@feedback/shared/accounts";
import { isStrongPassword, isValidEmail, PASSWORD_MIN } from "../settings/profileValidation";

export interface SignupDraft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  password2: string;
  company: string;
  industry: string;
  companySize: string;
  phone: string;
  promoCode: string;
}

export type SignupField = keyof SignupDraft;
export type SignupErrors = Partial<Record<SignupField, string>>;

export const emptySignupDraft: SignupDraft = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  password2: "",
  company: "",
  industry: "",
  companySize: "",
  phone: "",
  promoCode: "",
};

/** The api's limits of the signup form, with those of the e-mail address and the password. */
export const SIGNUP_LIMITS = { ...signupLimits, email: emailMaxLength, password: passwordMaxLength } as const;

export const COMPANY_SIZES = companySizes;

/**
 * `mode` "full": the first post (every field); "details": /signup?token=… completes the company
 * details of an account that exists (no e-mail or password).
 */
export function validateSignup(draft: SignupDraft, mode: "full" | "details" = "full"): SignupErrors {
  const errors: SignupErrors = {};
  const tooLong = (field: keyof typeof SIGNUP_LIMITS) => {
    const max = SIGNUP_LIMITS[field];
    if (draft[field].trim().length > max) errors[field] = t`Must be at most ${max} characters`;
  };
  const required = (field: SignupField) => {
    if (draft[field].trim() === "") errors[field] = t`This field is required`;
  };

  if (mode === "full") {
    required("firstName");
    required("lastName");
    if (!isValidEmail(draft.email)) errors.email = t`Please provide a valid e-mail address`;
    else tooLong("email");
    if (!isStrongPassword(draft.password)) {
      errors.password = t`The password needs at least ${PASSWORD_MIN} characters, upper and lower case letters, a number and a special character`;
    } else tooLong("password");
    if (draft.password2 !== draft.password) errors.password2 = t`The passwords do not match`;
  }
  tooLong("firstName");
  tooLong("lastName");
  required("company");
  tooLong("company");
  required("industry");
  tooLong("industry");
  if (!(COMPANY_SIZES as readonly string[]).includes(draft.companySize)) errors.companySize = t`Choose the size of your company`;
  if (draft.phone.trim() !== "") {
    if (!phonePattern.test(draft.phone.trim())) errors.phone = t`Please provide a valid phone number`;
    else tooLong("phone");
  }
  tooLong("promoCode");
  return errors;
}

export function isSignupValid(draft: SignupDraft, mode: "full" | "details" = "full"): boolean {
  return Object.keys(validateSignup(draft, mode)).length === 0;
}
