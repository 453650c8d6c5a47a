// Pure rules of the organisation settings: logo type by content, contrast, Accept-Language.
import { describe, expect, it } from "vitest";
import { detectLogoType, isUnsafeSvg } from "./logo.js";
import { contrastRatio, readSurveyAppearance, defaultSurveyAppearance } from "./settings.js";
import { parseAcceptLanguage } from "../users/location.js";

describe("logo type by content", () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], "image/png"],
    [[0xff, 0xd8, 0xff, 0xe0, 0], "image/jpeg"],
    [[...Buffer.from("RIFF"), 1, 2, 3, 4, ...Buffer.from("WEBPVP8 ")], "image/webp"],
    [[...Buffer.from("\uFEFF<!-- logo --><svg viewBox='0 0 1 1'/>")], "image/svg+xml"],
    [[...Buffer.from("<?xml version='1.0'?><!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN' 'x'><svg>")], "image/svg+xml"],
    [[...Buffer.from("GIF89a")], null],
    [[...Buffer.from("<html><svg></svg></html>")], null],
    [[...Buffer.from("RIFF1234WAVE")], null],
  ])("%j → %s", (bytes, type) => expect(detectLogoType(Uint8Array.from(bytes))).toBe(type));

  it("finds scripts, handlers and outside references in SVGs", () => {
    expect(isUnsafeSvg(Buffer.from(`<svg><rect onload="x()"/></svg>`))).toBe(true);
    expect(isUnsafeSvg(Buffer.from(`<svg><image href="https://evil.test/x.png"/></svg>`))).toBe(true);
    expect(isUnsafeSvg(Buffer.from(`<svg><use href="#a"/><image xlink:href="data:image/png;base64,AA"/></svg>`))).toBe(false);
  });
});

describe("survey appearance", () => {
  it("computes WCAG contrast", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
  });
  it("fills defaults for stored values that are missing or broken", () => {
    expect(readSurveyAppearance({})).toEqual(defaultSurveyAppearance);
    expect(readSurveyAppearance({ font: "comic" })).toEqual(defaultSurveyAppearance);
    expect(readSurveyAppearance({ font: "serif" }).font).toBe("serif");
  });
});

describe("Accept-Language", () => {
  it("orders by quality and reads regions", () => {
    expect(parseAcceptLanguage("en;q=0.5, fi-FI, es;q=0.8")).toEqual([
      { language: "fi", region: "FI" },
      { language: "es", region: null },
      { language: "en", region: null },
    ]);
    expect(parseAcceptLanguage("*, zh-Hant-TW;q=0.3, bad tag")).toEqual([{ language: "zh", region: "TW" }]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});
