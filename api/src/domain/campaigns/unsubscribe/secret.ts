// The unsubscribe key when UNSUBSCRIBE_SECRET is not set: generated once and kept in the database
// beside the identity provider's cookie key (table OidcSigningKey, the installation's key store;
// oidc/keys.ts), so links in messages already sent keep working after a restart and every api and
// worker process signs and verifies with the same key.
import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { Config } from "../../../config.js";

/** A fixed id makes first-time generation safe when several processes start at once. */
const UNSUBSCRIBE_KEY_ID = "unsubscribe-key";

async function readStored(prisma: PrismaClient): Promise<string | undefined> {
  const row = await prisma.oidcSigningKey.findUnique({ where: { id: UNSUBSCRIBE_KEY_ID } });
  const k = (row?.jwk as { k?: unknown } | null | undefined)?.k;
  return typeof k === "string" ? k : undefined;
}

/** The configuration with the installation's unsubscribe key (the environment's, or the stored one). */
export async function withUnsubscribeSecret(config: Config, prisma: PrismaClient): Promise<Config> {
  if (config.unsubscribe.fromEnvironment) return config;
  let secret = await readStored(prisma);
  if (!secret) {
    const jwk = { kty: "oct", use: "unsubscribe", k: randomBytes(32).toString("base64url") };
    await prisma.oidcSigningKey.createMany({ data: [{ id: UNSUBSCRIBE_KEY_ID, jwk: jwk as Prisma.InputJsonValue }], skipDuplicates: true });
    secret = await readStored(prisma);
    if (!secret) throw new Error("could not store the unsubscribe key");
  }
  return { ...config, unsubscribe: { secret, fromEnvironment: false } };
}
