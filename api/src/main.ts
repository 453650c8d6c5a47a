// Starts the platform: configuration, database (embedded PGlite when no DATABASE_URL), migrations,
// demo data on first start, identity provider, HTTP server. `npm start` runs this after the
// generators and the web build (scripts/start.mjs).
import path from "node:path";
import { loadConfig, ConfigError, type Config } from "./config.js";
import { createPrisma } from "./db/client.js";
import { startEmbeddedDatabase } from "./db/embedded.js";
import { startStatisticsKeeper } from "./db/statistics.js";
import { deployMigrations } from "./db/migrations.js";
import { createEventBus } from "./pubsub/bus.js";
import { startJobRunner } from "./jobs/start.js";
import { recountResponseCounters } from "./domain/respondent/counters.js";
import { buildServer } from "./server.js";
import { startAccessCache } from "./auth/access-cache.js";
import { createEmbeddedOidc } from "./oidc/provider.js";
import { LoginThrottle } from "./oidc/throttle.js";
import { createLimiterStore } from "./limits/store.js";
import { createAccessTokenVerifier, discoverExternalIssuer } from "./auth/access-tokens.js";
import { demoSignIn, seedDemoOrganization } from "./seed/demo.js";
import { logger } from "./log.js";
import { withUnsubscribeSecret } from "./domain/campaigns/unsubscribe/secret.js";
import { runLaunchScheduler } from "./domain/campaigns/launch/firing.js";

export async function start(config: Config) {
  const startLog = logger(config, "start");
  const log = (message: string) => startLog.info(message);
  let databaseUrl = config.databaseUrl;
  let embedded: Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined;
  if (!databaseUrl) {
    log(`no DATABASE_URL: embedded PostgreSQL (PGlite) in ${path.relative(process.cwd(), config.dataDir) || "."}`);
    embedded = await startEmbeddedDatabase(config.dataDir);
    databaseUrl = embedded.url;
  }
  const applied = await deployMigrations(databaseUrl, { log });
  log(applied.length ? `applied ${applied.length} migration(s)` : "database schema is up to date");

  // Embedded: one connection. pglite-socket feeds every connection's protocol messages to PGlite's
  // one session in arrival order (only an open transaction keeps them apart), so two connections'
  // unnamed Parse/Bind/Execute interleaved and a query could run another's statement (seen: a
  // results series answered with another query's rows). No statements prepared by name either.
  const prisma = createPrisma(databaseUrl, { max: embedded ? 1 : 10, namedStatements: !embedded });
  // Without UNSUBSCRIBE_SECRET: the key generated once and kept in the database signs unsubscribe links.
  config = await withUnsubscribeSecret(config, prisma);
  if (config.seedDemo) {
    await seedDemoOrganization(prisma, { responses: config.demoResponses, responsesUntil: config.demoResponsesUntil, log });
  }
  // Planner statistics where autovacuum does not run (PGlite; a server with it off): db/statistics.ts.
  const stopStatistics = await startStatisticsKeeper(prisma, {
    embedded: !!embedded,
    log,
    onError: (error) => log(`statistics: ${String(error)}`),
  });
  // Cached response counters lost by a crash (at most one flush interval's) are recounted from the responses.
  const mended = await recountResponseCounters(prisma);
  if (mended.touchpoints + mended.surveys > 0) log(`response counters recounted: ${mended.touchpoints} touchpoints, ${mended.surveys} surveys`);
  const bus = createEventBus(config.redisUrl);
  const jobs = startJobRunner({ config, prisma, bus });
  log(
    `jobs: ${jobs.mode === "redis" ? `BullMQ on Redis${config.runWorkers ? ", workers in this process" : ", run by `npm run worker`"}` : "in process"}; mail: ${config.smtpUrl ? "SMTP" : "outbox at /outbox"}`,
  );
  // Scheduled and recurring launches fire where jobs run (any number of processes: each firing once).
  const stopLaunches = jobs.mode === "in-process" || config.runWorkers ? runLaunchScheduler({ prisma, jobs, log: logger(config, "launches") }) : undefined;
  // Rate limits and the sign-in throttle: in Redis with REDIS_URL, so every api process counts against one limit.
  const limits = await createLimiterStore({ redisUrl: config.redisUrl, onError: (error) => log(`rate limits: Redis: ${String(error)}`) });
  const oidc = config.oidc.externalIssuer ? undefined : await createEmbeddedOidc({ config, prisma, throttle: new LoginThrottle(limits) });
  const verifyAccessToken = oidc
    ? createAccessTokenVerifier({ issuer: oidc.issuer, audience: config.oidc.audience, jwks: () => oidc.jwks() })
    : createAccessTokenVerifier({
        issuer: config.oidc.externalIssuer!,
        audience: config.oidc.audience,
        ...(await discoverExternalIssuer(config.oidc.externalIssuer!)),
      });
  // Callers' access data in memory, dropped on any change PostgreSQL tells of (not embedded: PGlite's
  // one session cannot listen beside the app's queries; one process there needs no messages anyway,
  // but the cache's few seconds would be all it had).
  const accessCache =
    !embedded && config.accessCacheTtlMs > 0
      ? await startAccessCache(databaseUrl, { ttlMs: config.accessCacheTtlMs, onError: (error) => log(`access cache: listening failed: ${String(error)}`) })
      : undefined;
  const app = await buildServer({ config, prisma, bus, jobs, verifyAccessToken, oidc, limits, ...(accessCache ? { accessCache } : {}) });
  await app.listen({ port: config.port, host: config.host });

  log(`Feedback platform is ready at ${config.publicUrl}`);
  if (config.seedDemo) log(`Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}`);
  log(`GraphQL ${config.publicUrl}/graphql · REST ${config.publicUrl}/api/v5 (OpenAPI: /api/v5/openapi.json)`);
  // A person at a terminal also gets the three lines in plain words (the log lines above are JSON).
  if (process.stdout.isTTY) {
    const banner = [
      `  Feedback platform is ready at ${config.publicUrl}`,
      ...(config.seedDemo ? [`  Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}`] : []),
      `  GraphQL ${config.publicUrl}/graphql · REST ${config.publicUrl}/api/v5`,
    ];
    process.stdout.write(`\n${banner.join("\n")}\n\n`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log("stopping");
    await app.close();
    await stopStatistics();
    await accessCache?.close();
    await stopLaunches?.();
    await jobs.close();
    await bus.close();
    await limits.close();
    await prisma.$disconnect();
    await embedded?.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return app;
}

try {
  await start(loadConfig());
} catch (error) {
  // The configuration may be what failed: this logger does not depend on it.
  const log = logger({ logLevel: "info" }, "start", { stderr: true });
  if (error instanceof ConfigError) {
    log.fatal(error.message);
    process.exit(2);
  }
  log.fatal({ err: error }, "the platform did not start");
  process.exit(1);
}
