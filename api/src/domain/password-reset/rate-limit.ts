// Rate limit of password reset requests: per e-mail address (so nobody can flood one person's
// inbox) and per client address (so nobody can spray many e-mail addresses).
//
// Limits: 3 requests per e-mail address per 15 minutes, 20 per client address per 15 minutes
// (fixed windows). Unknown e-mail addresses count exactly like known ones, so the limit reveals
// nothing about accounts. The counters live in the limiter store (api/src/limits/store.ts): in
// Redis with REDIS_URL, so several api processes enforce one limit; in memory otherwise.
import { clientKey, memoryLimiterStore, waitMs, type LimiterStore } from "../../limits/store.js";

export const resetLimits = {
  perEmail: { name: "reset-email", points: 3, durationSeconds: 15 * 60 },
  perClient: { name: "reset-client", points: 20, durationSeconds: 15 * 60 },
} as const;

export class ResetRateLimit {
  constructor(private readonly store: LimiterStore = memoryLimiterStore()) {}

  /** Counts a request; answers 0 when it may go ahead, otherwise milliseconds until one may. */
  async take(email: string, client: string | undefined): Promise<number> {
    const checks = [{ limiter: this.store.limiter(resetLimits.perEmail), key: email.toLowerCase() }];
    if (client) checks.push({ limiter: this.store.limiter(resetLimits.perClient), key: clientKey(client) });
    const wait = Math.max(...(await Promise.all(checks.map((c) => waitMs(c.limiter, c.key)))));
    if (wait > 0) return wait;
    // A refused request is not counted (it sends nothing), so only allowed ones take a point.
    await Promise.all(checks.map((c) => c.limiter.penalty(c.key, 1)));
    return 0;
  }
}
