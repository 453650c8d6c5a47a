// In-memory token buckets: a bucket holds up to `burst` tokens and refills `perSecond` tokens a
// second; each request takes one. Buckets are per api process (several processes behind a load
// balancer each allow the full rate) and idle full buckets are dropped, so memory follows the
// number of recently active keys.
export type BucketLimit = { burst: number; perSecond: number };

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    readonly limit: BucketLimit,
    private readonly now: () => number = () => Date.now(),
  ) {}

  take(key: string): RateDecision {
    const now = this.now();
    if (now - this.lastSweep > 10_000) this.sweep(now);
    const { burst, perSecond } = this.limit;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond) : burst;
    if (tokens < 1) {
      if (bucket) {
        bucket.tokens = tokens;
        bucket.at = now;
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
    }
    if (bucket) {
      bucket.tokens = tokens - 1;
      bucket.at = now;
    } else this.buckets.set(key, { tokens: tokens - 1, at: now });
    return { ok: true };
  }

  /** Gives a token back (a request refused by another bucket should not cost this one). */
  refund(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.limit.burst, bucket.tokens + 1);
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    const { burst, perSecond } = this.limit;
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * perSecond >= burst) this.buckets.delete(key);
    }
  }
}

/**
 * The respondent runtime's limits (docs/respondent-api.md "Rate limits"). A terminal flushing a long
 * offline queue sends 60 at once and then 5 a second; a popular link takes 200 a second.
 */
export const defaultRateLimits = {
  /** Submissions and heartbeats per client address. */
  writesPerAddress: { burst: 60, perSecond: 5 },
  /** Submissions per touchpoint, from all addresses together. */
  writesPerTouchpoint: { burst: 1000, perSecond: 200 },
  /** Survey reads per client address. */
  readsPerAddress: { burst: 120, perSecond: 20 },
} satisfies Record<string, BucketLimit>;

export type RateLimits = typeof defaultRateLimits;
