/**
 * Client-side rules of the organisation settings, the same as the API's
 * (api/src/domain/organization/settings.ts, logo.ts), so the save button is disabled while invalid.
 * Messages are returned as keys; the forms localise them.
 */
export const SCALE_LOWEST = 0;
export const SCALE_HIGHEST = 10;
export const PRIVACY_POLICY_MAX = 10_000;
export const MINIMUM_CONTRAST = 4.5;
export const LOGO_MAX_BYTES = 1_048_576;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/svg+xml", "image/webp"] as const;

export const SURVEY_FONTS = ["system", "sans", "serif", "rounded"] as const;
export const BUTTON_STYLES = ["rounded", "square", "pill"] as const;
export type SurveyFont = (typeof SURVEY_FONTS)[number];
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export interface ScaleDraft {
  enabled: boolean;
  min: string;
  max: string;
}
export type ScaleError = "whole" | "order";

export function validateScale(draft: ScaleDraft): { min?: ScaleError; max?: ScaleError } {
  const errors: { min?: ScaleError; max?: ScaleError } = {};
  const whole = (v: string) => /^\d+$/.test(v.trim()) && Number(v) >= SCALE_LOWEST && Number(v) <= SCALE_HIGHEST;
  if (!whole(draft.min)) errors.min = "whole";
  if (!whole(draft.max)) errors.max = "whole";
  if (!errors.min && !errors.max && Number(draft.min) >= Number(draft.max)) errors.min = "order";
  return errors;
}

export interface AppearanceDraft {
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  font: SurveyFont;
  buttonStyle: ButtonStyle;
}
export type AppearanceError = "color" | "contrast";

export const isHexColor = (v: string) => /^#[0-9a-fA-F]{6}$/.test(v.trim());

/** WCAG 2 contrast ratio of two #rrggbb colours. */
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

export function validateAppearance(draft: AppearanceDraft): Partial<Record<"primaryColor" | "backgroundColor" | "textColor", AppearanceError>> {
  const errors: Partial<Record<"primaryColor" | "backgroundColor" | "textColor", AppearanceError>> = {};
  for (const key of ["primaryColor", "backgroundColor", "textColor"] as const) {
    if (!isHexColor(draft[key])) errors[key] = "color";
  }
  if (!errors.textColor && !errors.backgroundColor && contrastRatio(draft.textColor, draft.backgroundColor) < MINIMUM_CONTRAST) {
    errors.textColor = "contrast";
  }
  return errors;
}

export type LogoFileError = "type" | "size" | "empty";

/** A first check by type and size; the server checks the content itself. */
export function validateLogoFile(file: { type: string; size: number; name: string }): LogoFileError | null {
  if (file.size === 0) return "empty";
  const byName = /\.(png|jpe?g|svg|webp)$/i.test(file.name);
  if (!(LOGO_TYPES as readonly string[]).includes(file.type) && !byName) return "type";
  if (file.size > LOGO_MAX_BYTES) return "size";
  return null;
}
