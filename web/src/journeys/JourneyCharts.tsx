import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryGroup, VictoryLegend, VictoryLine, VictoryScatter } from "victory";
import { ChartFigure, chartContainer, DataTable } from "../analytics/charts/ChartFigure";
import { axisStyle, formatNumber, palette, seriesColours } from "../analytics/charts/chartTheme";

export type JourneyKpi = "nps" | "average" | "count" | "evi";
export interface KpiFigure {
  value: number | null;
  count: number;
}
export interface StageResult {
  name: string;
  now: KpiFigure;
  earlier: KpiFigure;
  series: ReadonlyArray<{ group: string; label: string; value: number | null; count: number }>;
}

const domainOf = (kpi: JourneyKpi): [number, number] | undefined => (kpi === "nps" || kpi === "evi" ? [-100, 100] : kpi === "average" ? [0, 100] : undefined);
const fmt = (kpi: JourneyKpi, v: number | null) => (v === null ? "–" : kpi === "average" ? `${formatNumber(v, 1)} %` : formatNumber(v, 1));

/** The KPI of each stage, now beside the earlier period (bars), with the values written as text too. */
export function StageKpiChart({ kpi, kpiName, stages }: { kpi: JourneyKpi; kpiName: string; stages: readonly StageResult[] }) {
  const { t } = useLingui();
  const title = t`${kpiName} per stage`;
  const summary = stages.map((s) => t`${s.name}: ${fmt(kpi, s.now.value)} (earlier ${fmt(kpi, s.earlier.value)})`).join("; ");
  const anyValue = stages.some((s) => s.now.value !== null || s.earlier.value !== null);
  return (
    <ChartFigure
      title={title}
      summary={summary || t`No stages`}
      testId="journey-stage-chart"
      table={
        <DataTable
          caption={title}
          columns={[t`Stage`, t`Now`, t`Earlier`, t`Answers now`, t`Answers earlier`]}
          rows={stages.map((s) => [s.name, fmt(kpi, s.now.value), fmt(kpi, s.earlier.value), formatNumber(s.now.count), formatNumber(s.earlier.count)])}
        />
      }
    >
      {!anyValue ? (
        <p className="chart__empty">{t`No answers in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={260}
          width={Math.max(420, stages.length * 120)}
          padding={{ top: 40, bottom: 50, left: 55, right: 20 }}
          domainPadding={{ x: 40 }}
          domain={domainOf(kpi) ? { y: domainOf(kpi)! } : undefined}
        >
          <VictoryLegend
            x={60}
            y={0}
            orientation="horizontal"
            gutter={20}
            data={[
              { name: t`Now`, symbol: { fill: palette.primary } },
              { name: t`Earlier`, symbol: { fill: palette.earlier } },
            ]}
          />
          <VictoryAxis tickValues={stages.map((_, i) => i + 1)} tickFormat={(tick: number) => stages[tick - 1]?.name ?? ""} style={axisStyle} />
          <VictoryAxis dependentAxis style={axisStyle} tickFormat={(v: number) => fmt(kpi, v)} />
          <VictoryGroup offset={24}>
            <VictoryBar
              barWidth={22}
              style={{ data: { fill: palette.primary } }}
              data={stages.map((s, i) => ({ x: i + 1, y: s.now.value ?? 0 }))}
              labels={({ datum }: { datum: { x: number } }) => fmt(kpi, stages[datum.x - 1]?.now.value ?? null)}
            />
            <VictoryBar
              barWidth={22}
              style={{ data: { fill: palette.earlier } }}
              data={stages.map((s, i) => ({ x: i + 1, y: s.earlier.value ?? 0 }))}
              labels={({ datum }: { datum: { x: number } }) => fmt(kpi, stages[datum.x - 1]?.earlier.value ?? null)}
            />
          </VictoryGroup>
        </VictoryChart>
      )}
    </ChartFigure>
  );
}

/** The KPI of each stage over time: one line per stage over the groups of the window. */
export function StageTrendChart({ kpi, kpiName, stages }: { kpi: JourneyKpi; kpiName: string; stages: readonly StageResult[] }) {
  const { t } = useLingui();
  const title = t`${kpiName} over time`;
  const groups = [...new Map(stages.flatMap((s) => s.series.map((p) => [p.group, p.label] as const))).entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const index = new Map(groups.map(([g], i) => [g, i + 1]));
  const step = groups.length > 14 ? Math.ceil(groups.length / 12) : 1;
  const summary = stages
    .map((s) => {
      const last = [...s.series].reverse().find((p) => p.value !== null);
      return last ? t`${s.name}: latest ${last.label} ${fmt(kpi, last.value)}` : t`${s.name}: no answers`;
    })
    .join("; ");
  return (
    <ChartFigure
      title={title}
      summary={summary || t`No stages`}
      testId="journey-trend-chart"
      table={
        <DataTable
          caption={title}
          columns={[t`Date`, ...stages.map((s) => s.name)]}
          rows={groups.map(([g, label]) => [label, ...stages.map((s) => fmt(kpi, s.series.find((p) => p.group === g)?.value ?? null))])}
        />
      }
    >
      {groups.length === 0 ? (
        <p className="chart__empty">{t`No answers in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={260}
          width={640}
          padding={{ top: 40, bottom: 55, left: 55, right: 20 }}
          domainPadding={{ x: 16 }}
          domain={domainOf(kpi) ? { y: domainOf(kpi)! } : undefined}
        >
          <VictoryLegend
            x={60}
            y={0}
            orientation="horizontal"
            gutter={16}
            data={stages.map((s, i) => ({ name: s.name, symbol: { fill: seriesColours[i % seriesColours.length] } }))}
          />
          <VictoryAxis
            tickValues={groups.map((_, i) => i + 1)}
            tickFormat={(tick: number) => ((tick - 1) % step === 0 ? (groups[tick - 1]?.[1] ?? "") : "")}
            style={axisStyle}
          />
          <VictoryAxis dependentAxis style={axisStyle} tickFormat={(v: number) => fmt(kpi, v)} />
          {stages.flatMap((s, i) => {
            const data = s.series.filter((p) => p.value !== null).map((p) => ({ x: index.get(p.group)!, y: p.value! }));
            const colour = seriesColours[i % seriesColours.length];
            return [
              <VictoryLine key={`l${i}`} data={data} style={{ data: { stroke: colour, strokeWidth: 2 } }} />,
              <VictoryScatter key={`s${i}`} data={data} size={3} style={{ data: { fill: colour } }} />,
            ];
          })}
        </VictoryChart>
      )}
    </ChartFigure>
  );
}
