// The servers the load runs hit: the real API server (assembled like main.ts and the test harness:
// embedded OpenID provider, access-token verifier, in-process event bus) and a bare fastify app
// answering a constant, the baseline that shows what our layers cost.
import { freePort } from "../../api/src/test/support.js";
import Fastify from "fastify";
import { loadConfig, type Config } from "../../api/src/config.js";
import pg from "pg";
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";
import { poolConfig, prismaOverPool } from "../../api/src/db/client.js";
import { createEventBus } from "../../api/src/pubsub/bus.js";
import { startJobRunner } from "../../api/src/jobs/start.js";
import type { JobRunner } from "../../api/src/jobs/runner.js";
import { buildServer } from "../../api/src/server.js";
import { createEmbeddedOidc } from "../../api/src/oidc/provider.js";
import { createAccessTokenVerifier } from "../../api/src/auth/access-tokens.js";

export type RunningServer = { baseUrl: string; close(): Promise<void> };

/**
 * A PrismaClient built like api/src/db/client.ts `createPrisma` (a pg pool of `max` connections under
 * @prisma/adapter-pg), whose pool also counts the SQL statements sent, so a suite can report the
 * statements per request.
 */
export function createCountingPrisma(databaseUrl: string, max: number): { prisma: PrismaClient; statements(): number } {
  let statements = 0;
  const pool = new pg.Pool(poolConfig(databaseUrl, max));
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
  });
  return { prisma: prismaOverPool(pool), statements: () => statements };
}

/** The real server on 127.0.0.1, production settings, logging off, no web client unless `serveWeb` (dist/web). */
export async function startApiServer(
  databaseUrl: string,
  opts: { poolSize?: number; serveWeb?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer & { prisma: PrismaClient; config: Config; jobs: JobRunner; statements(): number }> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    SERVE_WEB: opts.serveWeb ? "true" : "false",
    SEED_DEMO: "false",
    // The load generator plays the proxy in front: its X-Forwarded-For spreads the clients over addresses.
    TRUST_PROXY: "127.0.0.1",
    ...opts.env,
  });
  const { prisma, statements } = createCountingPrisma(databaseUrl, opts.poolSize ?? 10);
  const bus = createEventBus(undefined);
  const jobs = startJobRunner({ config, prisma });
  try {
    const oidc = await createEmbeddedOidc({ config, prisma });
    const verifyAccessToken = createAccessTokenVerifier({ issuer: oidc.issuer, audience: config.oidc.audience, jwks: () => oidc.jwks() });
    const app = await buildServer({ config, prisma, bus, jobs, verifyAccessToken, oidc });
    await app.listen({ port, host: "127.0.0.1" });
    return {
      baseUrl: config.publicUrl,
      prisma,
      config,
      jobs,
      statements,
      close: async () => {
        await app.close();
        await jobs.close();
        await bus.close();
        await prisma.$disconnect();
      },
    };
  } catch (error) {
    await jobs.close().catch(() => {});
    await bus.close().catch(() => {});
    await prisma.$disconnect().catch(() => {});
    throw error;
  }
}

/** A bare fastify app: `GET /constant` → `{ ok: true }`. */
export async function startBareServer(): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get("/constant", async () => ({ ok: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
