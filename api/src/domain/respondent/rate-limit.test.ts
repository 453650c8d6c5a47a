import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./rate-limit.js";
import { encodeAnswer } from "./answers.js";
import type { PublicQuestion } from "./definition.js";

describe("token buckets", () => {
  it("allows the burst, then refills at the sustained rate, and says how long to wait", () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 3, perSecond: 2 }, () => now);
    expect([1, 2, 3].map(() => buckets.take("a").ok)).toEqual([true, true, true]);
    expect(buckets.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take("b").ok).toBe(true); // keys are independent
    now = 500; // half a second: one token back
    expect(buckets.take("a").ok).toBe(true);
    expect(buckets.take("a").ok).toBe(false);
  });

  it("forgets idle keys whose bucket is full again", () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 2, perSecond: 1 }, () => now);
    for (let i = 0; i < 100; i++) buckets.take(`address-${i}`);
    expect(buckets.size).toBe(100);
    now = 20_000;
    buckets.take("fresh");
    expect(buckets.size).toBe(1);
  });

  it("refund gives a token back", () => {
    const buckets = new TokenBuckets({ burst: 1, perSecond: 0.001 }, () => 0);
    expect(buckets.take("a").ok).toBe(true);
    buckets.refund("a");
    expect(buckets.take("a").ok).toBe(true);
  });
});

describe("answer encodings", () => {
  const question = (type: PublicQuestion["type"], options: Record<string, unknown> = {}): PublicQuestion => ({
    id: "q", type, title: { en: "Q" }, subtitle: null, options, choices: [{ id: "c1", text: { en: "C" }, cluster: "trust" }], required: false, logic: null,
  });
  it("smileys of 4 and 5 buttons, sliders on their own scale, emotions by cluster", () => {
    expect([0, 1, 2, 3, 4].map((v) => encodeAnswer(question("smiley", { buttons: 5 }), v, "v").n)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect([0, 1, 2, 3].map((v) => encodeAnswer(question("smiley", { buttons: 4 }), v, "v").n)).toEqual([0, 1 / 3, 2 / 3, 1].map((x) => Math.round(x * 1e9) / 1e9));
    expect(encodeAnswer(question("slider", { min: 1, max: 5, step: 0.5 }), 2.5, "v").n).toBe(0.375);
    expect(encodeAnswer(question("emotion"), "c1", "v")).toEqual({ q: "q", n: 0.66, x: null, h: ["c1"] });
    expect(() => encodeAnswer(question("slider", { min: 1, max: 5, step: 0.5 }), 2.25, "v")).toThrow(/steps of 0.5/);
  });
});
