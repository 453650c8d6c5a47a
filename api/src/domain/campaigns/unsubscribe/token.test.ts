import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.js";
import { listUnsubscribeHeaders, signUnsubscribeToken, unsubscribePageUrl, verifyUnsubscribeToken } from "./token.js";

const config = loadConfig({ PUBLIC_URL: "https://feedback.example", UNSUBSCRIBE_SECRET: "s".repeat(40) });
const claim = { organizationId: "0123456789abcdef01234567", email: " Anna@Example.COM " };

describe("unsubscribe tokens", () => {
  it("round-trips a claim, URL-safe, with the address trimmed and lower-cased", () => {
    const token = signUnsubscribeToken(config, claim);
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(verifyUnsubscribeToken(config, token)).toEqual({ organizationId: claim.organizationId, email: "anna@example.com" });
  });

  it("refuses a changed payload, a changed signature, another key and junk", () => {
    const token = signUnsubscribeToken(config, claim);
    const [v, payload, signature] = token.split(".") as [string, string, string];
    const otherOrg = Buffer.from(JSON.stringify({ o: "ffffffffffffffffffffffff", e: "anna@example.com" })).toString("base64url");
    expect(verifyUnsubscribeToken(config, `${v}.${otherOrg}.${signature}`)).toBeNull();
    const otherAddress = Buffer.from(JSON.stringify({ o: claim.organizationId, e: "boss@example.com" })).toString("base64url");
    expect(verifyUnsubscribeToken(config, `${v}.${otherAddress}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(config, `${v}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(verifyUnsubscribeToken(config, `${v}.${payload}`)).toBeNull();
    expect(verifyUnsubscribeToken(loadConfig({ UNSUBSCRIBE_SECRET: "t".repeat(40) }), token)).toBeNull();
    expect(verifyUnsubscribeToken(config, "")).toBeNull();
    expect(verifyUnsubscribeToken(config, "x".repeat(5000))).toBeNull();
  });

  it("gives the page address and the RFC 8058 headers", () => {
    const token = signUnsubscribeToken(config, claim);
    expect(unsubscribePageUrl(config, token)).toBe(`https://feedback.example/unsubscribe?token=${token}`);
    expect(listUnsubscribeHeaders(config, token)).toEqual({
      "List-Unsubscribe": `<https://feedback.example/api/v5/unsubscribe/one-click?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("the key: UNSUBSCRIBE_SECRET when set (at least 32 characters), else a random one until the stored key replaces it", () => {
    expect(config.unsubscribe).toEqual({ secret: "s".repeat(40), fromEnvironment: true });
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: "short" })).toThrow(/UNSUBSCRIBE_SECRET: must be at least 32 characters/);
    const a = loadConfig({});
    expect(a.unsubscribe.fromEnvironment).toBe(false);
    expect(a.unsubscribe.secret).not.toBe(loadConfig({}).unsubscribe.secret);
  });
});
