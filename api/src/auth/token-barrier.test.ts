import { describe, expect, it } from "vitest";
import { issuedBeforeBarrier } from "./token-barrier.js";

describe("the password-reset barrier for access tokens", () => {
  const reset = new Date("2026-11-25T12:00:00.400Z");
  const second = Date.parse("2026-11-25T12:00:00Z") / 1000;

  it("lets every token through while there is no barrier", () => {
    expect(issuedBeforeBarrier(second - 3600, null)).toBe(false);
    expect(issuedBeforeBarrier(undefined, undefined)).toBe(false);
  });

  it("refuses tokens of earlier seconds and of the reset's own second; accepts later seconds", () => {
    expect(issuedBeforeBarrier(second - 1, reset)).toBe(true);
    expect(issuedBeforeBarrier(second, reset)).toBe(true);
    expect(issuedBeforeBarrier(second + 1, reset)).toBe(false);
  });

  it("accepts a token of exactly the barrier's second when the reset fell on the second's start", () => {
    expect(issuedBeforeBarrier(second, new Date(second * 1000))).toBe(false);
  });

  it("refuses a token without a usable iat once there is a barrier", () => {
    for (const iat of [undefined, "1764072000", Number.NaN]) expect(issuedBeforeBarrier(iat, reset)).toBe(true);
  });
});
