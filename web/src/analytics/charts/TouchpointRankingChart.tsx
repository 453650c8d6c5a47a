import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryGroup, VictoryLegend } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { categoryPadding, FittedLabel } from "./chartLabels";
import { axisStyle, formatNumber, formatPercent, formatSigned, palette } from "./chartTheme";

export interface RankingEntry {
  touchpointId: string;
  name: string;
  /** Average satisfaction % in the chosen period; null without answers. */
  now: number | null;
  /** The same for the equal-length period just before. */
  earlier: number | null;
  count: number;
}

/** Touchpoints ranked by their average now, each beside its earlier figure, with the change written out. */
export function TouchpointRankingChart({ title, entries, limit }: { title: string; entries: RankingEntry[]; limit?: number }) {
  const { t } = useLingui();
  const ranked = [...entries].sort((a, b) => (b.now ?? -1) - (a.now ?? -1)).slice(0, limit ?? entries.length);
  const change = (e: RankingEntry) => (e.now === null || e.earlier === null ? null : Math.round(e.now - e.earlier));
  const changeText = (e: RankingEntry) => {
    const c = change(e);
    if (c === null) return t`no earlier figure`;
    if (c > 0) return t`up ${formatSigned(c)}`;
    if (c < 0) return t`down ${formatSigned(c)}`;
    return t`unchanged`;
  };
  const summary =
    ranked.length === 0
      ? t`${title}: no touchpoints with responses.`
      : t`${title}: ${ranked.map((e, i) => `${i + 1}. ${e.name} ${formatPercent(e.now)} (${changeText(e)})`).join("; ")}.`;
  // Victory draws horizontal categories bottom-up: reverse so rank 1 is on top.
  const drawn = [...ranked].reverse();
  // Room for the names (two lines of at most 24 characters, the rest in the tooltip and the table),
  // and 40 px a touchpoint: the chart is as tall as its data.
  const left = categoryPadding(
    drawn.map((e) => e.name),
    { maxChars: 24 },
  );
  return (
    <ChartFigure
      title={title}
      summary={summary}
      testId="touchpoint-ranking-chart"
      table={
        <DataTable
          caption={title}
          columns={[t`Touchpoint`, t`Rank`, t`Now`, t`Earlier`, t`Change`, t`Responses`]}
          rows={ranked.map((e, i) => [e.name, String(i + 1), formatPercent(e.now), formatPercent(e.earlier), changeText(e), formatNumber(e.count)])}
        />
      }
    >
      {ranked.length === 0 ? (
        <p className="chart__empty">{t`No touchpoints with responses in this period.`}</p>
      ) : (
        <>
          <ol className="ranking-list" aria-hidden="true">
            {ranked.map((e) => {
              const c = change(e);
              return (
                <li key={e.touchpointId}>
                  <span className="ranking-list__name">{e.name}</span> <strong>{formatPercent(e.now)}</strong>{" "}
                  <span className={`ranking-list__change ranking-list__change--${c === null ? "none" : c > 0 ? "up" : c < 0 ? "down" : "same"}`}>
                    {c === null ? "" : c > 0 ? "▲" : c < 0 ? "▼" : "■"} {changeText(e)}
                  </span>
                </li>
              );
            })}
          </ol>
          <VictoryChart
            containerComponent={chartContainer}
            height={Math.max(140, drawn.length * 40 + 50)}
            width={560}
            horizontal
            padding={{ top: 30, bottom: 30, left, right: 30 }}
            domainPadding={{ x: 14 }}
            domain={{ y: [0, 100] }}
          >
            <VictoryLegend
              x={left}
              y={0}
              orientation="horizontal"
              gutter={20}
              style={{ labels: { fontSize: 11 } }}
              data={[
                { name: t`Now`, symbol: { fill: palette.primary, type: "square" } },
                { name: t`Earlier`, symbol: { fill: palette.earlier, type: "circle" } },
              ]}
            />
            <VictoryAxis
              tickValues={drawn.map((_, i) => i + 1)}
              tickFormat={(tick: number) => drawn[tick - 1]?.name ?? ""}
              style={axisStyle}
              tickLabelComponent={<FittedLabel maxChars={24} lines={2} />}
            />
            <VictoryAxis dependentAxis style={axisStyle} tickFormat={(v: number) => formatPercent(v)} />
            <VictoryGroup offset={12}>
              <VictoryBar data={drawn.map((e, i) => ({ x: i + 1, y: e.earlier ?? 0 }))} barWidth={10} style={{ data: { fill: palette.earlier } }} />
              <VictoryBar data={drawn.map((e, i) => ({ x: i + 1, y: e.now ?? 0 }))} barWidth={10} style={{ data: { fill: palette.primary } }} />
            </VictoryGroup>
          </VictoryChart>
        </>
      )}
    </ChartFigure>
  );
}
