import { describe, expect, it } from "vitest";
import { round1 } from "./rounding.js";

/** The mean of the values × 100, summed one by one (the raw path's order). */
const oneByOne = (values: number[]) => (values.reduce((s, v) => s + v, 0) / values.length) * 100;
/** The same mean summed as two partial sums (the roll-ups' order: one sum per bucket, then added). */
const inTwoParts = (values: number[]) => {
  const half = Math.floor(values.length / 2);
  const part = (vs: number[]) => vs.reduce((s, v) => s + v, 0);
  return ((part(values.slice(0, half)) + part(values.slice(half))) / values.length) * 100;
};

describe("round1", () => {
  it("rounds a tie the same way whichever order its sum was added in", () => {
    // Smiley answers (thirds) whose mean × 100 is exactly 43.75.
    const thirds = [2, 0, 1, 2, 0, 0, 2, 3, 3, 0, 1, 0, 1, 3, 2, 1].map((k) => k / 3);
    expect(oneByOne(thirds)).not.toBe(inTwoParts(thirds)); // the two orders really differ in binary
    expect(round1(oneByOne(thirds))).toBe(43.8);
    expect(round1(inTwoParts(thirds))).toBe(43.8);
  });

  it("gives one answer for both orders on 20,000 seeded samples of smiley and NPS values", () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 20_000; i++) {
      const nps = i % 2 === 1;
      const n = 2 + Math.floor(random() * 40);
      const values = Array.from({ length: n }, () => (nps ? Math.floor(random() * 11) / 10 : Math.floor(random() * 4) / 3));
      expect(round1(oneByOne(values))).toBe(round1(inTwoParts(values)));
    }
  });

  it("rounds like Math.round to one decimal otherwise", () => {
    expect(round1(52.74)).toBe(52.7);
    expect(round1(52.76)).toBe(52.8);
    expect(round1(100)).toBe(100);
    expect(round1(0)).toBe(0);
    expect(round1(-12.35)).toBe(-12.3);
    expect(round1(-12.36)).toBe(-12.4);
  });
});
