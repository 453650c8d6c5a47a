import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("runs embedded with nothing set, on port 8080", () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe("http://localhost:8080");
    expect(config.oidc.externalIssuer).toBeUndefined();
    expect(config.oidc.audience).toBe("http://localhost:8080/api");
    expect(config.seedDemo).toBe(true);
    expect(config.demoResponses).toBe(10_000);
    // Only this machine reaches a server started with nothing set; no proxy is believed.
    expect(config.host).toBe("127.0.0.1");
    expect(config.trustProxy).toBe(false);
  });

  it("uses DATABASE_URL and REDIS_URL when set, and trims trailing slashes", () => {
    const config = loadConfig({
      DATABASE_URL: "postgresql://u@db:5432/app",
      REDIS_URL: "redis://cache:6379",
      PUBLIC_URL: "https://feedback.example.com/",
      OIDC_ISSUER: "https://id.example.com/realm/",
    });
    expect(config.embedded).toBe(false);
    expect(config.redisUrl).toBe("redis://cache:6379");
    expect(config.publicUrl).toBe("https://feedback.example.com");
    expect(config.oidc.externalIssuer).toBe("https://id.example.com/realm");
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).embedded).toBe(true);
  });

  it("lists every problem at once with the variable's name", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_DEMO: "maybe" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toMatch(/^PORT:/m);
    expect(problems).toMatch(/^DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//m);
    expect(problems).toMatch(/^SEED_DEMO:/m);
  });

  it("requires the webhook secret with a Stripe key, and PUBLIC_URL in production", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL: required/);
  });

  it("TRUST_PROXY: nobody by default; true, a hop count or a list of addresses and ranges when set", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: " 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["maybe", "10.0.0.300", "10.0.0.0/33", "::1/129", "10.0.0.1,example.com", "99"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid configuration:\n {2}- TRUST_PROXY: /);
    }
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1,example.com" })).toThrow(/not understood: example\.com/);
  });

  it("turns introspection off in production unless GRAPHQL_INTROSPECTION says otherwise", () => {
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://feedback.example.com" };
    expect(loadConfig({}).graphql.introspection).toBe(true);
    expect(loadConfig(production).graphql.introspection).toBe(false);
    expect(loadConfig({ ...production, GRAPHQL_INTROSPECTION: "true" }).graphql.introspection).toBe(true);
    expect(loadConfig({ GRAPHQL_INTROSPECTION: "false" }).graphql.introspection).toBe(false);
  });

  it("allows PUBLIC_URL's origin and CORS_ORIGINS for browsers, and refuses what is not an origin", () => {
    expect(loadConfig({ PUBLIC_URL: "https://feedback.example.com/app/" }).corsOrigins).toEqual(["https://feedback.example.com"]);
    expect(loadConfig({ CORS_ORIGINS: "https://a.example.com, http://localhost:5173" }).corsOrigins).toEqual([
      "http://localhost:8080",
      "https://a.example.com",
      "http://localhost:5173",
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: "https://a.example.com/path" })).toThrow(/CORS_ORIGINS: "https:\/\/a.example.com\/path" is not an origin/);
    expect(() => loadConfig({ CORS_ORIGINS: "*" })).toThrow(/CORS_ORIGINS/);
  });

  it("reads the GraphQL and analytics limits", () => {
    const config = loadConfig({ GRAPHQL_MAX_ALIASES: "5", GRAPHQL_CALLER_QUEUE: "0", ANALYTICS_STATEMENT_TIMEOUT_MS: "2500" });
    expect(config.graphql).toMatchObject({ maxAliases: 5, maxTokens: 5000, maxDirectives: 20, maxExpensiveCost: 100, callerConcurrency: 2, callerQueue: 0 });
    expect(config.analytics).toEqual({ statementTimeoutMs: 2500, poolSize: 4 });
    expect(() => loadConfig({ GRAPHQL_CALLER_CONCURRENCY: "0" })).toThrow(/GRAPHQL_CALLER_CONCURRENCY/);
  });
});
