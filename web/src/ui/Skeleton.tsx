import type { ReactNode } from "react";
import "./ui.css";

/** The bars of a chart placeholder: heights in percent of the region. */
const CHART_BARS = [55, 80, 40, 95, 65, 75].map((h, i) => ({ key: `bar${i}`, height: `${h}%` }));

/** Full-width lines, the last of several shorter like the end of a paragraph. */
function textLines(count: number) {
  const n = Math.max(1, count);
  return Array.from({ length: n }, (_, i) => ({ key: `line${i}`, width: i === n - 1 && n > 1 ? "60%" : "100%" }));
}

/**
 * A placeholder in the shape of the content on its way. The region is busy (aria-busy) and says
 * what is loading to screen readers; the grey shapes are hidden from them.
 */
export function Skeleton({
  label,
  lines = 3,
  shape = "text",
  height,
}: {
  /** What is loading, e.g. "Loading results". */
  label: ReactNode;
  /** Number of text lines (shape "text"). */
  lines?: number;
  /** text: lines of text; block: one rectangle (a table, a card); chart: bars of a chart. */
  shape?: "text" | "block" | "chart";
  /** Height of a block or chart in CSS units. */
  height?: string;
}) {
  return (
    <div className={`ui-skeleton ui-skeleton--${shape}`} role="status" aria-busy="true" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="ui-skeleton__shapes" aria-hidden="true" style={height ? { height } : undefined}>
        {shape === "text"
          ? textLines(lines).map((line) => <span key={line.key} className="ui-skeleton__line" style={{ width: line.width }} />)
          : shape === "chart"
            ? CHART_BARS.map((bar) => <span key={bar.key} className="ui-skeleton__bar" style={{ height: bar.height }} />)
            : null}
      </div>
    </div>
  );
}
