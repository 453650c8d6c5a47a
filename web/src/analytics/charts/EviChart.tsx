import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLabel } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { axisStyle, formatNumber, formatPercent, formatSigned, palette } from "./chartTheme";

export interface EviCluster {
  /** advocacy, trust, attention, destroying (or a configured cluster) */
  key: string;
  label: string;
  /** The cluster's value, e.g. advocacy 1, trust 0.66, attention 0.33, destroying −1. */
  weight: number;
  count: number;
}

/** EVI = mean cluster value × 100 (DESIGN "Domain definitions"), −100…100; null with no answers. */
export function eviScore(clusters: EviCluster[]): number | null {
  const total = clusters.reduce((s, c) => s + c.count, 0);
  if (total === 0) return null;
  return Math.round((clusters.reduce((s, c) => s + c.weight * c.count, 0) / total) * 100);
}

/** The emotional value index with the share of each emotion cluster. */
export function EviChart({ title, clusters, score }: { title: string; clusters: EviCluster[]; score?: number | null }) {
  const { t } = useLingui();
  const total = clusters.reduce((s, c) => s + c.count, 0);
  const evi = score === undefined ? eviScore(clusters) : score;
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);
  const scoreText = formatSigned(evi);
  const summary =
    total === 0
      ? t`${title}: no answers.`
      : t`${title}: EVI ${scoreText}. ${clusters.map((c) => `${c.label} ${formatPercent(share(c.count), 1)}`).join(", ")}.`;
  const fillOf = (c: EviCluster) => (c.weight < 0 ? palette.red : c.weight >= 0.66 ? palette.green : palette.orange);
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="evi-chart"
      table={
        <DataTable
          caption={title}
          columns={[t`Emotion cluster`, t`Value`, t`Responses`, t`Share`]}
          rows={[
            ...clusters.map((c) => [c.label, formatSigned(c.weight, 2), formatNumber(c.count), formatPercent(share(c.count), 1)]),
            [t`EVI`, scoreText, formatNumber(total), ""],
          ]}
        />
      }
    >
      <p className="chart__score" aria-hidden="true">
        <span className="chart__score-label">{t`EVI`}</span> <strong className="chart__score-value">{scoreText}</strong>
      </p>
      {total === 0 ? (
        <p className="chart__empty">{t`No answers in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={Math.max(120, clusters.length * 34 + 40)}
          width={560}
          horizontal
          padding={{ top: 10, bottom: 30, left: 120, right: 80 }}
          domainPadding={{ x: 14 }}
          domain={{ y: [0, 100] }}
        >
          <VictoryAxis tickValues={clusters.map((_, i) => i + 1)} tickFormat={(tick: number) => clusters[tick - 1]?.label ?? ""} style={axisStyle} />
          <VictoryAxis dependentAxis style={axisStyle} tickFormat={(v: number) => formatPercent(v)} />
          <VictoryBar
            data={clusters.map((c, i) => ({ x: i + 1, y: share(c.count), fill: fillOf(c) }))}
            style={{ data: { fill: ({ datum }: { datum?: { fill: string } }) => datum?.fill ?? palette.primary } }}
            labels={({ datum }: { datum: { x: number } }) => formatPercent(share(clusters[datum.x - 1]!.count), 1)}
            labelComponent={<VictoryLabel style={{ fontSize: 11 }} />}
          />
        </VictoryChart>
      )}
    </ChartFigure>
  );
}
