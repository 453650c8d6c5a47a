// Signed unsubscribe tokens: every campaign message carries one, so the person it went to can leave
// the organisation's mailings with one click (the open /unsubscribe page, or the RFC 8058 one-click
// POST a mailbox provider sends). A token names the organisation and the address and is signed with
// HMAC-SHA-256 under the installation's unsubscribe key (config.unsubscribe.secret); a token whose
// payload or signature was changed does not verify. Tokens do not expire: an unsubscribe link must
// keep working as long as the message can be read.
//
// Form: "u1." + base64url(JSON payload) + "." + base64url(signature over "u1." + payload part).
import type { Config } from "../../../config.js";
import { isObjectId, signToken, verifyToken } from "../../signed-links/signed-token.js";

export type UnsubscribeClaim = { organizationId: string; email: string };

const version = "u1";
/** Longer tokens are refused before any work (an address is at most 254 characters). */
export const unsubscribeTokenMaxLength = 600;

/** The address as tokens carry it and the block list compares it: trimmed, lower-cased. */
export const normalizeAddress = (email: string) => email.trim().toLowerCase();

export function signUnsubscribeToken(config: Pick<Config, "unsubscribe">, claim: UnsubscribeClaim): string {
  return signToken(config, version, { o: claim.organizationId, e: normalizeAddress(claim.email) });
}

/** The claim of a token this installation signed; null when it was changed, cut or is not a token at all. */
export function verifyUnsubscribeToken(config: Pick<Config, "unsubscribe">, token: string): UnsubscribeClaim | null {
  const claim = verifyToken(config, version, token, unsubscribeTokenMaxLength);
  if (!claim || !isObjectId(claim.o) || typeof claim.e !== "string" || !claim.e.includes("@")) return null;
  return { organizationId: claim.o, email: claim.e };
}

/** The page a person opens: `${config.publicUrl}/unsubscribe?token=…` */
export function unsubscribePageUrl(config: Pick<Config, "publicUrl">, token: string): string {
  return `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The address a mailbox provider POSTs `List-Unsubscribe=One-Click` to (RFC 8058). */
export function oneClickUnsubscribeUrl(config: Pick<Config, "publicUrl">, token: string): string {
  return `${config.publicUrl}/api/v5/unsubscribe/one-click?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 8058 headers for one message: List-Unsubscribe names the one-click POST address (HTTPS when
 * PUBLIC_URL is), List-Unsubscribe-Post says a POST of `List-Unsubscribe=One-Click` to it is enough.
 * Receivers offer one-click only when the message's DKIM signature covers both headers.
 */
export function listUnsubscribeHeaders(config: Pick<Config, "publicUrl">, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(config, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
