/** Query-string facts the guards, the transport and the menu all read (spec 000 §2, §7, §9). */

/** A query token counts only when it is longer than this many characters. */
export const QUERY_TOKEN_MIN_EXCLUSIVE = 10;

function params(search: string | URLSearchParams): URLSearchParams {
  return typeof search === "string" ? new URLSearchParams(search) : search;
}

/** The `?token=` value when it is long enough to grant token access, otherwise null. */
export function queryToken(search: string | URLSearchParams): string | null {
  const token = params(search).get("token");
  return token !== null && token.length > QUERY_TOKEN_MIN_EXCLUSIVE ? token : null;
}

export function hasQueryToken(search: string | URLSearchParams): boolean {
  return queryToken(search) !== null;
}

/** `?noLogin=true` skips the sign-in. */
export function isNoLogin(search: string | URLSearchParams): boolean {
  return params(search).get("noLogin") === "true";
}

/** Calls carry a bearer token except with a query token or the no-login flag. */
export function shouldSendBearer(search: string | URLSearchParams): boolean {
  return !hasQueryToken(search) && !isNoLogin(search);
}
