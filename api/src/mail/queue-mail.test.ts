import { describe, expect, it } from "vitest";
import { linkInLanguage } from "./queue-mail.js";

describe("links in mail", () => {
  const base = "https://feedback.example.com";
  it("open in the mail's language", () => {
    expect(linkInLanguage(`${base}/signup/verify-email?token=abc`, "fi", base)).toBe(`${base}/signup/verify-email?token=abc&locale=fi`);
    expect(linkInLanguage(`${base}/accept-invitation?token=x`, "es", base)).toBe(`${base}/accept-invitation?token=x&locale=es`);
  });
  it("stay as they are in English, for se, for other sites and when a locale is already there", () => {
    expect(linkInLanguage(`${base}/reset-password?token=x`, "en", base)).toBe(`${base}/reset-password?token=x`);
    expect(linkInLanguage(`${base}/reset-password?token=x`, "se", base)).toBe(`${base}/reset-password?token=x`);
    expect(linkInLanguage("https://elsewhere.example/x", "fi", base)).toBe("https://elsewhere.example/x");
    expect(linkInLanguage(`${base}/x?locale=es`, "fi", base)).toBe(`${base}/x?locale=es`);
  });
});
