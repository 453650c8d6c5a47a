// Signed unsubscribe tokens: an HMAC over the organisation and address, URL-safe.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../../config.js";

export type UnsubscribeClaim = { organizationId: string; email: string };

const secret = (config: Config) => `unsubscribe:${config.sessionSecret ?? config.publicUrl}`;
const mac = (config: Config, payload: string) => createHmac("sha256", secret(config)).update(payload).digest("base64url");

export function signUnsubscribeToken(config: Config, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.organizationId, claim.email.trim().toLowerCase()])).toString("base64url");
  return `${payload}.${mac(config, payload)}`;
}

export function verifyUnsubscribeToken(config: Config, token: string): UnsubscribeClaim | null {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(mac(config, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [organizationId, email] = JSON.parse(Buffer.from(payload, "base64url").toString()) as [string, string];
    return typeof organizationId === "string" && typeof email === "string" ? { organizationId, email } : null;
  } catch {
    return null;
  }
}

/** The page a person opens: `${config.publicUrl}/unsubscribe?token=…` */
export function unsubscribePageUrl(config: Config, token: string): string {
  return `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** RFC 8058 headers for one message: List-Unsubscribe (<https one-click POST URL>) and List-Unsubscribe-Post. */
export function listUnsubscribeHeaders(config: Config, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${config.publicUrl}/api/v5/unsubscribe?token=${encodeURIComponent(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
