import { afterEach, describe, expect, it, vi } from "vitest";
import { respondentLimiters } from "./rate-limit.js";
import { memoryLimiterStore } from "../../limits/store.js";
import { encodeAnswer } from "./answers.js";
import type { PublicQuestion } from "./definition.js";

describe("respondent rate limits", () => {
  afterEach(() => void vi.useRealTimers());
  const limits = {
    writesPerAddress: { name: "w-a", points: 3, durationSeconds: 10 },
    writesPerTouchpoint: { name: "w-t", points: 4, durationSeconds: 10 },
    readsPerAddress: { name: "r-a", points: 2, durationSeconds: 5 },
  };

  it("allows the window's submissions per address, then refuses with the seconds to wait until it ends", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
    const l = respondentLimiters(memoryLimiterStore(), limits);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await l.write("tp1", "203.0.113.5"));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3]).toEqual({ ok: false, retryAfterSeconds: 10 });
    vi.advanceTimersByTime(4_000);
    expect(await l.write("tp1", "203.0.113.5")).toEqual({ ok: false, retryAfterSeconds: 6 });
    expect((await l.write("tp1", "203.0.113.6")).ok).toBe(true); // another address
    vi.advanceTimersByTime(6_001);
    expect((await l.write("tp1", "203.0.113.5")).ok).toBe(true); // a new window
  });

  it("a submission refused by the touchpoint's limit does not count against the address", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
    const l = respondentLimiters(memoryLimiterStore(), limits);
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]) expect((await l.write("tp2", address)).ok).toBe(true);
    // The touchpoint is full: three refusals from one address leave that address's count alone.
    for (let i = 0; i < 3; i++) expect((await l.write("tp2", "198.51.100.9")).ok).toBe(false);
    expect((await l.write("tp3", "198.51.100.9")).ok).toBe(true);
    expect((await l.write("tp3", "198.51.100.9")).ok).toBe(true);
    expect((await l.write("tp3", "198.51.100.9")).ok).toBe(true);
    expect((await l.write("tp3", "198.51.100.9")).ok).toBe(false);
  });

  it("an IPv6 client counts by its /64: rotating the interface bits gives no new limit", async () => {
    const l = respondentLimiters(memoryLimiterStore(), limits);
    expect((await l.read("2001:db8:1:2::1")).ok).toBe(true);
    expect((await l.read("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).ok).toBe(true);
    expect((await l.read("2001:db8:1:2::ffff")).ok).toBe(false);
    expect((await l.read("2001:db8:1:3::1")).ok).toBe(true);
  });
});

describe("answer encodings", () => {
  const question = (type: PublicQuestion["type"], options: Record<string, unknown> = {}): PublicQuestion => ({
    id: "q",
    type,
    title: { en: "Q" },
    subtitle: null,
    options,
    choices: [{ id: "c1", text: { en: "C" }, cluster: "trust" }],
    required: false,
    logic: null,
  });
  it("smileys of 4 and 5 buttons, sliders on their own scale, emotions by cluster", () => {
    expect([0, 1, 2, 3, 4].map((v) => encodeAnswer(question("smiley", { buttons: 5 }), v, "v").n)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect([0, 1, 2, 3].map((v) => encodeAnswer(question("smiley", { buttons: 4 }), v, "v").n)).toEqual(
      [0, 1 / 3, 2 / 3, 1].map((x) => Math.round(x * 1e9) / 1e9),
    );
    expect(encodeAnswer(question("slider", { min: 1, max: 5, step: 0.5 }), 2.5, "v").n).toBe(0.375);
    expect(encodeAnswer(question("emotion"), "c1", "v")).toEqual({ q: "q", n: 0.66, x: null, h: ["c1"] });
    expect(() => encodeAnswer(question("slider", { min: 1, max: 5, step: 0.5 }), 2.25, "v")).toThrow(/steps of 0.5/);
  });
});
