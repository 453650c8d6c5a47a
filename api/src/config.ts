// All configuration is read and validated here, once. Every other module takes a `Config`.
import { z } from "zod";
import { isIP } from "node:net";
import { randomBytes } from "node:crypto";
import path from "node:path";

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ""));
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    );

const booleanFlag = z.enum(["true", "false", "1", "0", "yes", "no", ""]).transform((v) => v === "true" || v === "1" || v === "yes");

/** proxy-addr's names for address ranges, which fastify's trustProxy also accepts. */
const namedProxyRanges = ["loopback", "linklocal", "uniquelocal"];

function isAddressOrRange(entry: string): boolean {
  if (namedProxyRanges.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies in front of us may tell the client's address and protocol
 * (X-Forwarded-For / -Proto / -Host, Forwarded). `false` (default): none, the peer is the client;
 * `true`: every hop; a number: that many hops; otherwise comma-separated addresses or CIDR ranges
 * (or proxy-addr's names loopback, linklocal, uniquelocal). The value is what fastify's
 * `trustProxy` option accepts.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (["false", "no", "off", "0"].includes(lower)) return false;
    if (["true", "yes", "on"].includes(lower)) return true;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops > 32) ctx.addIssue({ code: "custom", message: "a hop count must be at most 32" });
      return hops;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be true, false, a number of hops, or comma-separated IP addresses or CIDR ranges${bad.length ? ` (not understood: ${bad.join(", ")})` : ""}`,
      });
      return false;
    }
    return entries;
  });

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  TRUST_PROXY: trustProxySchema.default(false),
  PUBLIC_URL: urlWithProtocols(["http", "https"]).optional(),
  DATABASE_URL: urlWithProtocols(["postgres", "postgresql"]).optional(),
  DATABASE_REPLICA_URL: urlWithProtocols(["postgres", "postgresql"]).optional(),
  REDIS_URL: urlWithProtocols(["redis", "rediss"]).optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,30}$/, "lower-case letters, digits, - and _, starting with a letter")
    .default("fbk"),
  DATA_DIR: z.string().default(".data"),
  SMTP_URL: urlWithProtocols(["smtp", "smtps"]).optional(),
  MAIL_FROM: z.string().default("Feedback platform <no-reply@localhost>"),
  KNOWLEDGE_BASE_URL: urlWithProtocols(["http", "https"]).optional(),
  SMPP_URL: urlWithProtocols(["smpp", "ssmpp"]).optional(),
  SMS_SENDER: z.string().min(1).max(11).default("Feedback"),
  CAMPAIGN_SEND_RATE: z.coerce.number().min(0).default(50),
  SMS_RECEIPT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(2880),
  OIDC_ISSUER: urlWithProtocols(["http", "https"]).optional(),
  OIDC_CLIENT_ID: z.string().default("feedback-web"),
  OIDC_AUDIENCE: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_API_HOST: z.string().trim().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  SEED_DEMO: booleanFlag.default(true),
  ACCESS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DEMO_RESPONSES: z.coerce.number().int().min(0).max(5_000_000).default(10_000),
  DEMO_RESPONSES_UNTIL: z.iso
    .datetime({ offset: true })
    .transform((v) => new Date(v))
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(12),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(150_000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).max(1000).default(15),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).default(5000),
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(1).max(1000).default(20),
  GRAPHQL_MAX_EXPENSIVE_COST: z.coerce.number().int().min(25).default(100),
  GRAPHQL_CALLER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  GRAPHQL_CALLER_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  GRAPHQL_INTROSPECTION: booleanFlag.optional(),
  CORS_ORIGINS: z.string().optional(),
  ANALYTICS_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  ANALYTICS_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  SERVE_WEB: booleanFlag.default(true),
  SERVE_SOURCE_MAPS: booleanFlag.default(false),
  RUN_WORKERS: booleanFlag.default(true),
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  UNSUBSCRIBE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /**
   * TRUST_PROXY: whose forwarded headers to believe, in the form fastify's `trustProxy` takes
   * (false: nobody's; true: every hop's; n: n hops; or a list of addresses/CIDR ranges).
   */
  trustProxy: boolean | number | string[];
  /** The address people and the identity provider reach us at, without a trailing slash. */
  publicUrl: string;
  /** Embedded mode: no DATABASE_URL, so PGlite under dataDir serves the database. */
  embedded: boolean;
  databaseUrl: string | undefined;
  /**
   * A PostgreSQL streaming replica for the analytics reads (summary, results, feedback list,
   * exports' reads): their pool connects there instead of DATABASE_URL. Ignored without DATABASE_URL.
   */
  databaseReplicaUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the menu's knowledge-base link points; unset: the built-in help page (/docs/knowledge-base). */
  knowledgeBaseUrl?: string;
  /** Campaign SMS over SMPP (smpp://system_id:password@host:port); without it SMS go to the outbox. */
  smppUrl: string | undefined;
  smsSender: string;
  /** Campaign messages per second per sending run; 0: no throttle. */
  campaignSendRate: number;
  /** An SMS without a delivery receipt after this many minutes becomes UNKNOWN. */
  smsReceiptTimeoutMinutes: number;
  oidc: {
    /** undefined: the embedded provider at /oidc is the issuer. */
    externalIssuer: string | undefined;
    clientId: string;
    audience: string;
  };
  sessionSecret: string | undefined;
  /**
   * The payment provider (domain/billing). Without secretKey (embedded mode) the organisation has no
   * payment provider: all features, no lock. api: where the provider's API is reached when not at its
   * default address (a local fake in tests: STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL).
   * publishableKey: the browser's key for the provider's card form.
   */
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    publishableKey: string | undefined;
    api: { host: string; port: number | undefined; protocol: "http" | "https" } | undefined;
  };
  seedDemo: boolean;
  /**
   * How long a caller's access data may be served from memory at most (auth/access-cache.ts); every
   * change reaches every process sooner through PostgreSQL's notifications. 0: no cache.
   */
  accessCacheTtlMs: number;
  demoResponses: number;
  /** The end of the demo responses' 90-day window; undefined: the time of seeding. */
  demoResponsesUntil: Date | undefined;
  logLevel: string;
  graphql: {
    maxDepth: number;
    maxCost: number;
    /** aliases, lexical tokens and directives per document (graphql-armor) */
    maxAliases: number;
    maxTokens: number;
    maxDirectives: number;
    /** the per-operation sum of the expensive fields' weights (graphql/limits.ts expensiveFieldCosts) */
    maxExpensiveCost: number;
    /** expensive fields one caller (user, or address without a session) runs at once; more wait in line */
    callerConcurrency: number;
    /** expensive fields one caller may have waiting; beyond this they are refused (TOO_MANY_REQUESTS) */
    callerQueue: number;
    /** introspection and "did you mean" suggestions: on except in production unless GRAPHQL_INTROSPECTION says */
    introspection: boolean;
  };
  /** Origins allowed to call /graphql from a browser with credentials: PUBLIC_URL's and CORS_ORIGINS. */
  corsOrigins: string[];
  analytics: {
    /** PostgreSQL statement_timeout of the analytics reads, in ms (0: none) */
    statementTimeoutMs: number;
    /** connections of the analytics reads' own pool (not in embedded mode) */
    poolSize: number;
  };
  serveWeb: boolean;
  /** Serve the web client's source maps (*.map); off by default, they hold the whole source. */
  serveSourceMaps: boolean;
  /** Redis key prefix of the job queues: api processes and `npm run worker` of one deployment share it. */
  queuePrefix: string;
  /** Run the job workers in this api process; false leaves the jobs to `npm run worker` (needs REDIS_URL). */
  runWorkers: boolean;
  /** The Chromium that prints results PDFs (docs/sharing-and-exports.md); PDF exports fail clearly without it. */
  chromiumPath: string;
  /** The bearer token that reads /metrics from anywhere; without it only loopback may (docs/operations.md). */
  metricsToken: string | undefined;
  /**
   * The key that signs unsubscribe links (domain/campaigns/unsubscribe/token.ts). From UNSUBSCRIBE_SECRET
   * when set (every process must share it); otherwise a random key of this process, which the api and
   * worker replace at start with the one generated once and kept in the database (unsubscribe/secret.ts).
   */
  unsubscribe: { secret: string; fromEnvironment: boolean };
  /**
   * WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: notification webhooks may post to loopback and private
   * addresses (tests and closed networks only; docs/notifications.md "Webhooks"). Off by default.
   */
  webhooksAllowPrivateAddresses: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment. Throws ConfigError listing every problem at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable is treated as unset, so `FOO= npm start` does not fail on a blank URL.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push("STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  if ((e.STRIPE_API_PORT !== undefined || e.STRIPE_API_PROTOCOL) && !e.STRIPE_API_HOST)
    problems.push("STRIPE_API_HOST: required when STRIPE_API_PORT or STRIPE_API_PROTOCOL is set");
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL) problems.push("PUBLIC_URL: required when NODE_ENV=production");
  if (!e.RUN_WORKERS && !e.REDIS_URL) problems.push("RUN_WORKERS: false needs REDIS_URL (separate workers read the jobs from Redis)");
  const extraOrigins: string[] = [];
  for (const origin of (e.CORS_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean)) {
    try {
      const url = new URL(origin);
      if (!/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/+$/, "")) throw new Error();
      extraOrigins.push(url.origin);
    } catch {
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
    }
  }
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    embedded: !e.DATABASE_URL,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_URL ? e.DATABASE_REPLICA_URL : undefined,
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    knowledgeBaseUrl: e.KNOWLEDGE_BASE_URL,
    smppUrl: e.SMPP_URL,
    smsSender: e.SMS_SENDER,
    campaignSendRate: e.CAMPAIGN_SEND_RATE,
    smsReceiptTimeoutMinutes: e.SMS_RECEIPT_TIMEOUT_MINUTES,
    oidc: {
      externalIssuer: e.OIDC_ISSUER?.replace(/\/+$/, ""),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    },
    sessionSecret: e.SESSION_SECRET,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      api: e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL ?? "https" } : undefined,
    },
    seedDemo: e.SEED_DEMO,
    accessCacheTtlMs: e.ACCESS_CACHE_TTL_MS,
    demoResponses: e.DEMO_RESPONSES,
    demoResponsesUntil: e.DEMO_RESPONSES_UNTIL,
    logLevel: e.LOG_LEVEL,
    graphql: {
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxCost: e.GRAPHQL_MAX_COST,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
      maxTokens: e.GRAPHQL_MAX_TOKENS,
      maxDirectives: e.GRAPHQL_MAX_DIRECTIVES,
      maxExpensiveCost: e.GRAPHQL_MAX_EXPENSIVE_COST,
      callerConcurrency: e.GRAPHQL_CALLER_CONCURRENCY,
      callerQueue: e.GRAPHQL_CALLER_QUEUE,
      introspection: e.GRAPHQL_INTROSPECTION ?? e.NODE_ENV !== "production",
    },
    corsOrigins: [...new Set([new URL(publicUrl).origin, ...extraOrigins])],
    analytics: { statementTimeoutMs: e.ANALYTICS_STATEMENT_TIMEOUT_MS, poolSize: e.ANALYTICS_POOL_SIZE },
    serveWeb: e.SERVE_WEB,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    runWorkers: e.RUN_WORKERS,
    chromiumPath: e.CHROMIUM_PATH,
    metricsToken: e.METRICS_TOKEN,
    unsubscribe: e.UNSUBSCRIBE_SECRET
      ? { secret: e.UNSUBSCRIBE_SECRET, fromEnvironment: true }
      : { secret: randomBytes(32).toString("base64url"), fromEnvironment: false },
    webhooksAllowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
  };
}

/** The variables loadConfig reads, with a line each, for the README and `--help`. */
export const configurationReference = Object.keys(environmentSchema.shape);
