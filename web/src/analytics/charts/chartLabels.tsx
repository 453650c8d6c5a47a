/**
 * Axis and point labels that fit: long labels (a Finnish touchpoint name, a driver "question:
 * answer") are wrapped onto two lines and then shortened with an ellipsis; the drawn label keeps
 * the full text as its tooltip (svg <title>), and every chart writes the full text in its data table
 * and summary for screen readers. Paddings and heights follow the labels and the number of bars,
 * so nothing is cut off at the edge of the drawing.
 */
import { VictoryLabel, type VictoryLabelProps } from "victory";

/** Average glyph width of the axis font, as a share of its size (a little generous for Ä, Ö, W…). */
const glyph = 0.6;

const chars = (text: string) => [...text];

/** The text shortened to `max` characters, ending with "…" when cut. */
export function truncateLabel(text: string, max: number): string {
  const c = chars(text);
  return c.length <= max
    ? text
    : `${c
        .slice(0, Math.max(1, max - 1))
        .join("")
        .trimEnd()}…`;
}

/** The text wrapped at spaces into at most `lines` lines of `max` characters; the last line is shortened when more is left. */
export function wrapLabel(text: string, max: number, lines = 2): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (chars(next).length <= max) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = word;
    if (out.length === lines - 1) {
      // The last line takes the rest, shortened.
      out.push(truncateLabel([line, ...words.slice(i + 1)].join(" "), max));
      return out;
    }
  }
  if (line) out.push(chars(line).length > max ? truncateLabel(line, max) : line);
  return out.slice(0, lines);
}

/** How many characters fit in `px` at `fontSize`. */
export function charsThatFit(px: number, fontSize = 11): number {
  return Math.max(4, Math.floor(px / (fontSize * glyph)));
}

/** The width in px the longest of the labels takes at `fontSize` (after wrapping to `max` characters). */
export function labelWidth(labels: readonly string[], max: number, fontSize = 11): number {
  const longest = Math.max(0, ...labels.flatMap((l) => wrapLabel(l, max).map((line) => chars(line).length)));
  return Math.ceil(longest * fontSize * glyph);
}

/**
 * The left padding of a horizontal bar chart: room for its category labels (wrapped to two lines of
 * at most `maxChars`), never less than `min` nor more than `max` px.
 */
export function categoryPadding(labels: readonly string[], { maxChars = 26, min = 60, max = 190, fontSize = 11 } = {}): number {
  return Math.min(max, Math.max(min, labelWidth(labels, maxChars, fontSize) + 14));
}

/**
 * The room under a vertical chart for its category labels written at `angle` degrees (0: level),
 * each shortened to `maxChars`: the rotated text's height plus the tick padding.
 */
export function rotatedLabelRoom(labels: readonly string[], angle: number, { maxChars = 14, fontSize = 11 } = {}) {
  const longest = Math.max(0, ...labels.map((l) => chars(truncateLabel(l, maxChars)).length)) * fontSize * glyph;
  const rad = (Math.abs(angle) * Math.PI) / 180;
  return {
    /** Below the axis. */
    bottom: Math.ceil(longest * Math.sin(rad) + fontSize * Math.cos(rad) + 16),
    /** Left of the first tick (end-anchored labels reach back this far). */
    left: Math.ceil(longest * Math.cos(rad)),
  };
}

/**
 * A Victory tick or bar label drawn shortened (wrapped to `lines` lines of `maxChars`) with the
 * full text as its tooltip. Use as `tickLabelComponent={<FittedLabel maxChars={20} />}`.
 */
export function FittedLabel(props: VictoryLabelProps & { maxChars?: number; lines?: number }) {
  const { maxChars = 20, lines = 1, text, ...rest } = props;
  const full = Array.isArray(text) ? text.join(" ") : text === undefined || text === null ? "" : String(text);
  if (!full) return <VictoryLabel {...rest} text="" />;
  const shown = lines > 1 ? wrapLabel(full, maxChars, lines) : [truncateLabel(full, maxChars)];
  return (
    <g className="chart__label">
      <title>{full}</title>
      <VictoryLabel {...rest} text={shown.length > 1 ? shown : shown[0]} />
    </g>
  );
}
