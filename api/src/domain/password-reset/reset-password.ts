// Forgotten passwords (spec 000 §2 "login with forgot password", §7 POST /user/reset-password,
// §8 "password reset link sent"): a single-use link, valid one hour, sent to the account's address.
//
// - The request answers the same whether or not the address has an account (no enumeration);
//   only an existing account gets a token and a mail.
// - The token is 32 random bytes (base64url) in the link; only its SHA-256 is stored. A new request
//   invalidates the user's earlier unused tokens.
// - Confirming checks the spec's strong-password rule first, then claims the token atomically
//   (unused and unexpired), sets the argon2id hash and passwordChangedAt, and ends every credential
//   of the old password: sign-in sessions, grants and refresh tokens at the embedded provider; access
//   tokens issued before now (tokensValidAfter, checked by auth/authenticate.ts and userinfo); and
//   the user's API keys, which are revoked (docs/decisions.md "Access tokens and API keys after a
//   password reset").
import argon2 from "argon2";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, DomainError, notFound } from "../errors.js";
import { emailSchema, parseInput, passwordSchema } from "../validation.js";
import { queueMail } from "../../mail/queue-mail.js";
import { ResetRateLimit } from "./rate-limit.js";

export const resetMessages = {
  linkSent: "password reset link sent",
  passwordChanged: "Password changed. You can now sign in with your new password.",
  invalidToken: "This password reset link is invalid, already used or expired. Ask for a new link.",
  tooMany: (minutes: number) => `Too many password reset requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  missingPassword: "Enter a new password",
  externalProvider: "Passwords are managed by the identity provider you sign in with.",
} as const;

const resetTokenLifetimeMs = 60 * 60 * 1000;

const hashResetToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

const requestSchema = z.object({ email: z.unknown().pipe(emailSchema) });
const confirmSchema = z.object({
  token: z.string(resetMessages.invalidToken).trim().min(1, resetMessages.invalidToken).max(200, resetMessages.invalidToken),
  password: z.string(resetMessages.missingPassword).pipe(passwordSchema),
});

/** The limiter of callers whose context carries no limiter store (this process's memory). */
const defaultResetRateLimit = new ResetRateLimit();

function ensureEmbeddedProvider(ctx: DomainContext) {
  // With an external OpenID provider, passwords live there: we neither send links nor set passwords.
  if (ctx.config.oidc.externalIssuer) throw notFound(resetMessages.externalProvider);
}

export async function requestPasswordReset(
  ctx: DomainContext,
  input: unknown,
  opts: { clientAddress?: string; rateLimit?: ResetRateLimit } = {},
): Promise<{ message: string }> {
  ensureEmbeddedProvider(ctx);
  const { email } = parseInput(requestSchema, input);
  const limit = opts.rateLimit ?? (ctx.limits ? new ResetRateLimit(ctx.limits) : defaultResetRateLimit);
  const wait = await limit.take(email, opts.clientAddress);
  if (wait > 0) throw new DomainError("RATE_LIMITED", resetMessages.tooMany(Math.ceil(wait / 60_000)));

  const user = await ctx.prisma.user.findUnique({
    where: { email },
    select: { id: true, email: true, displayName: true, locale: true, currentOrganizationId: true },
  });
  if (user) {
    const token = randomBytes(32).toString("base64url");
    await ctx.prisma.$transaction([
      ctx.prisma.passwordResetToken.deleteMany({ where: { userId: user.id, usedAt: null } }),
      ctx.prisma.passwordResetToken.create({
        data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + resetTokenLifetimeMs) },
      }),
    ]);
    await queueMail(ctx, {
      kind: "passwordReset",
      to: user.email,
      locale: user.locale,
      organizationId: user.currentOrganizationId,
      data: { link: `${ctx.config.publicUrl}/reset-password?token=${token}`, displayName: user.displayName },
    });
  }
  return { message: resetMessages.linkSent };
}

export async function confirmPasswordReset(ctx: DomainContext, input: unknown): Promise<{ message: string }> {
  ensureEmbeddedProvider(ctx);
  const { token, password } = parseInput(confirmSchema, input);
  const tokenHash = hashResetToken(token);
  const found = await ctx.prisma.passwordResetToken.findUnique({ where: { tokenHash }, select: { id: true, userId: true } });
  if (!found) throw badInput(resetMessages.invalidToken, "token");
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id });
  const now = new Date();
  await ctx.prisma.$transaction(async (tx) => {
    // Claim the token: only one confirmation can win, and only while it is unused and unexpired.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw badInput(resetMessages.invalidToken, "token");
    await tx.user.update({ where: { id: found.userId }, data: { passwordHash, passwordChangedAt: now, tokensValidAfter: now } });
    // Keys made while someone else may have known the password stop working (shown as revoked).
    await tx.apiKey.updateMany({ where: { userId: found.userId, revokedAt: null }, data: { revokedAt: now } });
    await tx.passwordResetToken.deleteMany({ where: { userId: found.userId, usedAt: null } });
    // Whoever was signed in with the old password is signed out: sessions, grants and refresh tokens go.
    await tx.oidcPayload.deleteMany({
      where: {
        type: { in: ["Session", "Grant", "RefreshToken", "AuthorizationCode"] },
        payload: { path: ["accountId"], equals: found.userId },
      },
    });
  });
  return { message: resetMessages.passwordChanged };
}
