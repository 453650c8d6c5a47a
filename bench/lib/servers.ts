// The servers the load runs hit: the real API server (assembled like main.ts and the test harness:
// embedded OpenID provider, access-token verifier, in-process event bus) and a bare fastify app
// answering a constant, the baseline that shows what our layers cost.
import { freePort } from "../../api/src/test/support.js";
import Fastify from "fastify";
import { loadConfig, type Config } from "../../api/src/config.js";
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";
import { createCountingPrisma } from "../../api/src/test/counting-prisma.js";
import { createEventBus } from "../../api/src/pubsub/bus.js";
import { startJobRunner } from "../../api/src/jobs/start.js";
import type { JobRunner } from "../../api/src/jobs/runner.js";
import { buildServer } from "../../api/src/server.js";
import { createEmbeddedOidc } from "../../api/src/oidc/provider.js";
import { createAccessTokenVerifier } from "../../api/src/auth/access-tokens.js";
import { createSchema, createYoga } from "graphql-yoga";
import { type FastifyServerContext, mountGraphQL } from "../../api/src/graphql/mount.js";
import { startAccessCache, type AccessCache } from "../../api/src/auth/access-cache.js";

export type RunningServer = { baseUrl: string; close(): Promise<void> };

/** The real server on 127.0.0.1, production settings, logging off, no web client unless `serveWeb` (dist/web). */
export async function startApiServer(
  databaseUrl: string,
  opts: {
    poolSize?: number;
    serveWeb?: boolean;
    env?: Record<string, string>;
    /** The database is the embedded PGlite (as main.ts without DATABASE_URL: one connection, no named statements, no second pool). */
    embedded?: boolean;
  } = {},
): Promise<RunningServer & { prisma: PrismaClient; config: Config; jobs: JobRunner; statements(): number }> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(opts.embedded ? {} : { DATABASE_URL: databaseUrl }),
    LOG_LEVEL: "silent",
    SERVE_WEB: opts.serveWeb ? "true" : "false",
    SEED_DEMO: "false",
    // The load generator plays the proxy in front: its X-Forwarded-For spreads the clients over addresses.
    TRUST_PROXY: "127.0.0.1",
    ...opts.env,
  });
  const { prisma, statements } = opts.embedded
    ? createCountingPrisma(databaseUrl, 1, { namedStatements: false })
    : createCountingPrisma(databaseUrl, opts.poolSize ?? 10);
  const bus = createEventBus(undefined);
  const jobs = startJobRunner({ config, prisma });
  let accessCache: AccessCache | undefined;
  try {
    const oidc = await createEmbeddedOidc({ config, prisma });
    const verifyAccessToken = createAccessTokenVerifier({ issuer: oidc.issuer, audience: config.oidc.audience, jwks: () => oidc.jwks() });
    // The callers' access data in memory, as main.ts keeps it (auth/access-cache.ts).
    accessCache = !opts.embedded && config.accessCacheTtlMs > 0 ? await startAccessCache(databaseUrl, { ttlMs: config.accessCacheTtlMs }) : undefined;
    const app = await buildServer({ config, prisma, bus, jobs, verifyAccessToken, oidc, ...(accessCache ? { accessCache } : {}) });
    await app.listen({ port, host: "127.0.0.1" });
    return {
      baseUrl: config.publicUrl,
      prisma,
      config,
      jobs,
      statements,
      close: async () => {
        await app.close();
        await accessCache?.close();
        await jobs.close();
        await bus.close();
        await prisma.$disconnect();
      },
    };
  } catch (error) {
    await accessCache?.close().catch(() => {});
    await jobs.close().catch(() => {});
    await bus.close().catch(() => {});
    await prisma.$disconnect().catch(() => {});
    throw error;
  }
}

/**
 * A bare fastify app: `GET /constant` → `{ ok: true }`; with `json`, `GET /json` answers that value
 * (the same JSON a real route answers, held in memory).
 */
export async function startBareServer(opts: { json?: unknown } = {}): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get("/constant", async () => ({ ok: true }));
  if (opts.json !== undefined) {
    const json = opts.json;
    app.get("/json", async () => json);
  }
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * The GraphQL engine's own ceiling: a bare graphql-yoga (the version we use) mounted on fastify by
 * the same mountGraphQL as api/src/server.ts mounts ours, answering a viewer query from memory (no authentication, no
 * database, no plugins). `typeDefs` must describe the query's fields; `viewer` is the answer's
 * `data.viewer`, served by yoga's default resolvers.
 */
export async function startBareYogaServer(typeDefs: string, viewer: unknown): Promise<RunningServer> {
  const yoga = createYoga<FastifyServerContext>({
    schema: createSchema({ typeDefs, resolvers: { Query: { viewer: () => viewer } } }),
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    logging: false,
  });
  const app = Fastify({ logger: false });
  mountGraphQL(app, yoga);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
