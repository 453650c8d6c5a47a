// Pure rules of the organisation settings: logo type by content, contrast, Accept-Language.
import { describe, expect, it } from "vitest";
import { detectLogoType, sanitizeSvg } from "./logo.js";
import { contrastRatio, defaultSurveyAppearance } from "@feedback/shared/organization-settings";
import { readSurveyAppearance } from "./settings.js";
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

  /** Refused: active content found, or (not even well-formed XML, as a browser reads an .svg) not an SVG at all. */
  const active = (svg: string) => sanitizeSvg(Buffer.from(svg))?.removedActiveContent ?? "not an SVG";
  it.each([
    ["an onload handler", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>`],
    ["a handler after a slash", `<svg/onload=alert(1)>`],
    ["a handler on a child", `<svg><rect onclick="x()"/></svg>`],
    ["a script", `<svg><script>alert(1)</script></svg>`],
    ["<set> writing a handler", `<svg><rect id="r"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`],
    ["<animate href> writing a link", `<svg><a id="x"><animate href="#x" attributeName="href" values="javascript:alert(1)"/><text>go</text></a></svg>`],
    ["<animate> with an encoded javascript: value", `<svg><animate attributeName="href" values="&#106;avascript:alert(1)"/></svg>`],
    ["a javascript: link", `<svg><a href="javascript:alert(1)"><rect/></a></svg>`],
    ["foreignObject", `<svg><foreignObject><iframe src="https://evil.test"/></foreignObject></svg>`],
    ["an outside image", `<svg><image href="https://evil.test/x.png"/></svg>`],
    ["an outside image (xlink)", `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="//evil.test/x.png"/></svg>`],
    ["CSS loading an outside resource", `<svg><style>@import url(https://evil.test/x.css);</style><rect/></svg>`],
    ["a style attribute loading an outside resource", `<svg><rect style="fill:url(https://evil.test/x)"/></svg>`],
    ["entities", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>`],
  ])("refuses an SVG with %s", (_label, svg) => expect(active(svg)).not.toBe(false));

  it("keeps a plain logo: shapes, gradients, local references and embedded raster data; drops editor metadata", () => {
    const logo = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10" inkscape:version="1.3">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1f5fbf"/></linearGradient><path id="p" d="M0 0h5v5z"/></defs>
  <rect width="10" height="10" fill="url(#g)" style="stroke:#000"/>
  <use xlink:href="#p"/><image href="data:image/png;base64,AA" width="1" height="1"/>
</svg>`;
    const result = sanitizeSvg(Buffer.from(logo))!;
    expect(result.removedActiveContent).toBe(false);
    const svg = result.svg.toString("utf8");
    expect(svg).toMatch(/^<svg[\s>]/);
    for (const kept of [
      'viewBox="0 0 10 10"',
      "linearGradient",
      'fill="url(#g)"',
      'style="stroke:#000"',
      'xlink:href="#p"',
      'href="data:image/png;base64,AA"',
    ]) {
      expect(svg).toContain(kept);
    }
    expect(svg).not.toContain("inkscape:version");
    // What is stored parses as an SVG document again and sanitises to itself.
    expect(sanitizeSvg(result.svg)!.svg.toString("utf8")).toBe(svg);
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
