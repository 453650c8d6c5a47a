// /api/v5/signup…: the self-signup calls (spec 000 §7 "Signup"). Open calls: the tokens are the proof.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { getSignupDetails, postSignup, resendVerificationEmail, verifySignupToken } from "../../domain/signup/signup.js";
import { signupMessages, signupStages } from "../../domain/signup/signup-form.js";

const stage = z.enum(signupStages, { message: signupMessages.invalidStage });

// The body is documented here and validated (with the spec's messages) by the domain service, so a
// bad field answers the same message whichever way the form arrives.
const str = (name: string) => z.string({ message: `${name} must be text` });
const signupBody = z.object({
  firstName: str("firstName").optional(),
  lastName: str("lastName").optional(),
  email: z.string({ message: "Please provide a valid e-mail address" }).optional(),
  stage: stage.optional().describe("the client's stored stage: initial, or detailsRequired with signupToken"),
  password: str("password").optional(),
  password2: str("password2").optional().describe("the password again"),
  industry: str("industry").nullable().optional(),
  company: str("company").nullable().optional(),
  companySize: str("companySize").nullable().optional().describe("1-9, 10-49, 50-249, 250-999 or 1000+"),
  token: str("token").nullable().optional().describe("the token of /signup?token=… (same as signupToken)"),
  type: str("type").optional().describe("signup source, default web; web requires the company details"),
  phone: str("phone").nullable().optional(),
  promoCode: str("promoCode").nullable().optional(),
  locale: str("locale").optional().describe("en, es or fi: the user's language (default: Accept-Language, else en)"),
  signupToken: str("signupToken").nullable().optional().describe("a detailsRequired token: completes the company details"),
});

export const signupRoutes = [
  defineRoute({
    method: "POST",
    path: "/signup",
    errors: { 409: "the e-mail address already has an account" },
    tag: "Signup",
    summary:
      "Post the signup form. Without signupToken: creates the account and (with the company) a 14-day trial organisation, and sends the verification mail. With signupToken: completes the company details of a detailsRequired signup",
    auth: "none",
    body: signupBody,
    response: z.object({ nextStage: stage }),
    handler: async ({ ctx, body, request }) => {
      const { token, signupToken, ...form } = body;
      return postSignup(ctx, { ...form, signupToken: signupToken || token || undefined }, { acceptLanguage: request.headers["accept-language"] });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/signup/verify-token",
    errors: { 409: "the address is verified already" },
    tag: "Signup",
    summary: "Verify the e-mail address with the token of the verification link (single use)",
    auth: "none",
    body: z.object({ signupToken: z.string().optional() }),
    response: z.object({
      nextStage: stage,
      type: z.string(),
      email: z.string(),
      signupToken: z.string().optional().describe("with nextStage detailsRequired: the token of /signup?token=…"),
    }),
    handler: async ({ ctx, body }) => verifySignupToken(ctx, body.signupToken),
  }),
  defineRoute({
    method: "POST",
    path: "/signup/resend-verification-email",
    errors: { 404: "no sign-up waits for this address" },
    tag: "Signup",
    summary: "Send a new verification link (the old one stops working); the same answer for any address",
    auth: "none",
    body: z.object({ email: z.string({ message: "Please provide a valid e-mail address" }).optional() }),
    response: z.object({ message: z.string() }),
    handler: async ({ ctx, body }) => resendVerificationEmail(ctx, body.email),
  }),
  defineRoute({
    method: "POST",
    path: "/signup/details",
    errors: { 404: "the sign-up link is not valid" },
    tag: "Signup",
    summary: "What /signup?token=… prefills for a detailsRequired signup (our addition to the spec's calls)",
    auth: "none",
    body: z.object({ signupToken: z.string().optional() }),
    response: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), type: z.string(), stage }),
    handler: async ({ ctx, body }) => getSignupDetails(ctx, body.signupToken),
  }),
];
