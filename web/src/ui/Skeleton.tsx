import "./ui.css";

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
  label: string;
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
          ? Array.from({ length: Math.max(1, lines) }, (_, i) => (
              <span key={i} className="ui-skeleton__line" style={{ width: i === lines - 1 && lines > 1 ? "60%" : "100%" }} />
            ))
          : shape === "chart"
            ? [55, 80, 40, 95, 65, 75].map((h, i) => <span key={i} className="ui-skeleton__bar" style={{ height: `${h}%` }} />)
            : null}
      </div>
    </div>
  );
}
