// A password reset makes every access token issued before it useless (docs/decisions.md "Access
// tokens and API keys after a password reset"). The user's `tokensValidAfter` is the instant of the
// reset; a JWT's `iat` has one-second precision, so a token whose second starts before that instant
// is refused, even one issued a few milliseconds after the reset within the same second. Nobody
// signs in again within that second, and refusing is the safe side.

/** True when a token with this `iat` (seconds) was issued before the user's barrier. */
export function issuedBeforeBarrier(iat: unknown, tokensValidAfter: Date | null | undefined): boolean {
  if (!tokensValidAfter) return false;
  if (typeof iat !== "number" || !Number.isFinite(iat)) return true;
  return iat * 1000 < tokensValidAfter.getTime();
}
