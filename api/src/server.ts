// Builds the HTTP server: web client, /graphql (HTTP, SSE, graphql-ws), /api/v5, /oidc, /healthz.
// It never listens: main.ts starts it, tests call `app.inject()` or listen on port 0.
import Fastify, { type FastifyInstance } from "fastify";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import fastifyMultipart from "@fastify/multipart";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PrismaClient } from "./generated/prisma/client.js";
import type { Config } from "./config.js";
import type { EventBus } from "./pubsub/bus.js";
import type { JobRunner } from "./jobs/runner.js";
import type { DomainContext } from "./domain/context.js";
import { createAuthenticator, type AccessTokenVerifier } from "./auth/authenticate.js";
import type { AccessCache } from "./auth/access-cache.js";
import { createGraphQL } from "./graphql/yoga.js";
import { mountGraphQL } from "./graphql/mount.js";
import { createAnalyticsLimits } from "./limits/analytics.js";
import { attachGraphQLWebSocket } from "./graphql/ws.js";
import { errorReply, openApiDocument, registerRoutes, type RouteDefinition } from "./rest/v5/route.js";
import { v5Routes } from "./rest/v5/index.js";
import { registerStripeWebhook } from "./rest/stripe-webhook.js";
import { logoMaxBytes } from "./domain/organization/logo.js";
import { registerWidgetRoutes } from "./rest/public/widget.js";
import { registerTrackingRoutes } from "./rest/public/tracking.js";
import { publicPrefix, registerPublicRoutes } from "./rest/public/index.js";
import { registerTextGuard } from "./rest/text-guard.js";
import { memoryLimiterStore, type LimiterStore } from "./limits/store.js";
import { outboxAvailable } from "./domain/mail/outbox.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerOps } from "./observability/ops.js";
import { newRequestMemo } from "./domain/request-memo.js";
import { batchEvaluations } from "./domain/notifications/evaluation.js";
import { followsReachedAddress, publicUrlFor, type ReachedAddress } from "./http/public-address.js";

const apiPrefix = "/api/v5";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const defaultWebRoot = path.join(repoRoot, "dist/web");

export type ServerDeps = {
  config: Config;
  prisma: PrismaClient;
  bus: EventBus;
  jobs: JobRunner;
  verifyAccessToken: AccessTokenVerifier | undefined;
  /** The embedded identity provider, mounted at /oidc when present. */
  oidc?: { issuer: string; mount(app: FastifyInstance): Promise<void> };
  /** Extra REST routes (tests use this to exercise the router's rules). */
  extraRoutes?: readonly RouteDefinition[];
  webRoot?: string;
  /** Where rate limits count (limits/store.ts): Redis with REDIS_URL; this process's memory when absent. */
  limits?: LimiterStore;
  /** The callers' access data kept in memory (auth/access-cache.ts); without it every request reads it. */
  accessCache?: AccessCache;
  /**
   * Build the response bit strings of organisations not built yet, in the background (on by default;
   * the tests' servers share one database and build what they test themselves).
   */
  buildResponseBits?: boolean;
};

/**
 * TRUST_PROXY as fastify takes it. A hop count becomes "the n hops nearest to us" (fastify itself
 * now treats a bare number as "trust nothing"): the server must then be reachable only through them.
 */
function fastifyTrustProxy(trust: Config["trustProxy"]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/** A file the build names by its content hash (dist/web/assets/name-HASH.ext). */
export function isHashedAsset(relativePath: string): boolean {
  return /^assets\/.+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+(\.(br|gz))?$/.test(relativePath.split(path.sep).join("/"));
}

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, prisma, bus, jobs } = deps;
  const limits = deps.limits ?? memoryLimiterStore();
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // X-Forwarded-* only from the configured proxies (TRUST_PROXY; none by default), so a client cannot choose its own address.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Open keep-alive and event-stream connections must not hold up a shutdown.
    forceCloseConnections: true,
    bodyLimit: 1_048_576,
  });

  // CSP, framing, nosniff, Referrer-Policy, HSTS… per surface; first, so every route below gets them.
  await registerSecurityHeaders(app, config);

  // Every text response compressed (brotli, then gzip) above 1 KB; event streams are left alone by the
  // plugin's own rule, and the web client's assets are sent precompressed (web/src/build/precompress.ts).
  // Request bodies are not decompressed: nothing we accept is sent compressed, and it would open a
  // decompression-bomb door on the public ingestion routes.
  await app.register(fastifyCompress, { global: true, globalDecompression: false, encodings: ["br", "gzip"], threshold: 1024 });

  const { accessCache } = deps;
  const authenticate = createAuthenticator({
    prisma,
    verifyAccessToken: deps.verifyAccessToken,
    ...(accessCache ? { cache: accessCache } : {}),
    ...(deps.oidc ? { ownIssuer: deps.oidc.issuer } : {}),
  });
  // One per request (GraphQL and REST): shareLinks keeps the links the request's tokens opened, memo
  // what the request has already read (domain/request-memo.ts).
  // In development a request's links follow the address it came to (http/public-address.ts).
  const context = (viewer: DomainContext["viewer"], reached?: ReachedAddress): DomainContext => ({
    prisma,
    bus,
    jobs,
    config: reached && followsReachedAddress(config) ? { ...config, publicUrl: publicUrlFor(config, reached) } : config,
    viewer,
    limits,
    shareLinks: new Map(),
    memo: newRequestMemo(),
    ...(accessCache && viewer ? { accessData: accessCache.dataFor(viewer) } : {}),
  });

  // NUL and unpaired surrogates: 400 before any handler (respondents' text is cleaned); /graphql checks its own.
  registerTextGuard(app, { skip: (url) => url.startsWith("/graphql") });

  // /livez, /healthz (readiness) and /metrics, and the request metrics hook (before every route).
  registerOps(app, { config, prisma, jobs });

  app.get("/client-config.json", async (request) => ({
    // In development the embedded provider answers at whatever address the server is reached.
    oidcAuthority: config.oidc.externalIssuer ?? (deps.oidc ? `${publicUrlFor(config, request)}/oidc` : `${config.publicUrl}/oidc`),
    oidcClientId: config.oidc.clientId,
    publicUrl: publicUrlFor(config, request),
    ...(config.knowledgeBaseUrl ? { knowledgeBaseUrl: config.knowledgeBaseUrl } : {}),
    // The web's forgot-password page says where the mail went (the outbox is for system admins).
    mailOutbox: outboxAvailable(config),
  }));

  // GraphQL over HTTP and SSE.
  const analyticsLimits = createAnalyticsLimits(config);
  const yoga = createGraphQL({ config, authenticate, context, analyticsLimits });
  mountGraphQL(app, yoga);
  // GraphQL over WebSocket on the same path.
  const ws = attachGraphQLWebSocket(app.server, yoga);
  app.addHook("onClose", async () => ws.close());
  app.addHook("onClose", async () => yoga.dispose());
  app.addHook("onClose", async () => analyticsLimits.close());

  // The REST facade.
  const routes = [...v5Routes, ...(deps.extraRoutes ?? [])];
  await app.register(
    async (api) => {
      api.setErrorHandler((error, _request, reply) => {
        const { status, body } = errorReply(error);
        return reply.status(status).send(body);
      });
      // Uploads (the organisation logo): one file; a larger one is cut at the limit and marked truncated,
      // so the domain answers its own "too large" message.
      await api.register(fastifyMultipart, {
        throwFileSizeLimit: false,
        limits: { fileSize: logoMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
      });
      // RFC 8058 one-click unsubscribe: mailbox providers POST the form body List-Unsubscribe=One-Click.
      api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      registerRoutes(api, routes, { prefix: "", authenticate, context, analyticsLimits });
      api.get("/openapi.json", async () =>
        openApiDocument(routes, { title: "Feedback platform REST API", version: "5", serverUrl: `${config.publicUrl}${apiPrefix}` }),
      );
      api.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `No such call: ${request.method} ${request.url.split("?")[0]}` }));
    },
    { prefix: apiPrefix },
  );

  // The payment provider's webhooks, on the raw body.
  await registerStripeWebhook(app, { prisma, config });

  // The website widget: /widget.js and GET /r/{touchpointId}/widget-settings (public, CORS).
  await registerWidgetRoutes(app, { prisma });
  // Campaign messages' open pixel and click redirect: /r/m/{token}/open.gif, /r/m/{token} (public).
  await registerTrackingRoutes(app, { prisma, publicUrl: config.publicUrl });
  // Responses to evaluate against notification rules, queued together every few milliseconds
  // (domain/notifications/evaluation.ts); one left unqueued by a stop is queued by the sweeper.
  const evaluationQueue = batchEvaluations((payload) =>
    jobs.enqueue("notification.evaluate", payload).catch((error: unknown) => app.log.warn({ err: error }, "could not queue a notification evaluation")),
  );
  app.addHook("onClose", async () => evaluationQueue.flush());
  // The respondent runtime: /r/{touchpointId}/survey, /responses, /ping (public, rate-limited).
  await app.register(
    async (r) =>
      void (await registerPublicRoutes(r, {
        prisma,
        bus,
        authenticate,
        context,
        publicUrl: config.publicUrl,
        options: {
          limiterStore: limits,
          // Notification rules are evaluated off the request's path (domain/notifications/evaluation.ts);
          // a job not queued here is queued again by the sweeper from its pending row.
          onNotificationPending: evaluationQueue.add,
          buildResponseBits: deps.buildResponseBits ?? true,
        },
      })),
    { prefix: publicPrefix },
  );

  if (deps.oidc) await deps.oidc.mount(app);

  // The web client: static files, and index.html for every other GET (history-mode routing).
  const webRoot = deps.webRoot ?? defaultWebRoot;
  if (config.serveWeb && existsSync(path.join(webRoot, "index.html"))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // foo.js.br / foo.js.gz written by the build, chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      // Hashed assets never change under their name: cached for a year. Anything else is revalidated.
      setHeaders: (reply, filePath) =>
        void reply.header("cache-control", isHashedAsset(path.relative(webRoot, filePath)) ? "public, max-age=31536000, immutable" : "no-cache"),
      // Source maps stay private unless SERVE_SOURCE_MAPS=true (they hold the whole source).
      allowedPath: (pathname) => config.serveSourceMaps || !pathname.endsWith(".map"),
    });
    // The respondent pages (web/respond.html): /s/{touchpointId} for links and QR codes, /t/{touchpointId} for terminals.
    for (const page of ["/s/:touchpointId", "/t/:touchpointId"]) {
      app.get(page, (_request, reply) => reply.header("cache-control", "no-cache").sendFile("respond.html", { cacheControl: false }));
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split("?")[0] ?? "";
      const isPage =
        (request.method === "GET" || request.method === "HEAD") &&
        !pathname.startsWith("/graphql") &&
        !pathname.startsWith("/oidc") &&
        // A missing file (an old asset after a deploy) is a 404, not the app's HTML.
        !/\.[a-z0-9]+$/i.test(pathname);
      if (!isPage) return reply.status(404).send({ error: "Not found" });
      // The HTML names the current hashed assets: never cached, so a deploy is seen at once.
      return reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
    });
  }

  return app;
}
