import { describe, expect, it } from "vitest";
import { emailSchema, isStrongPassword, messages, parseInput } from "./validation.js";
import { DomainError } from "./errors.js";

describe("validation rules (spec 000 §5)", () => {
  it.each([
    ["Abcdef1!", true],
    ["Äbcdefg1!", true], // Finnish upper-case letter
    ["ñandú-Ü9x", true],
    ["abcdef1!", false], // no upper case
    ["ABCDEF1!", false], // no lower case
    ["Abcdefg!", false], // no number
    ["Abcdefg1", false], // no special character
    ["Ab1!", false], // shorter than 8
    ["Abcdef 1", false], // a space is not a special character
  ])("password %s strong: %s", (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it("e-mail: trimmed, lower-cased, and the spec's message when invalid", () => {
    expect(parseInput(emailSchema, "  Someone@Example.COM ")).toBe("someone@example.com");
    try {
      parseInput(emailSchema, "someone@");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).message).toBe(messages.invalidEmail);
    }
  });
});
