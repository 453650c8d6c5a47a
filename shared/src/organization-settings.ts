// The organisation settings' rules (spec 000 §2 "Organisation settings sections", docs/organization-settings.md):
// the choices and limits of the survey appearance, the satisfaction scale, the privacy policy and
// the logo, with the checks the settings forms run before they save. The api validates the same
// rules with the zod schemas of ./organization-settings-schema.ts, built on these predicates; this
// file has no imports, so the web client can use it without bundling zod.

export const surveyFonts = ["system", "sans", "serif", "rounded"] as const;
export const buttonStyles = ["rounded", "square", "pill"] as const;
export type SurveyFont = (typeof surveyFonts)[number];
export type ButtonStyle = (typeof buttonStyles)[number];

export type SurveyAppearance = {
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  font: SurveyFont;
  buttonStyle: ButtonStyle;
};

export const defaultSurveyAppearance: SurveyAppearance = {
  primaryColor: "#2563eb",
  backgroundColor: "#ffffff",
  textColor: "#1f2937",
  font: "system",
  buttonStyle: "rounded",
};

/** Spec 000 §9: disabled, 1 to 5. */
export const defaultSatisfactionScale = { enabled: false, min: 1, max: 5 } as const;
/** Scale values are whole numbers from lowest to highest; the minimum is below the maximum. */
export const satisfactionScaleBounds = { lowest: 0, highest: 10 } as const;
/** WCAG 2 AA for normal text: the survey's text on its background. */
export const minimumContrast = 4.5;
export const organizationNameMaxLength = 100;
export const privacyPolicyMaxLength = 10_000;
export const logoMaxBytes = 1_048_576;
export const logoTypes = ["image/png", "image/jpeg", "image/svg+xml", "image/webp"] as const;
export type LogoType = (typeof logoTypes)[number];

/** A colour as the settings store it: #rrggbb. */
export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: string) => hexColorPattern.test(value.trim());

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Whether text of one colour is readable enough on a background of the other. */
export const hasEnoughContrast = (text: string, background: string) => contrastRatio(text, background) >= minimumContrast;

export const isScaleValue = (n: number) => Number.isInteger(n) && n >= satisfactionScaleBounds.lowest && n <= satisfactionScaleBounds.highest;

// ---------------------------------------------------------------------------------------------
// The forms' checks: drafts as typed (strings), problems as keys the forms translate.
// ---------------------------------------------------------------------------------------------

export interface ScaleDraft {
  enabled: boolean;
  min: string;
  max: string;
}
export type ScaleError = "whole" | "order";

export function validateScale(draft: ScaleDraft): { min?: ScaleError; max?: ScaleError } {
  const errors: { min?: ScaleError; max?: ScaleError } = {};
  const whole = (v: string) => /^\d+$/.test(v.trim()) && isScaleValue(Number(v));
  if (!whole(draft.min)) errors.min = "whole";
  if (!whole(draft.max)) errors.max = "whole";
  if (!errors.min && !errors.max && Number(draft.min) >= Number(draft.max)) errors.min = "order";
  return errors;
}

export type AppearanceDraft = SurveyAppearance;
export type AppearanceError = "color" | "contrast";
export type AppearanceErrors = Partial<Record<"primaryColor" | "backgroundColor" | "textColor", AppearanceError>>;

export function validateAppearance(draft: AppearanceDraft): AppearanceErrors {
  const errors: AppearanceErrors = {};
  for (const key of ["primaryColor", "backgroundColor", "textColor"] as const) {
    if (!isHexColor(draft[key])) errors[key] = "color";
  }
  if (!errors.textColor && !errors.backgroundColor && !hasEnoughContrast(draft.textColor.trim(), draft.backgroundColor.trim())) {
    errors.textColor = "contrast";
  }
  return errors;
}

export type LogoFileError = "type" | "size" | "empty";

/** A first check of a chosen file by type and size; the api checks the content itself (domain/organization/logo.ts). */
export function validateLogoFile(file: { type: string; size: number; name: string }): LogoFileError | null {
  if (file.size === 0) return "empty";
  const byName = /\.(png|jpe?g|svg|webp)$/i.test(file.name);
  if (!(logoTypes as readonly string[]).includes(file.type) && !byName) return "type";
  if (file.size > logoMaxBytes) return "size";
  return null;
}
