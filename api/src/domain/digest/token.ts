// The digest's unsubscribe link: a signed token naming the user, under the installation's
// unsubscribe key (the campaigns' key, domain/campaigns/unsubscribe/secret.ts) with a version of its
// own ("d1"), so a campaign token never turns a digest off and a digest token never blocks an
// address. Tokens do not expire: the link must work as long as the mail can be read.
import type { Config } from "../../config.js";
import { isObjectId, signToken, verifyToken } from "../signed-links/signed-token.js";

const version = "d1";
export const digestTokenMaxLength = 300;

export function signDigestToken(config: Pick<Config, "unsubscribe">, userId: string): string {
  return signToken(config, version, { u: userId });
}

/** The user a token this installation signed names; null when it was changed, cut or is not a digest token. */
export function verifyDigestToken(config: Pick<Config, "unsubscribe">, token: unknown): string | null {
  const claim = verifyToken(config, version, token, digestTokenMaxLength);
  return claim && isObjectId(claim.u) ? claim.u : null;
}

export const isDigestToken = (token: unknown) => typeof token === "string" && token.startsWith(`${version}.`);

/**
 * The open page a person opens from the mail (web /unsubscribe): it shows whose digest it is and asks
 * for the click, in the mail's language (`locale`, as the web's ?locale= takes it).
 */
export function digestUnsubscribeUrl(config: Pick<Config, "publicUrl">, token: string, locale?: "en" | "es" | "fi"): string {
  return `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}${locale ? `&locale=${locale}` : ""}`;
}

/** The RFC 8058 one-click address of the List-Unsubscribe header (POST only). */
export function digestOneClickUrl(config: Pick<Config, "publicUrl">, token: string): string {
  return `${config.publicUrl}/api/v5/weekly-digest/unsubscribe?token=${encodeURIComponent(token)}`;
}
