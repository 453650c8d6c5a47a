// Rate limit of password reset requests, in process memory: per e-mail address (so nobody can
// flood one person's inbox) and per client address (so nobody can spray many e-mail addresses).
//
// Limits: 3 requests per address per 15 minutes, 20 per client address per 15 minutes. Unknown
// e-mail addresses count exactly like known ones, so the limit reveals nothing about accounts.
// Like the sign-in throttle (api/src/oidc/throttle.ts) the counts are per process and lost on a
// restart; move them to Redis when several api processes serve the reset call.

export type ResetRateLimitOptions = {
  windowMs: number;
  maxPerEmail: number;
  maxPerClient: number;
  maxKeys: number;
  now: () => number;
};

const DEFAULTS: ResetRateLimitOptions = {
  windowMs: 15 * 60 * 1000,
  maxPerEmail: 3,
  maxPerClient: 20,
  maxKeys: 50_000,
  now: () => Date.now(),
};

export class ResetRateLimit {
  private readonly options: ResetRateLimitOptions;
  private readonly hits = new Map<string, number[]>();

  constructor(options: Partial<ResetRateLimitOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  private recent(key: string): number[] {
    const cutoff = this.options.now() - this.options.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  private waitFor(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    return Math.max(1, list[list.length - max]! + this.options.windowMs - this.options.now());
  }

  /** Counts a request; answers 0 when it may go ahead, otherwise milliseconds until one may. */
  take(email: string, client: string | undefined): number {
    const keys: [string, number][] = [[`e:${email}`, this.options.maxPerEmail]];
    if (client) keys.push([`c:${client}`, this.options.maxPerClient]);
    const wait = Math.max(...keys.map(([key, max]) => this.waitFor(key, max)));
    if (wait > 0) return wait;
    if (this.hits.size >= this.options.maxKeys) this.prune();
    const now = this.options.now();
    for (const [key] of keys) this.hits.set(key, [...this.recent(key), now]);
    return 0;
  }

  private prune(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
    while (this.hits.size >= this.options.maxKeys) {
      const first = this.hits.keys().next();
      if (first.done) break;
      this.hits.delete(first.value);
    }
  }
}
