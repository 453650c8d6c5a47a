import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryScatter } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { FittedLabel, rotatedLabelRoom } from "./chartLabels";
import { axisStyle, formatNumber, formatPercent, formatSigned, palette } from "./chartTheme";

export type SeriesMetric = "responses" | "satisfaction" | "nps";

export interface SeriesPoint {
  /** The bucket's label as shown (a formatted day, an hour, a weekday…). */
  label: string;
  /** null: no responses in this bucket (a gap, not a zero). */
  value: number | null;
}

export function formatMetric(metric: SeriesMetric, value: number | null): string {
  if (metric === "satisfaction") return formatPercent(value);
  if (metric === "nps") return formatSigned(value);
  return formatNumber(value);
}

/** A day-by-day series: response counts as bars, satisfaction % or NPS as a line with points. */
export function DailySeriesChart({
  title,
  metric,
  points,
  kind,
  valueName,
  formatValue,
}: {
  title: string;
  metric: SeriesMetric;
  points: SeriesPoint[];
  kind?: "line" | "bar";
  /** The values' name and format when they are not the metric's own (e.g. a balance in money). */
  valueName?: string;
  formatValue?: (value: number | null) => string;
}) {
  const { t } = useLingui();
  const drawAs = kind ?? (metric === "responses" ? "bar" : "line");
  const data = points.map((p, i) => ({ x: i + 1, y: p.value }));
  const present = points.filter((p) => p.value !== null);
  const domainY: [number, number] | undefined = metric === "satisfaction" ? [0, 100] : metric === "nps" ? [-100, 100] : undefined;
  const metricName = valueName ?? (metric === "responses" ? t`Responses` : metric === "satisfaction" ? t`Satisfaction` : t`NPS`);
  const format = formatValue ?? ((value: number | null) => formatMetric(metric, value));
  const summary =
    present.length === 0
      ? t`${title}: no responses in this period.`
      : t`${title}: ${present.length} of ${points.length} periods have values, from ${format(Math.min(...present.map((p) => p.value!)))} to ${format(Math.max(...present.map((p) => p.value!)))}.`;
  const step = Math.max(1, Math.ceil(points.length / 10));
  // Room under the axis for the (slanted) period labels, so none is cut off.
  const angle = points.length > 7 ? -35 : 0;
  const room = rotatedLabelRoom(
    points.filter((_, i) => i % step === 0).map((p) => p.label),
    angle,
  );
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="daily-series-chart"
      table={<DataTable caption={title} columns={[t`Period`, metricName]} rows={points.map((p) => [p.label, format(p.value)])} />}
    >
      {points.length === 0 ? (
        <p className="chart__empty">{t`No responses in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={170 + Math.max(30, room.bottom)}
          width={560}
          padding={{ top: 20, bottom: Math.max(30, room.bottom), left: Math.max(50, room.left + 8), right: 20 }}
          domainPadding={{ x: drawAs === "bar" ? 12 : 8 }}
          domain={domainY ? { y: domainY } : undefined}
        >
          <VictoryAxis
            tickValues={points.map((_, i) => i + 1)}
            tickFormat={(tick: number) => ((tick - 1) % step === 0 ? (points[tick - 1]?.label ?? "") : "")}
            style={axisStyle}
            tickLabelComponent={<FittedLabel maxChars={14} angle={angle} textAnchor={angle ? "end" : "middle"} />}
          />
          <VictoryAxis
            dependentAxis
            style={axisStyle}
            tickFormat={(v: number) => (formatValue ? formatValue(v) : metric === "responses" && !Number.isInteger(v) ? "" : formatMetric(metric, v))}
          />
          {drawAs === "bar" ? (
            <VictoryBar data={data.map((d) => ({ ...d, y: d.y ?? 0 }))} style={{ data: { fill: palette.primary } }} labels={() => ""} />
          ) : (
            <VictoryLine data={data} style={{ data: { stroke: palette.primary, strokeWidth: 2 } }} />
          )}
          {drawAs === "line" ? <VictoryScatter data={data.filter((d) => d.y !== null)} size={3} style={{ data: { fill: palette.primary } }} /> : null}
        </VictoryChart>
      )}
    </ChartFigure>
  );
}
