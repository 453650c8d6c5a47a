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

  it("reads TRUST_PROXY as false, true, a hop count or a list of addresses and CIDRs", () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(true);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 192.168.0.0/16,loopback,::1,fd00::/8")).toBe("10.0.0.1,192.168.0.0/16,loopback,::1,fd00::/8");
    for (const bad of ["yes please", "10.0.0.0/33", "10.0.0.1/8/2", "example.com", "-1"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, true, a number/);
    }
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
});
