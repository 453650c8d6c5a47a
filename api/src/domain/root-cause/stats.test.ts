// The pure statistics of root-cause analysis: p-values of correlations, the 0–100 performance
// scale, and the quadrants with the minimum sample and significance rules.
import { describe, expect, it } from "vitest";
import { classifyItems, correlationPValue, performanceOfMean, type ClassifiableItem } from "./stats.js";

describe("correlationPValue", () => {
  it("matches Student's t for known values", () => {
    // r = 0.5 over 30 pairs: t = 0.5·√(28/0.75) = 3.055, two-sided p ≈ 0.0049
    expect(correlationPValue(0.5, 30)).toBeCloseTo(0.0049, 4);
    // r = 0.3 over 30 pairs: t = 1.663, p ≈ 0.107 (not significant)
    expect(correlationPValue(0.3, 30)).toBeCloseTo(0.107, 3);
    // the same r over 300 pairs is significant
    expect(correlationPValue(0.3, 300)!).toBeLessThan(0.0001);
    // sign does not matter
    expect(correlationPValue(-0.5, 30)).toBeCloseTo(correlationPValue(0.5, 30)!, 10);
    expect(correlationPValue(0, 100)).toBeCloseTo(1, 10);
  });

  it("answers null without enough pairs or a correlation, and 0 for a perfect one", () => {
    expect(correlationPValue(null, 100)).toBeNull();
    expect(correlationPValue(0.9, 2)).toBeNull();
    expect(correlationPValue(Number.NaN, 50)).toBeNull();
    expect(correlationPValue(1, 50)).toBe(0);
  });
});

describe("performanceOfMean", () => {
  it("puts every stored scale on 0–100", () => {
    expect(performanceOfMean("smiley", 0.75)).toBe(75);
    expect(performanceOfMean("slider", 0.4)).toBeCloseTo(40);
    expect(performanceOfMean("nps", 8.5)).toBe(85);
    expect(performanceOfMean("emotion", -1)).toBe(0);
    expect(performanceOfMean("emotion", 0)).toBe(50);
    expect(performanceOfMean("emotion", 1)).toBe(100);
  });
});

describe("classifyItems", () => {
  const item = (over: Partial<ClassifiableItem>): ClassifiableItem => ({ kind: "question", importance: 0.5, performance: 50, n: 100, pValue: 0.001, ...over });

  it("places items in the quadrants around the data's means", () => {
    const items = classifyItems(
      [
        item({ importance: 0.7, performance: 40 }), // important, below the mean performance (55)
        item({ importance: 0.6, performance: 80 }), // important, above
        item({ importance: 0.05, performance: 30, pValue: 0.6 }), // not important, below
        item({ importance: 0.1, performance: 70, pValue: 0.3 }), // not important, above
      ],
      30,
    );
    expect(items.map((i) => i.quadrant)).toEqual(["fixFirst", "strength", "monitor", "maintain"]);
    expect(items.map((i) => i.significant)).toEqual([true, true, false, false]);
    expect(items.every((i) => i.status === "ok")).toBe(true);
  });

  it("never calls a non-significant item important, however large r is", () => {
    const [a] = classifyItems([item({ importance: 0.9, performance: 10, pValue: 0.2 }), item({ importance: 0.1, performance: 90 })], 30);
    expect(a!.significant).toBe(false);
    expect(a!.quadrant).toBe("monitor");
  });

  it("reports items under the minimum sample or without variance without a quadrant", () => {
    const items = classifyItems([item({ n: 29 }), item({ importance: null }), item({})], 30);
    expect(items.map((i) => [i.status, i.quadrant, i.significant])).toEqual([
      ["insufficient", null, false],
      ["noVariance", null, false],
      ["ok", "strength", true],
    ]);
  });

  it("treats a widely chosen option that pulls the outcome down as a problem", () => {
    const items = classifyItems(
      [
        item({ kind: "option", importance: -0.6, performance: 70 }), // most choose "long wait": bad
        item({ kind: "option", importance: 0.5, performance: 60 }),
        item({ kind: "option", importance: 0.05, performance: 20, pValue: 0.5 }),
      ],
      30,
    );
    expect(items[0]!.quadrant).toBe("fixFirst");
    expect(items[1]!.quadrant).toBe("strength");
  });
});
