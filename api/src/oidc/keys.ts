// Signing keys and cookie keys of the embedded provider, generated once and kept in the database
// (table OidcSigningKey), so tokens and sessions survive a restart and every api process signs and
// verifies with the same keys.
//
// Rows: RSA private JWKs (kty "RSA") are signing keys, newest first, the newest signs. One row
// with kty "oct" and use "cookie" holds the cookie-signing secret when SESSION_SECRET is not set.
// Rotation is not automated: insert a newer RSA row and restart; older keys keep verifying.
import { generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { calculateJwkThumbprint, type JWK, type JSONWebKeySet } from "jose";
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";

const generateKeyPairAsync = promisify(generateKeyPair);

/** Fixed ids make first-time generation safe when several processes start at once. */
const FIRST_SIGNING_KEY_ID = "signing-rs256-1";
const COOKIE_KEY_ID = "cookie-keys";

export type SigningKeys = {
  /** Private JWKs for oidc-provider's `jwks` configuration, the signing one first. */
  privateJwks: { keys: JWK[] };
  /** Their public halves, as served at /oidc/jwks. */
  publicJwks: JSONWebKeySet;
};

async function newRsaSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPairAsync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: "RSA", e: jwk.e, n: jwk.n });
  return { ...jwk, kid, alg: "RS256", use: "sig" };
}

function publicPart(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}

export async function loadOrCreateSigningKeys(prisma: PrismaClient): Promise<SigningKeys> {
  let rows = await prisma.oidcSigningKey.findMany({ orderBy: { createdAt: "desc" } });
  let signing = rows.filter((row) => (row.jwk as JWK | null)?.kty === "RSA");
  if (signing.length === 0) {
    const jwk = await newRsaSigningJwk();
    await prisma.oidcSigningKey.createMany({
      data: [{ id: FIRST_SIGNING_KEY_ID, jwk: jwk as Prisma.InputJsonValue }],
      skipDuplicates: true,
    });
    rows = await prisma.oidcSigningKey.findMany({ orderBy: { createdAt: "desc" } });
    signing = rows.filter((row) => (row.jwk as JWK | null)?.kty === "RSA");
  }
  const keys = signing.map((row) => row.jwk as JWK);
  return { privateJwks: { keys }, publicJwks: { keys: keys.map(publicPart) } };
}

/**
 * Keys that sign the provider's cookies. SESSION_SECRET wins when set (then every process must
 * share it); otherwise a random secret is generated once and stored.
 */
export async function loadOrCreateCookieKeys(prisma: PrismaClient, sessionSecret: string | undefined): Promise<string[]> {
  if (sessionSecret) return [sessionSecret];
  const read = async () => {
    const row = await prisma.oidcSigningKey.findUnique({ where: { id: COOKIE_KEY_ID } });
    const k = (row?.jwk as JWK | null | undefined)?.k;
    return typeof k === "string" ? k : undefined;
  };
  const existing = await read();
  if (existing) return [existing];
  const jwk: JWK = { kty: "oct", use: "cookie", k: randomBytes(32).toString("base64url") };
  await prisma.oidcSigningKey.createMany({
    data: [{ id: COOKIE_KEY_ID, jwk: jwk as Prisma.InputJsonValue }],
    skipDuplicates: true,
  });
  const stored = await read();
  if (!stored) throw new Error("could not store the OIDC cookie key");
  return [stored];
}
