// The limiter store: counters shared through the real Redis by every store of one prefix (as two
// api processes share them), kept apart by prefix, and per process when Redis does not answer.
import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { clientKey, createLimiterStore, memoryLimiterStore, waitMs, type LimiterStore } from "./store.js";
import { freePort } from "../test/support.js";
import { redisUrl, skipWithout } from "../test/services.js";

const spec = { name: "probe", points: 3, durationSeconds: 60 };

async function consumeAll(store: LimiterStore, key: string, n: number): Promise<boolean[]> {
  const results: boolean[] = [];
  for (let i = 0; i < n; i++)
    results.push(
      await store
        .limiter(spec)
        .consume(key)
        .then(
          () => true,
          () => false,
        ),
    );
  return results;
}

describe("clientKey", () => {
  it("keeps IPv4 (also mapped into IPv6) and keys IPv6 by its /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:a:b:1:2:3:4")).toBe("2001:db8:a:b::/64");
    expect(clientKey("2001:0db8:000a:000b::99")).toBe("2001:db8:a:b::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("memory store", () => {
  it("gives the same limiter for a name, and refuses another definition under that name", async () => {
    const store = memoryLimiterStore();
    expect(store.limiter(spec)).toBe(store.limiter({ ...spec }));
    expect(() => store.limiter({ ...spec, points: 4 })).toThrow(/already defined/);
    expect(await consumeAll(store, "k", 4)).toEqual([true, true, true, false]);
    // Another store (another process) counts on its own.
    expect(await consumeAll(memoryLimiterStore(), "k", 1)).toEqual([true]);
  });
});

describe.skipIf(skipWithout("Redis"))("Redis store", () => {
  const stores: LimiterStore[] = [];
  const open = async (prefix: string, url = redisUrl!) => {
    const store = await createLimiterStore({ redisUrl: url, prefix, connectTimeoutMs: 1000 });
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const s of stores) await s.close();
  });

  it("two stores of one prefix (two api processes) count against one limit; another prefix is apart", async () => {
    const prefix = `test-store-${randomBytes(6).toString("hex")}`;
    const first = await open(prefix);
    const second = await open(prefix);
    expect(first.kind).toBe("redis");
    expect(await consumeAll(first, "shared", 2)).toEqual([true, true]);
    expect(await consumeAll(second, "shared", 2)).toEqual([true, false]);
    expect(await consumeAll(first, "shared", 1)).toEqual([false]);
    const wait = await waitMs(second.limiter(spec), "shared");
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    const apart = await open(`test-store-${randomBytes(6).toString("hex")}`);
    expect(await consumeAll(apart, "shared", 1)).toEqual([true]);
  });

  it("without an answering Redis each process still limits, in memory", async () => {
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const errors: unknown[] = [];
    const store = await createLimiterStore({ redisUrl: nobody, prefix: "unused", connectTimeoutMs: 500, onError: (e) => errors.push(e) });
    stores.push(store);
    expect(await consumeAll(store, "k", 4)).toEqual([true, true, true, false]);
    expect(errors.length).toBeGreaterThan(0);
  });
});
