// Operations endpoints (docs/operations.md): /livez (the process answers), /healthz (ready: the
// database, and Redis when REDIS_URL is set, answer) and /metrics (Prometheus text format: request
// rates and latencies by route and status, job queue depths, the roll-up backlog, process figures).
//
// /metrics carries no tenant data: routes are label patterns (`/api/v5/surveys/:surveyId`, never an
// id), and the other series are process-wide counts. Still, it is for operators only: readable from
// loopback (the TCP peer's address, not X-Forwarded-For), or from anywhere with
// `Authorization: Bearer $METRICS_TOKEN` when METRICS_TOKEN is set (then only with it).
import { timingSafeEqual, createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import type { JobRunner } from "../jobs/runner.js";

export type OpsDeps = {
  config: Pick<Config, "redisUrl" | "metricsToken">;
  prisma: PrismaClient;
  jobs: JobRunner;
  /** How long a readiness check may take before it counts as failed. */
  checkTimeoutMs?: number;
};

type CheckResult = "ok" | "not configured" | "unreachable";

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** May this request read /metrics? */
function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    return timingSafeEqual(digest(given), digest(token));
  }
  // The socket's peer: request.ip would follow X-Forwarded-For, which a client can set.
  return loopback.has(request.socket.remoteAddress ?? "");
}

export function registerOps(app: FastifyInstance, deps: OpsDeps): void {
  const { config, prisma, jobs } = deps;
  const timeoutMs = deps.checkTimeoutMs ?? 2_000;

  // Readiness probes use a connection of their own: without an offline queue a command on a broken
  // connection fails at once instead of waiting for a reconnect.
  let redis: Redis | undefined;
  const redisClient = () => {
    if (!redis) {
      redis = new Redis(config.redisUrl!, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: timeoutMs });
      redis.on("error", () => {});
    }
    return redis;
  };
  app.addHook("onClose", async () => {
    redis?.disconnect();
  });

  const checkDatabase = async (): Promise<CheckResult> => {
    try {
      await withTimeout(prisma.$queryRawUnsafe("SELECT 1"), timeoutMs, "the database");
      return "ok";
    } catch (error) {
      app.log.warn({ err: error }, "readiness: the database is unreachable");
      return "unreachable";
    }
  };
  const checkRedis = async (): Promise<CheckResult> => {
    if (!config.redisUrl) return "not configured";
    const client = redisClient();
    try {
      if (client.status === "wait" || client.status === "end") await withTimeout(client.connect(), timeoutMs, "Redis");
      await withTimeout(client.ping(), timeoutMs, "Redis");
      return "ok";
    } catch (error) {
      app.log.warn({ err: error }, "readiness: Redis is unreachable");
      return "unreachable";
    }
  };

  app.get("/livez", async () => ({ status: "ok" }));

  app.get("/healthz", async (_request, reply) => {
    const [database, redisCheck] = await Promise.all([checkDatabase(), checkRedis()]);
    const checks = { database, redis: redisCheck };
    const ready = database === "ok" && redisCheck !== "unreachable";
    reply.header("cache-control", "no-store");
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ok" : "unavailable", checks });
  });

  // One registry per server (tests build many servers in one process).
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status; _count gives request rates",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: "jobs_queue_depth",
    help: "Jobs by state: BullMQ's counts with REDIS_URL, the in-process runner's otherwise",
    labelNames: ["mode", "state"] as const,
    registers: [registry],
    async collect() {
      const counts = await jobs.counts?.().catch((error: unknown) => {
        app.log.warn({ err: error }, "metrics: the job counts could not be read");
        return undefined;
      });
      this.reset();
      if (!counts) return;
      for (const [state, value] of Object.entries(counts)) this.set({ mode: jobs.mode, state }, value);
    },
  });
  new Gauge({
    name: "rollup_pending_responses",
    help: "Stored responses not yet added to the analytics roll-ups (the roll-up applier's backlog)",
    registers: [registry],
    async collect() {
      try {
        const [row] = await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "RollupPending"`);
        this.set(row?.n ?? 0);
      } catch (error) {
        app.log.warn({ err: error }, "metrics: the roll-up backlog could not be read");
      }
    },
  });

  // Synchronous (callback style): no promise per answer.
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    // The route's pattern, never the raw URL (ids would make a series per survey and reveal them).
    // The web client's static files are routes of their own, one per hashed file: one series for all.
    const pattern = request.routeOptions.url ?? "unmatched";
    const route = pattern.startsWith("/assets/") ? "/assets/*" : pattern;
    try {
      requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  app.get("/metrics", async (request, reply) => {
    if (!metricsAllowed(request, config.metricsToken)) {
      return reply.status(403).send({ error: "Metrics are readable from this machine (loopback) or with the METRICS_TOKEN bearer" });
    }
    const body = await registry.metrics();
    return reply.header("content-type", registry.contentType).header("cache-control", "no-store").send(body);
  });
}
