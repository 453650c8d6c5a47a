// Throttling of failed sign-ins, per account (email) and per client address, in process memory.
//
// Policy: within a sliding window (15 minutes), an account is blocked after 5 failures and an
// address after 20; the block lasts until the oldest counted failure leaves the window. A correct
// password clears the account's count (not the address's). While blocked, the password is not even
// checked, so guessing gains nothing.
//
// Limitation (accepted for now): the counts live in this process. Behind a load balancer each
// process counts on its own, and a restart forgets them. Moving the counters to Redis (INCR with
// EXPIRE) is the next step when several processes serve sign-ins.

export type ThrottleOptions = {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  /** Bound on remembered keys, so a flood of random emails cannot grow memory without end. */
  maxKeys: number;
  now: () => number;
};

const DEFAULTS: ThrottleOptions = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
  maxKeys: 50_000,
  now: () => Date.now(),
};

export class LoginThrottle {
  private readonly options: ThrottleOptions;
  private readonly failures = new Map<string, number[]>();

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  private recent(key: string): number[] {
    const cutoff = this.options.now() - this.options.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  private blockedFor(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    const oldestCounted = list[list.length - max] ?? this.options.now();
    return Math.max(0, oldestCounted + this.options.windowMs - this.options.now());
  }

  /** Milliseconds until a new attempt is allowed for this account and address (0: allowed now). */
  retryAfterMs(email: string, address: string): number {
    return Math.max(
      this.blockedFor(`a:${email.toLowerCase()}`, this.options.maxFailuresPerAccount),
      this.blockedFor(`ip:${address}`, this.options.maxFailuresPerAddress),
    );
  }

  recordFailure(email: string, address: string): void {
    if (this.failures.size >= this.options.maxKeys) this.prune();
    const now = this.options.now();
    for (const key of [`a:${email.toLowerCase()}`, `ip:${address}`]) {
      const list = this.recent(key);
      list.push(now);
      // Keep no more than needed to decide.
      this.failures.set(key, list.slice(-Math.max(this.options.maxFailuresPerAccount, this.options.maxFailuresPerAddress)));
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`a:${email.toLowerCase()}`);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
    // Still full: forget the oldest entries (Map keeps insertion order).
    while (this.failures.size >= this.options.maxKeys) {
      const first = this.failures.keys().next();
      if (first.done) break;
      this.failures.delete(first.value);
    }
  }
}
