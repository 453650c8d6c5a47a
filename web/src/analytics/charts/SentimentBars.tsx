import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLabel } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { axisStyle, formatNumber, formatPercent, palette } from "./chartTheme";

export interface SentimentCounts {
  positive: number;
  neutral: number;
  negative: number;
}

/** How many text answers read positive, neutral and negative, as shares with counts. */
export function SentimentBars({ title, counts }: { title: string; counts: SentimentCounts }) {
  const { t } = useLingui();
  const total = counts.positive + counts.neutral + counts.negative;
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 1000) / 10);
  const rows = [
    { name: t`Positive`, count: counts.positive, fill: palette.green },
    { name: t`Neutral`, count: counts.neutral, fill: palette.grey },
    { name: t`Negative`, count: counts.negative, fill: palette.red },
  ];
  const summary = total === 0 ? t`${title}: no text answers.` : t`${title}: ${rows.map((r) => `${r.name} ${formatPercent(share(r.count), 1)}`).join(", ")}.`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="sentiment-bars"
      table={
        <DataTable
          caption={title}
          columns={[t`Sentiment`, t`Answers`, t`Share`]}
          rows={rows.map((r) => [r.name, formatNumber(r.count), formatPercent(share(r.count), 1)])}
        />
      }
    >
      {total === 0 ? (
        <p className="chart__empty">{t`No text answers in this period.`}</p>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={150}
          width={560}
          horizontal
          padding={{ top: 10, bottom: 30, left: 90, right: 90 }}
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
