import { describe, expect, it } from "vitest";
import { onboardingProgress, trialDaysLeft } from "./current-user.js";

describe("current user helpers", () => {
  it("onboarding: 25 % per step done", () => {
    expect(onboardingProgress([false, false, false, false])).toBe(0);
    expect(onboardingProgress([true, false, true, false])).toBe(50);
    expect(onboardingProgress([true, true, true, true])).toBe(100);
  });
  it("trial days left: none without a trial, rounds up, negative once over", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(trialDaysLeft(null, now)).toBeNull();
    expect(trialDaysLeft(new Date("2026-11-25T11:00:00Z"), now)).toBe(3);
    expect(trialDaysLeft(new Date("2026-11-22T18:00:00Z"), now)).toBe(1);
    expect(trialDaysLeft(new Date("2026-11-20T12:00:00Z"), now)).toBe(-2);
  });
});
