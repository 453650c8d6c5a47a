// All configuration is read and validated here, once. Every other module takes a `Config`.
import { z } from "zod";
import path from "node:path";
import { isIP } from "node:net";

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ""));
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`);

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: urlWithProtocols(["http", "https"]).optional(),
  DATABASE_URL: urlWithProtocols(["postgres", "postgresql"]).optional(),
  REDIS_URL: urlWithProtocols(["redis", "rediss"]).optional(),
  DATA_DIR: z.string().default(".data"),
  SMTP_URL: urlWithProtocols(["smtp", "smtps"]).optional(),
  MAIL_FROM: z.string().default("Feedback platform <no-reply@localhost>"),
  OIDC_ISSUER: urlWithProtocols(["http", "https"]).optional(),
  OIDC_CLIENT_ID: z.string().default("feedback-web"),
  OIDC_AUDIENCE: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SEED_DEMO: booleanFlag.default(true),
  DEMO_RESPONSES: z.coerce.number().int().min(0).max(5_000_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(12),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(50_000),
  SERVE_WEB: booleanFlag.default(true),
  RUN_WORKERS: booleanFlag.default(true),
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  TRUST_PROXY: z.string().default("false").transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (parsed === undefined) {
      ctx.addIssue({
        code: "custom",
        message: "must be false, true, a number of proxy hops, or comma-separated addresses/CIDRs (or loopback, linklocal, uniquelocal)",
      });
      return z.NEVER;
    }
    return parsed;
  }),
});

const proxyRangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: which proxies may tell us the client's address (X-Forwarded-For) and the protocol
 * and host. false (the default): none, the connection's own address counts. A number: that many
 * hops nearest to us. Addresses and CIDRs (comma-separated): only those. true trusts every hop,
 * so any client could choose its own address: only behind a proxy that overwrites the header.
 */
export function parseTrustProxy(raw: string): boolean | number | string | undefined {
  const value = raw.trim();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
  const valid = entries.every((entry) => {
    if (proxyRangeNames.has(entry)) return true;
    const [address, bits, ...rest] = entry.split("/");
    if (rest.length || !address) return false;
    const family = isIP(address);
    if (!family) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length ? entries.join(",") : undefined;
}

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** The address people and the identity provider reach us at, without a trailing slash. */
  publicUrl: string;
  /** Embedded mode: no DATABASE_URL, so PGlite under dataDir serves the database. */
  embedded: boolean;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc: {
    /** undefined: the embedded provider at /oidc is the issuer. */
    externalIssuer: string | undefined;
    clientId: string;
    audience: string;
  };
  sessionSecret: string | undefined;
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined };
  seedDemo: boolean;
  demoResponses: number;
  logLevel: string;
  graphql: { maxDepth: number; maxCost: number };
  serveWeb: boolean;
  /** Run the job workers in this api process; false leaves the jobs to `npm run worker` (needs REDIS_URL). */
  runWorkers: boolean;
  /** The Chromium that prints results PDFs (docs/sharing-and-exports.md); PDF exports fail clearly without it. */
  chromiumPath: string;
  /** Which proxies' X-Forwarded-* headers are believed (fastify's trustProxy); false: none. */
  trustProxy: boolean | number | string;
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
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL) problems.push("PUBLIC_URL: required when NODE_ENV=production");
  if (!e.RUN_WORKERS && !e.REDIS_URL) problems.push("RUN_WORKERS: false needs REDIS_URL (separate workers read the jobs from Redis)");
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    embedded: !e.DATABASE_URL,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc: {
      externalIssuer: e.OIDC_ISSUER?.replace(/\/+$/, ""),
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    },
    sessionSecret: e.SESSION_SECRET,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    seedDemo: e.SEED_DEMO,
    demoResponses: e.DEMO_RESPONSES,
    logLevel: e.LOG_LEVEL,
    graphql: { maxDepth: e.GRAPHQL_MAX_DEPTH, maxCost: e.GRAPHQL_MAX_COST },
    serveWeb: e.SERVE_WEB,
    runWorkers: e.RUN_WORKERS,
    chromiumPath: e.CHROMIUM_PATH,
    trustProxy: e.TRUST_PROXY,
  };
}

/** The variables loadConfig reads, with a line each, for the README and `--help`. */
export const configurationReference = Object.keys(environmentSchema.shape);
