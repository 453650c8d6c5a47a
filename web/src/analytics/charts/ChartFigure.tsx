import type { ReactNode } from "react";
import { useId } from "react";
import { VictoryContainer } from "victory";
import "./charts.css";

/**
 * The frame of every chart: a figure named by its visible caption, the drawing as one image whose
 * accessible name is the chart's summary in words, and the numbers in a visually hidden table.
 */
export function ChartFigure({
  title,
  summary,
  children,
  table,
  className,
  testId,
}: {
  title: string;
  /** What the chart shows, in one or two sentences (the image's accessible name). */
  summary: string;
  children: ReactNode;
  /** A DataTable (or other text) with every value the drawing shows. */
  table?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <figure className={`chart ${className ?? ""}`.trim()} aria-labelledby={`${id}-caption`} data-testid={testId}>
      <figcaption id={`${id}-caption`} className="chart__title">
        {title}
      </figcaption>
      <div className="chart__drawing" role="img" aria-label={summary}>
        {children}
      </div>
      {table}
    </figure>
  );
}

/**
 * The values of a chart as a table that only screen readers (and tests) read. The table sits in a
 * hidden box: a table is never narrower than its content, so a hidden table itself, as wide as its
 * longest row, reached past the window's edge and the page scrolled sideways (issue 15).
 */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: Array<Array<string | number>> }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Victory's svg as a plain drawing: the surrounding figure carries the name and the data. */
export const chartContainer = <VictoryContainer role="presentation" aria-hidden="true" />;
