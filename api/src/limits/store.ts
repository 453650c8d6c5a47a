// Where rate-limit counters live (rate-limiter-flexible): in Redis when REDIS_URL is set, so every
// api process behind a load balancer counts against ONE limit; in this process's memory otherwise
// (embedded mode, one process). The respondent limits, the sign-in throttle and the password-reset
// limit all take their counters from a store (docs/decisions.md "Limits shared across processes").
//
// A Redis limiter carries an in-memory "insurance" limiter of the same shape: while Redis does not
// answer, each process limits on its own instead of refusing everyone (respondents must not lose
// answers because Redis blinked).
import { Redis } from "ioredis";
import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export { RateLimiterRes };

/** A fixed-window limit: `points` per `durationSeconds` for each key. */
export type LimitSpec = {
  /** Unique within the store: the key prefix of this limit's counters. */
  name: string;
  points: number;
  durationSeconds: number;
};

export type LimiterStore = {
  kind: "redis" | "memory";
  /** The limiter of this name (the same instance for the same name). */
  limiter(spec: LimitSpec): RateLimiterAbstract;
  close(): Promise<void>;
};

export type LimiterStoreOptions = {
  redisUrl?: string;
  /** Prefix of every Redis key; every process of one installation must use the same. Tests use their own. */
  prefix?: string;
  /** How long to wait for Redis at start before carrying on with the insurance limiters. */
  connectTimeoutMs?: number;
  onError?: (error: unknown) => void;
};

const defaultLimitsPrefix = "fbk:limits";

function cached(make: (spec: LimitSpec) => RateLimiterAbstract) {
  const limiters = new Map<string, { spec: LimitSpec; limiter: RateLimiterAbstract }>();
  return (spec: LimitSpec) => {
    const existing = limiters.get(spec.name);
    if (existing) {
      if (existing.spec.points !== spec.points || existing.spec.durationSeconds !== spec.durationSeconds) {
        throw new Error(`limit ${spec.name} is already defined with other numbers`);
      }
      return existing.limiter;
    }
    const limiter = make(spec);
    limiters.set(spec.name, { spec, limiter });
    return limiter;
  };
}

/** Counters in this process's memory. */
export function memoryLimiterStore(): LimiterStore {
  return {
    kind: "memory",
    limiter: cached((spec) => new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds })),
    close: async () => {},
  };
}

/** Counters in Redis with REDIS_URL, else in memory. Waits (a few seconds at most) for Redis to answer. */
export async function createLimiterStore(options: LimiterStoreOptions): Promise<LimiterStore> {
  if (!options.redisUrl) return memoryLimiterStore();
  const prefix = options.prefix ?? defaultLimitsPrefix;
  // No offline queue: while Redis is away a call fails at once and the insurance limiter answers.
  const client = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  client.on("error", (error) => options.onError?.(error));
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("Redis did not answer")), options.connectTimeoutMs ?? 5000).unref());
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    // ioredis keeps reconnecting; until then every process limits on its own.
    options.onError?.(error);
  }
  return {
    kind: "redis",
    limiter: cached(
      (spec) =>
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${prefix}:${spec.name}`,
          points: spec.points,
          duration: spec.durationSeconds,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds }),
        }),
    ),
    close: async () => {
      client.disconnect();
    },
  };
}

/**
 * The key of a client address: IPv4 as it is (also when mapped into IPv6), IPv6 by its /64 network,
 * which one subscriber usually holds whole (so rotating the last 64 bits does not give new limits).
 */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill("0"), ...tailParts] : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** Milliseconds until `limiter` lets `key` go on (0: now), given that `points` used means "full". */
export async function waitMs(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await limiter.get(key);
  if (!res || res.consumedPoints < limiter.points) return 0;
  return Math.max(1, res.msBeforeNext);
}
