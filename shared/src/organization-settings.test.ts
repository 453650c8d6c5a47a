import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  defaultSurveyAppearance,
  hasEnoughContrast,
  logoMaxBytes,
  validateAppearance,
  validateLogoFile,
  validateScale,
  type AppearanceDraft,
} from "./organization-settings.js";
import { appearanceMessages, satisfactionScaleSchema, scaleMessages, surveyAppearanceSchema } from "./organization-settings-schema.js";

const appearance = (change: Partial<AppearanceDraft>): AppearanceDraft => ({ ...defaultSurveyAppearance, ...change });

describe("contrast", () => {
  it("is the WCAG 2 ratio, and 4.5:1 is enough", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1, 5);
    // #767676 on white is the lightest grey at 4.5:1; #777777 just misses it.
    expect(hasEnoughContrast("#767676", "#ffffff")).toBe(true);
    expect(hasEnoughContrast("#777777", "#ffffff")).toBe(false);
  });
});

describe("survey appearance: the form's check and the api's schema agree", () => {
  const cases: Array<[string, AppearanceDraft, ReturnType<typeof validateAppearance>]> = [
    ["the default", defaultSurveyAppearance, {}],
    ["upper-case hex", appearance({ primaryColor: "#AABBCC" }), {}],
    ["a colour name", appearance({ primaryColor: "red" }), { primaryColor: "color" }],
    ["a short hex", appearance({ backgroundColor: "#fff" }), { backgroundColor: "color" }],
    ["too little contrast", appearance({ textColor: "#eeeeee" }), { textColor: "contrast" }],
    ["a bad background hides the contrast problem", appearance({ textColor: "#eeeeee", backgroundColor: "white" }), { backgroundColor: "color" }],
  ];

  it.each(cases)("%s", (_name, draft, errors) => {
    expect(validateAppearance(draft)).toEqual(errors);
    const parsed = surveyAppearanceSchema.safeParse(draft);
    expect(parsed.success).toBe(Object.keys(errors).length === 0);
    if (!parsed.success) {
      const expected = Object.values(errors).includes("color") ? appearanceMessages.color : appearanceMessages.contrast;
      expect(parsed.error.issues.map((i) => i.message)).toContain(expected);
    }
  });

  it("the api stores colours in lower case; fonts and button styles come from the lists", () => {
    expect(surveyAppearanceSchema.parse(appearance({ primaryColor: " #AABBCC " })).primaryColor).toBe("#aabbcc");
    expect(surveyAppearanceSchema.safeParse(appearance({ font: "comic" as never })).error?.issues[0]?.message).toBe(appearanceMessages.font);
    expect(surveyAppearanceSchema.safeParse(appearance({ buttonStyle: "round" as never })).error?.issues[0]?.message).toBe(appearanceMessages.buttonStyle);
  });
});

describe("satisfaction scale: the form's check and the api's schema agree", () => {
  const cases: Array<[string, string, ReturnType<typeof validateScale>]> = [
    ["1", "5", {}],
    ["0", "10", {}],
    ["5", "5", { min: "order" }],
    ["6", "5", { min: "order" }],
    ["1.5", "5", { min: "whole" }],
    ["1", "11", { max: "whole" }],
    ["-1", "5", { min: "whole" }],
  ];

  it.each(cases)("min %s, max %s", (min, max, errors) => {
    expect(validateScale({ enabled: true, min, max })).toEqual(errors);
    const parsed = satisfactionScaleSchema.safeParse({ enabled: true, min: Number(min), max: Number(max) });
    expect(parsed.success).toBe(Object.keys(errors).length === 0);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(errors.min === "order" ? scaleMessages.scaleOrder : scaleMessages.scaleWhole);
  });

  it("the form refuses text the api would never receive as a number", () => {
    expect(validateScale({ enabled: true, min: "", max: "5" })).toEqual({ min: "whole" });
    expect(validateScale({ enabled: true, min: "1e0", max: "5" })).toEqual({ min: "whole" });
  });
});

describe("logo file", () => {
  it("takes the four image types by type or name, up to 1 MB, and never an empty file", () => {
    expect(validateLogoFile({ name: "a.png", type: "image/png", size: 10 })).toBeNull();
    expect(validateLogoFile({ name: "logo.SVG", type: "", size: 10 })).toBeNull();
    expect(validateLogoFile({ name: "a.gif", type: "image/gif", size: 10 })).toBe("type");
    expect(validateLogoFile({ name: "a.png", type: "image/png", size: logoMaxBytes })).toBeNull();
    expect(validateLogoFile({ name: "a.png", type: "image/png", size: logoMaxBytes + 1 })).toBe("size");
    expect(validateLogoFile({ name: "a.png", type: "image/png", size: 0 })).toBe("empty");
  });
});
