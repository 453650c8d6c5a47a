// The respondent runtime's rate limits (docs/respondent-api.md "Rate limits"): fixed windows of
// rate-limiter-flexible, counted in the limiter store (Redis with REDIS_URL, so every api process
// enforces one limit; in memory otherwise). Addresses are keyed by clientKey (IPv6 by /64).
import { clientKey, RateLimiterRes, type LimiterStore, type LimitSpec } from "../../limits/store.js";

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A terminal flushing a long offline queue sends 60 at once and then 5 a second; a popular link
 * takes 200 a second.
 */
export const defaultRateLimits = {
  /** Submissions and heartbeats per client address: 60 per 12 s (5 a second on average). */
  writesPerAddress: { name: "respondent-writes-address", points: 60, durationSeconds: 12 },
  /** Submissions per touchpoint, from all addresses together: 1,000 per 5 s (200 a second). */
  writesPerTouchpoint: { name: "respondent-writes-touchpoint", points: 1000, durationSeconds: 5 },
  /** Survey reads per client address: 120 per 6 s (20 a second). */
  readsPerAddress: { name: "respondent-reads-address", points: 120, durationSeconds: 6 },
} satisfies Record<string, LimitSpec>;

export type RateLimits = typeof defaultRateLimits;

export type RespondentLimiters = ReturnType<typeof respondentLimiters>;

export function respondentLimiters(store: LimiterStore, limits: RateLimits = defaultRateLimits) {
  const take = async (spec: LimitSpec, key: string): Promise<RateDecision> => {
    try {
      await store.limiter(spec).consume(key);
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw rejection;
    }
  };
  return {
    /** A submission: counts against its address and its touchpoint (a refusal by the second gives the first its point back). */
    async write(touchpointId: string, address: string): Promise<RateDecision> {
      const byAddress = await take(limits.writesPerAddress, clientKey(address));
      if (!byAddress.ok) return byAddress;
      const byTouchpoint = await take(limits.writesPerTouchpoint, touchpointId);
      if (!byTouchpoint.ok) await store.limiter(limits.writesPerAddress).reward(clientKey(address), 1);
      return byTouchpoint;
    },
    /** A heartbeat: counts against its address. */
    heartbeat: (address: string) => take(limits.writesPerAddress, clientKey(address)),
    /** A survey read: counts against its address. */
    read: (address: string) => take(limits.readsPerAddress, clientKey(address)),
  };
}
