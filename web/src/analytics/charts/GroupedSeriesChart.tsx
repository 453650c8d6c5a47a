import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLabel } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { categoryPadding, FittedLabel, rotatedLabelRoom } from "./chartLabels";
import { axisStyle, formatNumber, palette } from "./chartTheme";
import { formatMetric, type SeriesMetric } from "./DailySeriesChart";

/** Spec 001 §3 groupBy (default daily), as the API's filters name them (api/src/domain/results-scope/filters.ts). */
export type GroupBy = "daily" | "hourly" | "weekday" | "weekNumber" | "monthly" | "source" | "metadata";

export interface GroupedPoint {
  label: string;
  value: number | null;
  count: number;
}

/** A question's result per group: its value as a bar with the value and the number of answers written on it. */
export function GroupedSeriesChart({ title, groupBy, metric, points }: { title: string; groupBy: GroupBy; metric: SeriesMetric; points: GroupedPoint[] }) {
  const { t } = useLingui();
  const groupName: Record<GroupBy, string> = {
    daily: t`Date`,
    hourly: t`Hour`,
    weekday: t`Weekday`,
    weekNumber: t`Week number`,
    monthly: t`Month`,
    source: t`Source`,
    metadata: t`Metadata`,
  };
  const metricName = metric === "responses" ? t`Responses` : metric === "satisfaction" ? t`Satisfaction` : t`NPS`;
  const withValue = points.filter((p) => p.value !== null);
  const best = withValue.length ? withValue.reduce((a, b) => (b.value! > a.value! ? b : a)) : null;
  const worst = withValue.length ? withValue.reduce((a, b) => (b.value! < a.value! ? b : a)) : null;
  const summary =
    best && worst
      ? t`${title} by ${groupName[groupBy]}: highest ${best.label} ${formatMetric(metric, best.value)}, lowest ${worst.label} ${formatMetric(metric, worst.value)}.`
      : t`${title} by ${groupName[groupBy]}: no answers.`;
  const domainY: [number, number] | undefined = metric === "satisfaction" ? [0, 100] : metric === "nps" ? [-100, 100] : undefined;
  const horizontal = groupBy === "source" || groupBy === "metadata";
  // Many columns (e.g. 90 days): every label would overlap, so at most ~12 axis labels and no value
  // written on each bar; every value stays in the data table and the summary.
  const step = !horizontal && points.length > 16 ? Math.ceil(points.length / 12) : 1;
  const barLabels = horizontal || points.length <= 31;
  // Sized to the data: a horizontal chart 30 px a group with its labels' width at the left; a
  // vertical one with room below for its (slanted, shortened) labels, so none is cut off.
  const angle = !horizontal && points.length > 8 ? -40 : 0;
  const room = rotatedLabelRoom(
    points.filter((_, i) => i % step === 0).map((p) => p.label),
    angle,
  );
  const slot = (560 - Math.max(50, room.left + 8) - 20 - 28) / Math.max(1, points.length);
  const left = categoryPadding(
    points.map((p) => p.label),
    { maxChars: 22 },
  );
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="grouped-series-chart"
      table={
        <DataTable
          caption={t`${title} by ${groupName[groupBy]}`}
          columns={[groupName[groupBy], metricName, t`Answers`]}
          rows={points.map((p) => [p.label, formatMetric(metric, p.value), formatNumber(p.count)])}
        />
      }
    >
      {withValue.length === 0 ? (
        <p className="chart__empty">{t`No answers in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={horizontal ? Math.max(140, points.length * 30 + 40) : 190 + room.bottom}
          width={560}
          horizontal={horizontal}
          padding={
            horizontal ? { top: 10, bottom: 30, left, right: 90 } : { top: 24, bottom: Math.max(36, room.bottom), left: Math.max(50, room.left + 8), right: 20 }
          }
          // The first and last bars sit half a slot in, so their written values clear the axis.
          domainPadding={{ x: horizontal ? 14 : Math.max(14, Math.min(36, slot / 2)) }}
          domain={domainY ? { y: domainY } : undefined}
        >
          <VictoryAxis
            tickValues={points.map((_, i) => i + 1)}
            tickFormat={(tick: number) => ((tick - 1) % step === 0 ? (points[tick - 1]?.label ?? "") : "")}
            style={axisStyle}
            tickLabelComponent={
              horizontal ? <FittedLabel maxChars={22} lines={2} /> : <FittedLabel maxChars={14} angle={angle} textAnchor={angle ? "end" : "middle"} />
            }
          />
          <VictoryAxis
            dependentAxis
            style={axisStyle}
            tickFormat={(v: number) => (metric === "responses" && !Number.isInteger(v) ? "" : formatMetric(metric, v))}
          />
          <VictoryBar
            data={points.map((p, i) => ({ x: i + 1, y: p.value ?? 0 }))}
            style={{ data: { fill: palette.primary } }}
            labels={({ datum }: { datum: { x: number } }) => {
              const p = points[datum.x - 1]!;
              if (p.value === null || !barLabels) return "";
              const full = `${formatMetric(metric, p.value)} (n=${formatNumber(p.count)})`;
              // A vertical bar's label must fit its slot: the count goes first, then the value.
              // About 5.5 px a character at the labels' 10 px.
              if (horizontal || full.length * 5.5 <= slot) return full;
              const value = formatMetric(metric, p.value);
              return value.length * 5.5 <= slot ? value : "";
            }}
            labelComponent={<VictoryLabel style={{ fontSize: 10 }} />}
          />
        </VictoryChart>
      )}
    </ChartFigure>
  );
}
