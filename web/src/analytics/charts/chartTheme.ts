/**
 * Colours and number formatting shared by the analytics charts. Colour never carries meaning
 * alone: every chart also writes its values as text (labels, a hidden data table).
 */
import { i18n } from "@lingui/core";

export const palette = {
  primary: "#1d4ed8",
  earlier: "#9ca3af",
  red: "#b91c1c",
  orange: "#c2410c",
  yellow: "#a16207",
  green: "#15803d",
  grey: "#6b7280",
  text: "#1f2937",
  grid: "#e5e7eb",
};

/** A categorical series palette (AA contrast against white for the first six). */
export const seriesColours = ["#1d4ed8", "#c2410c", "#15803d", "#7e22ce", "#0e7490", "#a16207", "#be185d", "#4b5563"];

export type SatisfactionBand = "dissatisfied" | "neutral" | "satisfied";

/** domain-facts §4c: < 25 red/dissatisfied, 25 to < 75 orange/neutral, ≥ 75 green/satisfied. */
export function satisfactionBand(percent: number): SatisfactionBand {
  if (percent < 25) return "dissatisfied";
  if (percent < 75) return "neutral";
  return "satisfied";
}

export const bandColour: Record<SatisfactionBand, string> = {
  dissatisfied: palette.red,
  neutral: palette.orange,
  satisfied: palette.green,
};

/** A number in the active locale; null and NaN become an en dash. */
export function formatNumber(value: number | null | undefined, maximumFractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  return new Intl.NumberFormat(i18n.locale || "en", { maximumFractionDigits }).format(value);
}

export function formatPercent(value: number | null | undefined, maximumFractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  return `${formatNumber(value, maximumFractionDigits)} %`;
}

/** A signed score (NPS, EVI): +12, −5, 0. */
export function formatSigned(value: number | null | undefined, maximumFractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  const text = formatNumber(Math.abs(value), maximumFractionDigits);
  if (value > 0) return `+${text}`;
  if (value < 0) return `−${text}`;
  return text;
}

export const axisStyle = {
  axis: { stroke: palette.grey },
  tickLabels: { fill: palette.text, fontSize: 11, padding: 4 },
  grid: { stroke: palette.grid },
  axisLabel: { fill: palette.text, fontSize: 12, padding: 30 },
};
