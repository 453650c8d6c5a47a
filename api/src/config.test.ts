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
});
