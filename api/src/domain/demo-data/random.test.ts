import { describe, expect, it } from "vitest";
import { createRandom } from "./random.js";

describe("createRandom", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    const draw = (seed: string) => {
      const r = createRandom(seed);
      return Array.from({ length: 20 }, () => r.next());
    };
    expect(draw("a")).toEqual(draw("a"));
    expect(draw("a")).not.toEqual(draw("b"));
    expect(draw("a").every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("picks by weight and keeps integers in range", () => {
    const r = createRandom("weights");
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[r.weightedIndex([1, 2, 7])]!++;
    expect(counts[0]! / 30_000).toBeCloseTo(0.1, 1);
    expect(counts[2]! / 30_000).toBeCloseTo(0.7, 1);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
    expect(r.weightedIndex([0, 0, 1])).toBe(2);
  });
});
