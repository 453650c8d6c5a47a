// SMS segments: GSM-7 160/153 with the extension characters taking two septets, UCS-2 70/67.
import { describe, expect, it } from "vitest";
import { isGsm7, smsSegments } from "./segments.js";

describe("smsSegments", () => {
  it("counts GSM-7 texts: 160 in one part, 153 per part after that", () => {
    expect(smsSegments("")).toEqual({ encoding: "GSM-7", segments: 0, units: 0 });
    expect(smsSegments("a".repeat(160))).toMatchObject({ encoding: "GSM-7", segments: 1, units: 160 });
    expect(smsSegments("a".repeat(161))).toMatchObject({ segments: 2 });
    expect(smsSegments("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments("a".repeat(307))).toMatchObject({ segments: 3 });
    // Finnish and Spanish letters of the GSM alphabet stay 7-bit.
    expect(smsSegments("Hyvää päivää, ¿qué tal? Ñ")).toMatchObject({ encoding: "GSM-7", segments: 1 });
    // ú is not in the alphabet (ù is).
    expect(smsSegments("¿Qué tal? Ñandú")).toMatchObject({ encoding: "UCS-2" });
  });

  it("counts the extension characters as two septets and never splits them between parts", () => {
    expect(smsSegments("€".repeat(80))).toMatchObject({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsSegments(`${"a".repeat(159)}{`)).toMatchObject({ units: 161, segments: 2 });
    // 152 septets then an escape pair: the pair moves to the second part.
    const text = `${"a".repeat(152)}[${"a".repeat(152)}`;
    expect(smsSegments(text)).toMatchObject({ units: 306, segments: 3 });
    expect(isGsm7("|^{}[]~\\€")).toBe(true);
  });

  it("sends anything outside GSM-7 as UCS-2: 70 in one part, 67 per part, surrogate pairs kept whole", () => {
    expect(smsSegments("Привет".repeat(11) + "Прив")).toMatchObject({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(smsSegments("ж".repeat(71))).toMatchObject({ encoding: "UCS-2", segments: 2 });
    expect(smsSegments("ж".repeat(134))).toMatchObject({ segments: 2 });
    expect(smsSegments("ж".repeat(135))).toMatchObject({ segments: 3 });
    // An emoji is two UTF-16 units: 35 of them fill one part exactly.
    expect(smsSegments("😀".repeat(35))).toMatchObject({ units: 70, segments: 1 });
    // 66 units then an emoji: it does not fit the first part's last unit.
    expect(smsSegments(`${"ж".repeat(66)}😀${"ж".repeat(66)}`)).toMatchObject({ units: 134, segments: 3 });
    // One character outside the alphabet (a curly quote) turns the whole text to UCS-2.
    expect(smsSegments(`${"a".repeat(70)}’`)).toMatchObject({ encoding: "UCS-2", segments: 2 });
  });
});
