import { describe, expect, it } from "vitest";
import { failureDetail } from "./ExportPanel";

describe("failureDetail: one failure text for web and API (spec 001 §8)", () => {
  it("the server's own failure text adds nothing (the web shows it localised)", () => {
    expect(failureDetail("File generation failed. Contact support.")).toBeNull();
    expect(failureDetail("PDF generation failed. Contact support.")).toBeNull();
    expect(failureDetail(null)).toBeNull();
  });
  it("any other reason is shown after the failure text", () => {
    expect(failureDetail("This share link has expired")).toBe("This share link has expired");
    expect(failureDetail("PDF printing needs Chromium: install it")).toBe("PDF printing needs Chromium: install it");
  });
});
