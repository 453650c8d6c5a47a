import { useLingui } from "@lingui/react/macro";
import { VictoryBar, VictoryChart, VictoryAxis, VictoryLabel } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { axisStyle, formatNumber, formatPercent, formatSigned, palette } from "./chartTheme";

export interface NpsCounts {
  detractors: number;
  passives: number;
  promoters: number;
}

/** NPS = % promoters − % detractors (DESIGN "Domain definitions"), −100…100; null with no answers. */
export function npsScore(c: NpsCounts): number | null {
  const total = c.detractors + c.passives + c.promoters;
  if (total === 0) return null;
  return Math.round(((c.promoters - c.detractors) / total) * 100);
}

/** Detractors (0–6), passives (7–8) and promoters (9–10) as shares, with the score in words and figures. */
export function NpsBreakdownChart({ title, counts, score }: { title: string; counts: NpsCounts; score?: number | null }) {
  const { t } = useLingui();
  const total = counts.detractors + counts.passives + counts.promoters;
  const nps = score === undefined ? npsScore(counts) : score;
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);
  const rows = [
    { key: "detractors", name: t`Detractors (0–6)`, count: counts.detractors, fill: palette.red },
    { key: "passives", name: t`Passives (7–8)`, count: counts.passives, fill: palette.yellow },
    { key: "promoters", name: t`Promoters (9–10)`, count: counts.promoters, fill: palette.green },
  ];
  const scoreText = formatSigned(nps);
  const summary =
    total === 0 ? t`${title}: no answers.` : t`${title}: NPS ${scoreText}. ${rows.map((r) => `${r.name} ${formatPercent(share(r.count), 1)}`).join(", ")}.`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="nps-breakdown-chart"
      table={
        <DataTable
          caption={title}
          columns={[t`Group`, t`Responses`, t`Share`]}
          rows={[...rows.map((r) => [r.name, formatNumber(r.count), formatPercent(share(r.count), 1)]), [t`NPS`, scoreText, ""]]}
        />
      }
    >
      <p className="chart__score" aria-hidden="true">
        <span className="chart__score-label">{t`NPS`}</span> <strong className="chart__score-value">{scoreText}</strong>
      </p>
      {total === 0 ? (
        <p className="chart__empty">{t`No answers in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={150}
          width={560}
          horizontal
          padding={{ top: 10, bottom: 30, left: 130, right: 80 }}
          domainPadding={{ x: 16 }}
          domain={{ y: [0, 100] }}
        >
          <VictoryAxis tickValues={[1, 2, 3]} tickFormat={(tick: number) => rows[tick - 1]?.name ?? ""} style={axisStyle} />
          <VictoryAxis dependentAxis style={axisStyle} tickFormat={(v: number) => formatPercent(v)} />
          <VictoryBar
            data={rows.map((r, i) => ({ x: i + 1, y: share(r.count), fill: r.fill }))}
            style={{ data: { fill: ({ datum }: { datum?: { fill: string } }) => datum?.fill ?? palette.primary } }}
            labels={({ datum }: { datum: { x: number } }) => {
              const r = rows[datum.x - 1]!;
              return `${formatPercent(share(r.count), 1)} (${formatNumber(r.count)})`;
            }}
            labelComponent={<VictoryLabel style={{ fontSize: 11 }} />}
          />
        </VictoryChart>
      )}
    </ChartFigure>
  );
}
