import { describe, expect, it } from "vitest";
import { isStrongPassword, validateProfile, type ProfileDraft } from "./profileValidation";

const draft = (over: Partial<ProfileDraft> = {}): ProfileDraft => ({
  displayName: "Ada",
  email: "ada@example.org",
  locale: "en",
  receiveDigest: true,
  password: "",
  passwordConfirmation: "",
  ...over,
});

describe("profile validation", () => {
  it("accepts a valid profile without a new password", () => {
    expect(validateProfile(draft())).toEqual({});
  });
  it("requires a valid e-mail address", () => {
    expect(validateProfile(draft({ email: "nope" })).email).toBe("Please provide a valid e-mail address");
    expect(validateProfile(draft({ email: "a@b" })).email).toBe("Please provide a valid e-mail address");
  });
  it("accepts the profile locales en, es, fi and se only", () => {
    for (const locale of ["en", "es", "fi", "se"]) expect(validateProfile(draft({ locale })).locale).toBeUndefined();
    expect(validateProfile(draft({ locale: "de" })).locale).toBeTruthy();
  });
  it("requires a name within 100 characters", () => {
    expect(validateProfile(draft({ displayName: " " })).displayName).toBe("This field is required");
    expect(validateProfile(draft({ displayName: "x".repeat(101) })).displayName).toBe("The maximum length is 100 characters");
  });
  it("checks a new password's strength and confirmation", () => {
    expect(isStrongPassword("Abcdef1!")).toBe(true);
    expect(isStrongPassword("abcdef1!")).toBe(false);
    expect(isStrongPassword("Abcdefg!")).toBe(false);
    expect(isStrongPassword("Abc1!")).toBe(false);
    const mismatch = validateProfile(draft({ password: "Abcdef1!", passwordConfirmation: "Abcdef1?" }));
    expect(mismatch.passwordConfirmation).toBe("The passwords do not match");
    expect(mismatch.password).toBeUndefined();
    expect(validateProfile(draft({ password: "weak", passwordConfirmation: "weak" })).password).toBeTruthy();
    expect(validateProfile(draft({ password: "Abcdef1!", passwordConfirmation: "Abcdef1!" }))).toEqual({});
  });
});
