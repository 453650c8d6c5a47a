import { describe, expect, it } from "vitest";
import { companySizes, isStrongPassword, passwordChecks, passwordMinLength, phonePattern, signupLimits } from "./accounts.js";

describe("password strength (spec 000 §5)", () => {
  it.each([
    ["Abcdef1!", true],
    ["Äbcdefg1!", true], // Finnish upper-case letter
    ["ñandú-Ü9x", true],
    ["Abcdefg٣!", true], // an Arabic-Indic digit is a number
    ["abcdef1!", false], // no upper case
    ["ABCDEF1!", false], // no lower case
    ["Abcdefg!", false], // no number
    ["Abcdefg1", false], // no special character
    ["Abcdefgh٣", false], // a digit of another script is not a special character either
    ["Ab1!", false], // shorter than 8
    ["Abcdef 1", false], // a space is not a special character
  ])("%s strong: %s", (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it("names the missing rules in the checklist's order", () => {
    expect(passwordChecks("abc").map((c) => c.key)).toEqual(["length", "upper", "lower", "number", "special"]);
    expect(
      passwordChecks("abc")
        .filter((c) => !c.ok)
        .map((c) => c.key),
    ).toEqual(["length", "upper", "number", "special"]);
    expect(passwordChecks("A".repeat(passwordMinLength - 1)).find((c) => c.key === "length")?.ok).toBe(false);
    expect(passwordChecks("A".repeat(passwordMinLength)).find((c) => c.key === "length")?.ok).toBe(true);
  });
});

describe("signup fields", () => {
  it("phone numbers: digits with spaces, brackets and dashes, an optional leading +", () => {
    for (const ok of ["+358 40 123 4567", "09 (123) 456-78", "0401234"]) expect(phonePattern.test(ok), ok).toBe(true);
    for (const bad of ["", "phone", "+", "12 3", "040 123 x", "(09) 123"]) expect(phonePattern.test(bad), bad).toBe(false);
  });

  it("limits and company sizes as the form offers them", () => {
    expect(signupLimits).toEqual({ firstName: 50, lastName: 50, company: 100, industry: 100, phone: 30, promoCode: 50 });
    expect(companySizes).toEqual(["1-9", "10-49", "50-249", "250-999", "1000+"]);
  });
});
