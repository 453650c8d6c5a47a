import { describe, expect, it } from "vitest";
import { parseSmsTopUpAmount, smsTopUpMax, smsTopUpMin } from "./sms-topup";

describe("SMS top-up amount", () => {
  it("takes whole numbers from the minimum to the maximum, as numbers or text", () => {
    expect(parseSmsTopUpAmount(smsTopUpMin)).toBe(5);
    expect(parseSmsTopUpAmount(smsTopUpMax)).toBe(1000);
    expect(parseSmsTopUpAmount(" 25 ")).toBe(25);
  });
  it("refuses fractions, out-of-range values, empty text and other types", () => {
    for (const bad of [4, 1001, 12.5, "12.5", "", "  ", "abc", null, undefined, true, Number.NaN, "1e9"]) expect(parseSmsTopUpAmount(bad)).toBeNull();
  });
});
