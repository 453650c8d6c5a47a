/**
 * The open signup calls of spec 000 §7 "Signup" through the REST helper. The signup post leaves
 * error display to the form (spec 000 §5): these calls never toast their failures.
 */
import { getServices } from "../services";
import type { SignupDraft } from "./signupValidation";

export type SignupStage = "initial" | "emailVerification" | "detailsRequired" | "complete";

export interface VerifyResult {
  nextStage: SignupStage;
  type: string;
  email: string;
  signupToken?: string;
}

export interface SignupDetails {
  email: string;
  firstName: string;
  lastName: string;
  type: string;
  stage: SignupStage;
}

const rest = () => getServices().rest;

const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());

export function postSignup(draft: SignupDraft, opts: { stage: SignupStage; locale: string; signupToken?: string }) {
  const details = {
    firstName: optional(draft.firstName),
    lastName: optional(draft.lastName),
    company: draft.company.trim(),
    industry: draft.industry.trim(),
    companySize: draft.companySize,
    phone: optional(draft.phone),
    promoCode: optional(draft.promoCode),
  };
  const body = opts.signupToken
    ? { ...details, stage: opts.stage, signupToken: opts.signupToken }
    : {
        ...details,
        email: draft.email.trim(),
        password: draft.password,
        password2: draft.password2,
        stage: opts.stage,
        type: "web",
        token: "",
        signupToken: "",
        locale: opts.locale,
      };
  return rest().request<{ nextStage: SignupStage }>("/signup", { method: "POST", body, toast: false, action: "signup" });
}

export function fetchSignupDetails(signupToken: string) {
  return rest().request<SignupDetails>("/signup/details", { method: "POST", body: { signupToken }, toast: false });
}

const verifications = new Map<string, Promise<VerifyResult>>();

/** Verifies once per token and page load (the token is single use; React may mount twice). */
export function verifySignupToken(signupToken: string): Promise<VerifyResult> {
  let pending = verifications.get(signupToken);
  if (!pending) {
    pending = rest().request<VerifyResult>("/signup/verify-token", {
      method: "POST",
      body: { signupToken },
      toast: false,
      action: "verifyEmail",
    });
    verifications.set(signupToken, pending);
  }
  return pending;
}

/** For tests: forget the verifications of this page load. */
export function resetVerifications(): void {
  verifications.clear();
}

export function resendVerificationEmail(email: string) {
  return rest().request<{ message: string }>("/signup/resend-verification-email", {
    method: "POST",
    body: { email: email.trim() },
    action: "resendVerification",
  });
}
