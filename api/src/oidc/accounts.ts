// The embedded provider's view of our users: finding an account by id (for tokens and claims) and
// checking an email and password.
import argon2 from "argon2";
import type { Account, ClaimsObject } from "oidc-provider";
import type { PrismaClient } from "../generated/prisma/client.js";

const accountSelect = {
  id: true,
  email: true,
  displayName: true,
  locale: true,
  signupStatus: true,
} as const;

type AccountRow = { id: string; email: string; displayName: string; locale: string; signupStatus: string };

/** The claims each scope releases: `sub` always, `email` for "email", name and locale for "profile". */
export const CLAIMS_BY_SCOPE = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  profile: ["name", "locale"],
} as const;

function accountClaims(user: AccountRow): ClaimsObject {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.signupStatus !== "emailVerification",
    name: user.displayName || undefined,
    locale: user.locale,
  };
}

/**
 * The claims a token with these scopes may read at the userinfo endpoint: `sub` always (with
 * `openid`), the e-mail pair with "email", name and locale with "profile".
 */
export function claimsForScopes(user: AccountRow, scopes: ReadonlySet<string>): ClaimsObject {
  const all = accountClaims(user);
  const out: Record<string, unknown> = { sub: all.sub };
  for (const [scope, names] of Object.entries(CLAIMS_BY_SCOPE)) {
    if (!scopes.has(scope)) continue;
    for (const name of names) if (all[name] !== undefined) out[name] = all[name];
  }
  return out as ClaimsObject;
}

/** An account with its token barrier (a password reset's instant), for the userinfo endpoint. */
export async function findAccountRow(prisma: PrismaClient, id: string): Promise<(AccountRow & { tokensValidAfter: Date | null }) | undefined> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  const user = await prisma.user.findUnique({ where: { id }, select: { ...accountSelect, tokensValidAfter: true } });
  return user ?? undefined;
}

export async function findAccount(prisma: PrismaClient, id: string): Promise<Account | undefined> {
  // User ids are 24 hexadecimal characters: anything else cannot exist, skip the query.
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  const user = await prisma.user.findUnique({ where: { id }, select: accountSelect });
  if (!user) return undefined;
  return { accountId: user.id, claims: () => accountClaims(user) };
}

/** The email of an account, for the JWT access token. */
export async function findAccountEmail(prisma: PrismaClient, id: string): Promise<string | undefined> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  const user = await prisma.user.findUnique({ where: { id }, select: { email: true } });
  return user?.email;
}

// A valid argon2id hash of a random password, verified when the email is unknown so that the
// answer takes as long as for a known email (no account discovery through timing).
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= argon2.hash(`decoy-${Math.random()}-${Date.now()}`, { type: argon2.argon2id });
  return decoyHash;
}

/** Returns the user id when the email and password match, undefined otherwise. */
export async function verifyCredentials(prisma: PrismaClient, email: string, password: string): Promise<string | undefined> {
  const normalised = email.trim().toLowerCase();
  const user = normalised ? await prisma.user.findUnique({ where: { email: normalised }, select: { id: true, passwordHash: true } }) : null;
  const hash = user?.passwordHash ?? (await getDecoyHash());
  let ok = false;
  try {
    ok = await argon2.verify(hash, password);
  } catch {
    ok = false; // an unreadable hash never signs anyone in
  }
  return ok && user?.passwordHash ? user.id : undefined;
}
