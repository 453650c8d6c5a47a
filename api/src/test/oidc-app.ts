// Test support for the embedded provider's integration tests: a scratch database of its own, a
// fastify app on 127.0.0.1 with the provider mounted, users with a password.
import argon2 from "argon2";
import Fastify, { type FastifyInstance } from "fastify";
import formbody from "@fastify/formbody";
import { loadConfig, type Config } from "../config.js";
import { createPrisma } from "../db/client.js";
import { createScratchDatabase, freePort } from "./support.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createEmbeddedOidc, type EmbeddedOidc } from "../oidc/provider.js";

export type TestDb = { url: string; prisma: PrismaClient; drop(): Promise<void> };

export async function createTestDatabase(label: string): Promise<TestDb> {
  const database = await createScratchDatabase(`oidc_test_${label}`);
  const prisma = createPrisma(database.url, { max: 4 });
  return {
    url: database.url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

/** A fastify app on 127.0.0.1 (a free port) with the provider mounted, publicUrl = the real port. */
export type RunningOidc = { app: FastifyInstance; oidc: EmbeddedOidc; config: Config; baseUrl: string; close(): Promise<void> };

export async function startOidcApp(prisma: PrismaClient, env: Record<string, string> = {}, fixedPort?: number): Promise<RunningOidc> {
  const port = fixedPort ?? (await freePort());
  const config = loadConfig({ NODE_ENV: "test", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent", ...env });
  const oidc = await createEmbeddedOidc({ config, prisma });
  const app = Fastify({ logger: false });
  // Like the real server: a global form parser must not break the provider's own body reading.
  await app.register(formbody);
  await oidc.mount(app);
  await app.listen({ port, host: "127.0.0.1" });
  return { app, oidc, config, baseUrl: config.publicUrl, close: () => app.close() };
}

export async function createUser(
  prisma: PrismaClient,
  email: string,
  password: string,
  extra: { displayName?: string; locale?: "en" | "es" | "fi" | "se"; unverified?: boolean } = {},
) {
  return prisma.user.create({
    data: {
      email: email.toLowerCase(),
      displayName: extra.displayName ?? "Test Person",
      locale: extra.locale ?? "en",
      passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
      ...(extra.unverified ? { signupStatus: "emailVerification" as const } : {}),
    },
  });
}
