// Signed link tokens: "<version>." + base64url(JSON payload) + "." + base64url(HMAC-SHA-256 over
// "<version>." + payload part), under the installation's unsubscribe key (config.unsubscribe.secret).
// Each kind of link has its own version prefix (campaign unsubscribe "u1", a notification rule's
// recipient "n1", the weekly digest "d1"), so no kind passes for another. A token whose payload or
// signature was changed does not verify; tokens do not expire (a link in a mail must keep working
// as long as the mail can be read).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.js";

type Keyed = Pick<Config, "unsubscribe">;

const sign = (config: Keyed, signedPart: string) => createHmac("sha256", config.unsubscribe.secret).update(signedPart).digest("base64url");

/** A token of this version carrying `payload` (kept short: it travels in addresses). */
export function signToken(config: Keyed, version: string, payload: Record<string, unknown>): string {
  const signedPart = `${version}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${signedPart}.${sign(config, signedPart)}`;
}

/**
 * The payload of a token of this version that this installation signed; null when the token is not
 * a string, is longer than `maxLength` (refused before any work), is of another version, or was
 * changed or cut. The caller checks the payload's shape.
 */
export function verifyToken(config: Keyed, version: string, token: unknown, maxLength: number): Record<string, unknown> | null {
  if (typeof token !== "string" || token.length > maxLength) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== version) return null;
  const [, payload = "", signature = ""] = parts;
  const expected = Buffer.from(sign(config, `${version}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claim && typeof claim === "object" && !Array.isArray(claim) ? (claim as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A 24-hex id, as the payloads carry them. */
export const isObjectId = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{24}$/.test(value);
