import { describe, expect, it } from "vitest";
import { passwordChecks } from "../settings/profileValidation";
import { emptySignupDraft, isSignupValid, validateSignup, type SignupDraft } from "./signupValidation";

const valid: SignupDraft = {
  ...emptySignupDraft,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  password: "Abcdefg1!",
  password2: "Abcdefg1!",
  company: "Engines",
  industry: "Retail",
  companySize: "10-49",
};

describe("signup validation", () => {
  it("accepts a complete form", () => {
    expect(validateSignup(valid)).toEqual({});
    expect(isSignupValid(valid)).toBe(true);
  });

  it("gives the spec's messages", () => {
    expect(validateSignup({ ...valid, email: "ada@" }).email).toBe("Please provide a valid e-mail address");
    expect(validateSignup({ ...valid, password2: "Abcdefg1?" }).password2).toBe("The passwords do not match");
    expect(validateSignup({ ...valid, firstName: " " }).firstName).toBe("This field is required");
    expect(validateSignup({ ...valid, company: "" }).company).toBe("This field is required");
    expect(validateSignup({ ...valid, companySize: "" }).companySize).toBe("Choose the size of your company");
    expect(validateSignup({ ...valid, phone: "call me" }).phone).toBe("Please provide a valid phone number");
    expect(validateSignup({ ...valid, phone: "+358 40 123 4567" }).phone).toBeUndefined();
  });

  it("length messages carry the limit", () => {
    expect(validateSignup({ ...valid, firstName: "A".repeat(51) }).firstName).toBe("Must be at most 50 characters");
    expect(validateSignup({ ...valid, company: "C".repeat(101) }).company).toBe("Must be at most 100 characters");
    expect(validateSignup({ ...valid, promoCode: "P".repeat(51) }).promoCode).toBe("Must be at most 50 characters");
    expect(validateSignup({ ...valid, firstName: "A".repeat(50) }).firstName).toBeUndefined();
  });

  it("password: 8 characters, upper and lower case, a number and a special character (the checklist's rules)", () => {
    const message = "The password needs at least 8 characters, upper and lower case letters, a number and a special character";
    for (const weak of ["Abcde1!", "abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1"]) {
      expect(validateSignup({ ...valid, password: weak, password2: weak }).password).toBe(message);
      expect(passwordChecks(weak).every((c) => c.ok)).toBe(false);
    }
    expect(passwordChecks("Abcdefg1!").every((c) => c.ok)).toBe(true);
    expect(passwordChecks("Abcde1!").find((c) => c.key === "length")?.ok).toBe(false);
  });

  it("details mode skips e-mail and password but needs the company", () => {
    const details = { ...emptySignupDraft, company: "Engines", industry: "Retail", companySize: "1-9" };
    expect(validateSignup(details, "details")).toEqual({});
    expect(validateSignup({ ...details, company: "" }, "details").company).toBe("This field is required");
  });
});
