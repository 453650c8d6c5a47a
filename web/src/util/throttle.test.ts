import { describe, expect, it, vi } from "vitest";
import { throttleAsync } from "./throttle";

describe("throttleAsync (user reload once per 1000 ms)", () => {
  it("runs at most once per interval and shares the promise", async () => {
    let now = 0;
    const fn = vi.fn(async () => now);
    const run = throttleAsync(fn, 1000, () => now);
    const a = run();
    now = 999;
    const b = run();
    expect(b).toBe(a);
    expect(fn).toHaveBeenCalledTimes(1);
    now = 1000;
    await run();
    expect(fn).toHaveBeenCalledTimes(2);
  });
  it("does not serve a failed run to the next caller", async () => {
    let now = 0;
    const fn = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValue("ok");
    const run = throttleAsync(fn, 1000, () => now);
    await expect(run()).rejects.toThrow("down");
    now = 10;
    await expect(run()).resolves.toBe("ok");
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
