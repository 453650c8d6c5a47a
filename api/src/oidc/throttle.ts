// Throttling of failed sign-ins, built so that an attacker cannot lock the owner out.
//
// Policy (fixed windows; docs/decisions.md "Sign-in throttle"):
// - per account AND client address: 5 failures in 15 minutes block that pair for the rest of the
//   window. Someone guessing from one address blocks only themselves: the owner, from any other
//   address, still signs in.
// - per client address: 20 failures in 15 minutes, whatever the accounts, block the address
//   (spraying many accounts).
// - per account, from all addresses together: 100 failures in an hour block the account for the rest
//   of the hour (a distributed guess), EXCEPT from an address where this account signed in
//   successfully in the last 21 days: the owner's usual places keep working.
// A correct password clears its pair's count. While blocked, the password is not even checked, so
// guessing gains nothing. Addresses are keyed by clientKey (IPv6 by /64). The counters live in the
// limiter store: Redis with REDIS_URL (one throttle for every api process), memory otherwise.
import { clientKey, memoryLimiterStore, waitMs, type LimiterStore } from "../limits/store.js";

export const loginLimits = {
  perPair: { name: "login-pair", points: 5, durationSeconds: 15 * 60 },
  perAddress: { name: "login-address", points: 20, durationSeconds: 15 * 60 },
  perAccount: { name: "login-account", points: 100, durationSeconds: 60 * 60 },
  /** Not a limit: remembers (account, address) pairs that signed in. */
  // 21 days: timers of the memory store cannot run longer than 24.8 days.
  knownAddress: { name: "login-known", points: 1, durationSeconds: 21 * 24 * 60 * 60 },
} as const;

export type LoginLimits = { [K in keyof typeof loginLimits]: { name: string; points: number; durationSeconds: number } };

export class LoginThrottle {
  constructor(
    private readonly store: LimiterStore = memoryLimiterStore(),
    private readonly limits: LoginLimits = loginLimits,
  ) {}

  private keys(email: string, address: string) {
    const account = email.trim().toLowerCase();
    const client = clientKey(address);
    return { account, client, pair: `${account}|${client}` };
  }

  /** Milliseconds until a new attempt is allowed for this account from this address (0: allowed now). */
  async retryAfterMs(email: string, address: string): Promise<number> {
    const k = this.keys(email, address);
    const l = (name: keyof LoginLimits) => this.store.limiter(this.limits[name]);
    const [pair, byAddress, byAccount, known] = await Promise.all([
      waitMs(l("perPair"), k.pair),
      waitMs(l("perAddress"), k.client),
      waitMs(l("perAccount"), k.account),
      l("knownAddress").get(k.pair),
    ]);
    return Math.max(pair, byAddress, known ? 0 : byAccount);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const k = this.keys(email, address);
    const l = (name: keyof LoginLimits) => this.store.limiter(this.limits[name]);
    await Promise.all([l("perPair").penalty(k.pair, 1), l("perAddress").penalty(k.client, 1), l("perAccount").penalty(k.account, 1)]);
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    const k = this.keys(email, address);
    const l = (name: keyof LoginLimits) => this.store.limiter(this.limits[name]);
    await Promise.all([l("perPair").delete(k.pair), l("knownAddress").set(k.pair, 1, this.limits.knownAddress.durationSeconds)]);
  }
}
