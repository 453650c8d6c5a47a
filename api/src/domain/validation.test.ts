import { describe, expect, it } from "vitest";
import { emailSchema, messages, parseInput, passwordSchema } from "./validation.js";
import { DomainError } from "./errors.js";

// The password's strength itself is tested with the shared rule (shared/src/accounts.test.ts).
describe("validation rules (spec 000 §5)", () => {
  it("password: the shared strength rule with the spec's message, at most 200 characters", () => {
    expect(parseInput(passwordSchema, "Äbcdefg1!")).toBe("Äbcdefg1!");
    expect(() => parseInput(passwordSchema, "abcdefg1!")).toThrow(messages.weakPassword(8));
    expect(() => parseInput(passwordSchema, `Aa1!${"x".repeat(197)}`)).toThrow(messages.maxLength(200));
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
