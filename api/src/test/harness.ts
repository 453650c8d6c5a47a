// A real server for integration tests: the real PostgreSQL database of this run, the embedded
// OpenID provider, Redis pub/sub when it answers, listening on a free loopback port.
import { freePort } from "./support.js";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../config.js";
import { createCountingPrisma } from "./counting-prisma.js";
import { createEventBus, type EventBus } from "../pubsub/bus.js";
import { startJobRunner } from "../jobs/start.js";
import type { JobRunner, RetryPolicy } from "../jobs/runner.js";
import { randomBytes } from "node:crypto";
import { buildServer, type ServerDeps } from "../server.js";
import { startAccessCache } from "../auth/access-cache.js";
import { createEmbeddedOidc } from "../oidc/provider.js";
import { LoginThrottle } from "../oidc/throttle.js";
import { createLimiterStore, type LimiterStore } from "../limits/store.js";
import { createAccessTokenVerifier } from "../auth/access-tokens.js";
import type { PrismaClient } from "../generated/prisma/client.js";

import { databaseUrl, redisUrl, skipWithout } from "./services.js";

export { databaseUrl, redisUrl };
const sharedDatabaseUrl = databaseUrl;
/**
 * Integration tests use `describe.skipIf(noDatabase)`: without PostgreSQL the file is skipped with a
 * warning naming it (services.ts); global-setup fails under CI=true instead.
 */
export const noDatabase = skipWithout("PostgreSQL");

export type TestApp = {
  app: FastifyInstance;
  prisma: PrismaClient;
  bus: EventBus;
  jobs: JobRunner;
  config: Config;
  /** The rate-limit counters: in Redis (a key prefix of this app's own) when Redis answers. */
  limits: LimiterStore;
  baseUrl: string;
  /** The SQL statements the server's Prisma client has sent so far (its pool's count). */
  statements(): number;
  close(): Promise<void>;
};

export async function startTestApp(
  opts: {
    extraRoutes?: ServerDeps["extraRoutes"];
    env?: Record<string, string>;
    retry?: RetryPolicy;
    webRoot?: string;
    /** a database of the test's own (createScratchDatabase) instead of the run's shared one */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const databaseUrl = opts.databaseUrl ?? sharedDatabaseUrl;
  if (!databaseUrl) throw new Error("no test database");
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    LOG_LEVEL: "silent",
    SERVE_WEB: "false",
    ...opts.env,
  });
  const { prisma, statements } = createCountingPrisma(databaseUrl, 5);
  const bus = createEventBus(config.redisUrl);
  // A queue of its own (key prefix) per test app, so test files sharing Redis never run each other's jobs.
  const jobs = startJobRunner({ config, prisma, bus, prefix: `test-${randomBytes(6).toString("hex")}`, removeOnClose: true, retry: opts.retry });
  // Rate limits under a prefix of this app's own, so test files and runs sharing Redis never count together.
  const limits = await createLimiterStore({ redisUrl: config.redisUrl, prefix: `test-limits-${randomBytes(6).toString("hex")}` });
  const oidc = await createEmbeddedOidc({ config, prisma, throttle: new LoginThrottle(limits) });
  const verifyAccessToken = createAccessTokenVerifier({ issuer: oidc.issuer, audience: config.oidc.audience, jwks: () => oidc.jwks() });
  // The access cache as in production (auth/access-cache.ts), so every test runs through it.
  const accessCache = config.accessCacheTtlMs > 0 ? await startAccessCache(databaseUrl, { ttlMs: config.accessCacheTtlMs }) : undefined;
  const app = await buildServer({
    // The test files share one database: none builds another's bit strings behind its back.
    buildResponseBits: false,
    config,
    prisma,
    bus,
    jobs,
    verifyAccessToken,
    oidc,
    extraRoutes: opts.extraRoutes,
    webRoot: opts.webRoot,
    limits,
    ...(accessCache ? { accessCache } : {}),
  });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    prisma,
    bus,
    jobs,
    config,
    limits,
    baseUrl: config.publicUrl,
    statements,
    close: async () => {
      await app.close();
      await accessCache?.close();
      await jobs.close();
      await bus.close();
      await limits.close();
      await prisma.$disconnect();
    },
  };
}
