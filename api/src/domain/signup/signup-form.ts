// The signup form of spec 000 §3 ("Signup form") and its validation (spec 000 §5), with the
// stages of the signup flow. The spec does not name the stages; ours are documented in
// docs/decisions.md ("Signup stages"):
//
//   initial ──POST /signup──▶ emailVerification ──verify-token──▶ complete
//                                                └─(no company yet)─▶ detailsRequired ──POST /signup + signupToken──▶ complete
import { z } from "zod";
import { emailSchema, messages, passwordSchema, uiLocales } from "../validation.js";
import { companySizes, phonePattern, signupLimits as formLimits } from "@feedback/shared/accounts";

export const signupStages = ["initial", "emailVerification", "detailsRequired", "complete"] as const;
export type SignupStage = (typeof signupStages)[number];

/** The form's limits (shared with the web form), and the api's own for the signup type and token. */
export const signupLimits = { ...formLimits, type: 30, token: 200 } as const;

export const signupMessages = {
  required: "This field is required",
  passwordMismatch: "The passwords do not match",
  emailTaken: "This e-mail address is already in use",
  invalidCompanySize: `Company size must be one of ${companySizes.join(", ")}`,
  invalidPhone: "Please provide a valid phone number",
  invalidType: "Signup type must be letters, digits and dashes",
  invalidStage: `Signup stage must be one of ${signupStages.join(", ")}`,
  invalidVerificationLink: "This verification link is invalid or has expired. Ask for a new one.",
  alreadyVerified: "This e-mail address is already verified. Sign in to continue.",
  invalidSignupLink: "This signup link is invalid or has expired",
  verificationEmailSent: "New verification email sent!",
} as const;

const text = (max: number) => z.string({ message: signupMessages.required }).trim().max(max, messages.maxLength(max));
const requiredText = (max: number) => text(max).min(1, signupMessages.required);
/** Optional text: absent, null and "" all mean "not given". */
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined));

const phoneSchema = z
  .union([z.string().trim().max(signupLimits.phone, messages.maxLength(signupLimits.phone)), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || phonePattern.test(v), signupMessages.invalidPhone);

const companyFields = {
  company: optionalText(signupLimits.company),
  industry: optionalText(signupLimits.industry),
  companySize: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(companySizes, { message: signupMessages.invalidCompanySize }).optional()),
  phone: phoneSchema,
  promoCode: optionalText(signupLimits.promoCode),
};

/** The first post of the form (no signupToken): every field of spec 000 §3. */
export const signupFormSchema = z
  .object({
    firstName: requiredText(signupLimits.firstName),
    lastName: requiredText(signupLimits.lastName),
    email: z.string({ message: messages.invalidEmail }).pipe(emailSchema),
    stage: z.enum(signupStages, { message: signupMessages.invalidStage }).default("initial"),
    password: z.string({ message: signupMessages.required }).pipe(passwordSchema),
    password2: z.string({ message: signupMessages.passwordMismatch }),
    ...companyFields,
    token: optionalText(signupLimits.token),
    type: z
      .string({ message: signupMessages.invalidType })
      .trim()
      .max(signupLimits.type, messages.maxLength(signupLimits.type))
      .regex(/^[a-z][a-zA-Z0-9-]*$/, signupMessages.invalidType)
      .default("web"),
    locale: z.enum(uiLocales, { message: messages.invalidLocale }).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.password2 !== form.password) {
      ctx.addIssue({ code: "custom", message: signupMessages.passwordMismatch, path: ["password2"] });
    }
    // The web form (type "web") asks for the company at once; other sources (e.g. a landing page's
    // short form) may leave the company details for after the verification (stage detailsRequired).
    if (form.type === "web") {
      for (const key of ["company", "industry", "companySize"] as const) {
        if (!form[key]) ctx.addIssue({ code: "custom", message: signupMessages.required, path: [key] });
      }
    }
  });

export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupForm = z.output<typeof signupFormSchema>;

/** The post that completes the company details of a detailsRequired signup (signupToken given). */
export const signupDetailsSchema = z
  .object({
    firstName: optionalText(signupLimits.firstName),
    lastName: optionalText(signupLimits.lastName),
    ...companyFields,
  })
  .superRefine((form, ctx) => {
    for (const key of ["company", "industry", "companySize"] as const) {
      if (!form[key]) ctx.addIssue({ code: "custom", message: signupMessages.required, path: [key] });
    }
  });

export type SignupDetails = z.output<typeof signupDetailsSchema>;

export const signupTokenSchema = z
  .string({ message: signupMessages.invalidVerificationLink })
  .trim()
  .min(1, signupMessages.invalidVerificationLink)
  .max(signupLimits.token, signupMessages.invalidVerificationLink);

/** "Ada" + "Lovelace" → "Ada Lovelace", at most 100 characters (the profile's limit). */
export function displayNameOf(firstName: string | undefined, lastName: string | undefined): string {
  return [firstName, lastName].filter(Boolean).join(" ").slice(0, 100);
}
