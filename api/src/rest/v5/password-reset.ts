// POST /api/v5/user/reset-password and /user/reset-password/confirm (spec 000 §7 "Session and
// user"; §8 "password reset link sent"). Open calls: the person cannot sign in.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { confirmPasswordReset, requestPasswordReset, resetMessages } from "../../domain/password-reset/reset-password.js";
import { messages } from "../../domain/validation.js";

const messageShape = z.object({ message: z.string() });

export const passwordResetRoutes = [
  defineRoute({
    method: "POST",
    path: "/user/reset-password",
    errors: { 404: "passwords are kept by an external identity provider", 429: "too many reset requests for this address" },
    summary:
      "Send a single-use password reset link (valid one hour) to the address. Answers the same whether or not the address has an account; rate-limited per address (429).",
    tag: "Session and user",
    auth: "none",
    body: z.object({ email: z.string(messages.invalidEmail) }),
    response: messageShape,
    handler: ({ ctx, body, request }) => requestPasswordReset(ctx, body, { clientAddress: request.ip }),
  }),
  defineRoute({
    method: "POST",
    path: "/user/reset-password/confirm",
    errors: { 404: "passwords are kept by an external identity provider" },
    summary: "Set a new password with the token of a reset link; the token works once and for one hour.",
    tag: "Session and user",
    auth: "none",
    body: z.object({ token: z.string(resetMessages.invalidToken), password: z.string(resetMessages.missingPassword) }),
    response: messageShape,
    handler: ({ ctx, body }) => confirmPasswordReset(ctx, body),
  }),
];
