import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryChart, VictoryLabel, VictoryLine, VictoryScatter } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { axisStyle, formatNumber, palette } from "./chartTheme";

export interface RootCauseItem {
  id: string;
  /** The question, or "question: answer option". */
  label: string;
  /** Importance for the outcome, 0…1 (correlation or relative weight). */
  importance: number;
  /** Performance, 0…100 (mean score in percent). */
  performance: number;
  sampleSize: number;
  significant: boolean;
  /** The API's own quadrant when it gives one (otherwise computed from the splits). */
  quadrant?: Quadrant | null;
}

/** The quadrants as the root-cause API names them (docs/root-cause.md). */
export type Quadrant = "fixFirst" | "strength" | "monitor" | "maintain";

/** High importance and low performance is what to fix first; the split is at the given thresholds. */
export function quadrantOf(item: Pick<RootCauseItem, "importance" | "performance">, splitImportance: number, splitPerformance: number): Quadrant {
  const important = item.importance >= splitImportance;
  const performing = item.performance >= splitPerformance;
  if (important && !performing) return "fixFirst";
  if (important && performing) return "strength";
  if (!important && !performing) return "monitor";
  return "maintain";
}

/**
 * Importance against performance for an outcome (NPS or satisfaction): a scatter split into four
 * labelled quadrants. Significant drivers are filled diamonds marked with an asterisk, the others
 * hollow circles, so the significance reads without colour.
 */
export function RootCauseChart({
  title,
  outcomeLabel,
  items,
  splitImportance,
  splitPerformance,
}: {
  title: string;
  outcomeLabel: string;
  items: RootCauseItem[];
  splitImportance?: number;
  splitPerformance?: number;
}) {
  const { t } = useLingui();
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const splitI = splitImportance ?? mean(items.map((i) => i.importance));
  const splitP = splitPerformance ?? mean(items.map((i) => i.performance));
  const quadrantName: Record<Quadrant, string> = {
    fixFirst: t`Fix first: important, low performance`,
    strength: t`Strengths: important, high performance`,
    monitor: t`Monitor: less important, low performance`,
    maintain: t`Maintain: less important, high performance`,
  };
  const quadrant = (i: RootCauseItem) => i.quadrant ?? quadrantOf(i, splitI, splitP);
  const sorted = [...items].sort((a, b) => b.importance - a.importance);
  const fixFirst = sorted.filter((i) => quadrant(i) === "fixFirst");
  const summary =
    items.length === 0
      ? t`${title}: not enough responses for a root-cause analysis.`
      : fixFirst.length
        ? t`${title} for ${outcomeLabel}: fix first ${fixFirst.map((i) => i.label).join(", ")}.`
        : t`${title} for ${outcomeLabel}: nothing important performs below the others.`;
  const maxI = Math.max(0.1, ...items.map((i) => i.importance));
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="root-cause-chart"
      table={
        <DataTable
          caption={t`${title} for ${outcomeLabel}`}
          columns={[t`Driver`, t`Importance`, t`Performance`, t`Sample size`, t`Significant`, t`Quadrant`]}
          rows={sorted.map((i) => [
            i.label,
            formatNumber(i.importance, 2),
            formatNumber(i.performance, 1),
            formatNumber(i.sampleSize),
            i.significant ? t`Yes` : t`No`,
            quadrantName[quadrant(i)],
          ])}
        />
      }
    >
      {items.length === 0 ? (
        <p className="chart__empty">{t`Not enough responses for a root-cause analysis.`}</p>
      ) : (
        <>
          <VictoryChart
            containerComponent={chartContainer}
            height={360}
            width={560}
            padding={{ top: 20, bottom: 50, left: 60, right: 20 }}
            domain={{ x: [0, maxI * 1.1], y: [0, 100] }}
          >
            <VictoryAxis label={t`Importance`} style={axisStyle} tickFormat={(v: number) => formatNumber(v, 2)} />
            <VictoryAxis dependentAxis label={t`Performance`} style={axisStyle} tickFormat={(v: number) => formatNumber(v)} />
            <VictoryLine
              data={[
                { x: splitI, y: 0 },
                { x: splitI, y: 100 },
              ]}
              style={{ data: { stroke: palette.grey, strokeDasharray: "4 4" } }}
            />
            <VictoryLine
              data={[
                { x: 0, y: splitP },
                { x: maxI * 1.1, y: splitP },
              ]}
              style={{ data: { stroke: palette.grey, strokeDasharray: "4 4" } }}
            />
            <VictoryLabel x={555} y={345} textAnchor="end" text={t`Fix first`} style={{ fill: palette.red, fontSize: 12, fontWeight: 700 }} />
            <VictoryLabel x={555} y={28} textAnchor="end" text={t`Strengths`} style={{ fill: palette.green, fontSize: 12, fontWeight: 700 }} />
            <VictoryLabel x={66} y={345} textAnchor="start" text={t`Monitor`} style={{ fill: palette.grey, fontSize: 12 }} />
            <VictoryLabel x={66} y={28} textAnchor="start" text={t`Maintain`} style={{ fill: palette.grey, fontSize: 12 }} />
            <VictoryScatter
              data={sorted.map((i, n) => ({ x: i.importance, y: i.performance, significant: i.significant, label: `${n + 1}${i.significant ? "*" : ""}` }))}
              size={({ datum }: { datum?: { significant: boolean } }) => (datum?.significant ? 6 : 4)}
              symbol={({ datum }: { datum?: { significant: boolean } }) => (datum?.significant ? "diamond" : "circle")}
              style={{
                data: {
                  fill: ({ datum }: { datum?: { significant: boolean } }) => (datum?.significant ? palette.primary : "#ffffff"),
                  stroke: palette.primary,
                  strokeWidth: 2,
                },
                labels: { fontSize: 10, fill: palette.text, fontWeight: 700 },
              }}
              labels={({ datum }: { datum: { label: string } }) => datum.label}
            />
          </VictoryChart>
          {/* The points carry numbers, named here: long driver names drawn beside the points overlapped. */}
          <ol className="chart__key" aria-hidden="true">
            {sorted.map((i) => (
              <li key={i.id}>
                {i.label}
                {i.significant ? " *" : ""}
              </li>
            ))}
          </ol>
          <p className="chart__legend">{t`◆ * significant driver · ○ not significant (too few responses or no clear link)`}</p>
        </>
      )}
    </ChartFigure>
  );
}
