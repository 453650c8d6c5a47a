// The digest's unsubscribe link: a signed token naming the user, under the installation's
// unsubscribe key (the campaigns' key, domain/campaigns/unsubscribe/secret.ts) with a version of its
// own ("d1"), so a campaign token never turns a digest off and a digest token never blocks an
// address. Tokens do not expire: the link must work as long as the mail can be read.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.js";

const version = "d1";
const userIdPattern = /^[0-9a-f]{24}$/;
export const digestTokenMaxLength = 300;

const sign = (config: Pick<Config, "unsubscribe">, signedPart: string) =>
  createHmac("sha256", config.unsubscribe.secret).update(signedPart).digest("base64url");

export function signDigestToken(config: Pick<Config, "unsubscribe">, userId: string): string {
  const payload = Buffer.from(JSON.stringify({ u: userId })).toString("base64url");
  const signedPart = `${version}.${payload}`;
  return `${signedPart}.${sign(config, signedPart)}`;
}

/** The user a token this installation signed names; null when it was changed, cut or is not a digest token. */
export function verifyDigestToken(config: Pick<Config, "unsubscribe">, token: unknown): string | null {
  if (typeof token !== "string" || token.length > digestTokenMaxLength) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== version) return null;
  const [, payload = "", signature = ""] = parts;
  const expected = Buffer.from(sign(config, `${version}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown };
    return typeof claim.u === "string" && userIdPattern.test(claim.u) ? claim.u : null;
  } catch {
    return null;
  }
}

/** The open REST address that turns the digest off (GET answers a small page-like JSON; docs/digest.md). */
export function digestUnsubscribeUrl(config: Pick<Config, "publicUrl">, token: string): string {
  return `${config.publicUrl}/api/v5/weekly-digest/unsubscribe?token=${encodeURIComponent(token)}`;
}
