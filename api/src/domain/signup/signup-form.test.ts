import { describe, expect, it } from "vitest";
import { displayNameOf, signupDetailsSchema, signupFormSchema } from "./signup-form.js";
import { localeFromAcceptLanguage, verificationLink } from "./signup.js";

const valid = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: " Ada@Example.ORG ",
  password: "Abcdefg1!",
  password2: "Abcdefg1!",
  industry: "Retail",
  company: "Engines",
  companySize: "10-49",
};

describe("signup form", () => {
  it("normalises a valid form and applies the defaults (stage initial, type web)", () => {
    const form = signupFormSchema.parse(valid);
    expect(form).toMatchObject({ firstName: "Ada", email: "ada@example.org", stage: "initial", type: "web" });
    expect(form.phone).toBeUndefined();
  });
  it("needs the company details for the web type only", () => {
    expect(signupFormSchema.safeParse({ ...valid, company: "" }).success).toBe(false);
    expect(signupFormSchema.safeParse({ ...valid, type: "landing-page", company: "", industry: null, companySize: "" }).success).toBe(true);
  });
  it("reports the mismatch on password2", () => {
    const result = signupFormSchema.safeParse({ ...valid, password2: "Abcdefg1?" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["password2", "The passwords do not match"]]);
  });
  it("details need company, industry and size", () => {
    expect(signupDetailsSchema.safeParse({ company: "A", industry: "B", companySize: "1-9" }).success).toBe(true);
    expect(signupDetailsSchema.safeParse({ company: "A", industry: "B" }).success).toBe(false);
  });
  it("display name, verification link and language", () => {
    expect(displayNameOf("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(displayNameOf("A".repeat(60), "B".repeat(60))).toHaveLength(100);
    expect(verificationLink("https://x.test", "a+b")).toBe("https://x.test/signup/verify-email?token=a%2Bb");
    expect(localeFromAcceptLanguage("fi-FI,fi;q=0.9")).toBe("fi");
    expect(localeFromAcceptLanguage("de, sv")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
  });
});
