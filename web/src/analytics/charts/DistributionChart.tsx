import { useLingui } from "@lingui/react/macro";
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLabel, VictoryLegend, VictoryStack } from "victory";
import { ChartFigure, chartContainer, DataTable } from "./ChartFigure";
import { categoryPadding, FittedLabel, rotatedLabelRoom, truncateLabel } from "./chartLabels";
import { axisStyle, formatNumber, formatPercent, seriesColours } from "./chartTheme";

export interface DistributionCategory {
  key: string;
  /** The answer option as shown: a smiley's label, a choice's text, an NPS score. */
  label: string;
}

export interface DistributionGroup {
  /** The group's label (a day, a touchpoint…); one group for an ungrouped distribution. */
  label: string;
  counts: Record<string, number>;
}

/** Shares of one group in percent, rounded to one decimal (the table's and the 100 % stack's values). */
export function sharesOf(group: DistributionGroup, categories: DistributionCategory[]): number[] {
  const total = categories.reduce((sum, c) => sum + (group.counts[c.key] ?? 0), 0);
  return categories.map((c) => (total === 0 ? 0 : Math.round(((group.counts[c.key] ?? 0) / total) * 1000) / 10));
}

/**
 * How answers spread over the options: one bar per option (one group), or per group a stack of
 * the options, as counts or stacked to 100 % (spec 001 §3 options.stackGraphsTo100).
 */
export function DistributionChart({
  title,
  categories,
  groups,
  stackTo100 = false,
  colours,
}: {
  title: string;
  categories: DistributionCategory[];
  groups: DistributionGroup[];
  stackTo100?: boolean;
  /** One colour per category (e.g. smiley colours); otherwise the series palette. */
  colours?: string[];
}) {
  const { t } = useLingui();
  const colourOf = (i: number) => colours?.[i] ?? seriesColours[i % seriesColours.length]!;
  const single = groups.length === 1 && !stackTo100;
  const total = groups.reduce((sum, g) => sum + categories.reduce((s, c) => s + (g.counts[c.key] ?? 0), 0), 0);
  const cell = (g: DistributionGroup, c: DistributionCategory, i: number) => {
    const count = g.counts[c.key] ?? 0;
    return `${formatNumber(count)} (${formatPercent(sharesOf(g, categories)[i] ?? 0, 1)})`;
  };
  const summary =
    total === 0
      ? t`${title}: no answers.`
      : single
        ? t`${title}: ${categories.map((c, i) => `${c.label} ${cell(groups[0]!, c, i)}`).join(", ")}.`
        : stackTo100
          ? t`${title}: shares of each answer per group, stacked to 100 %, ${groups.length} groups.`
          : t`${title}: answers per group, ${groups.length} groups.`;
  const table = single ? (
    <DataTable
      caption={title}
      columns={[t`Answer`, t`Responses`, t`Share`]}
      rows={categories.map((c, i) => [c.label, formatNumber(groups[0]!.counts[c.key] ?? 0), formatPercent(sharesOf(groups[0]!, categories)[i], 1)])}
    />
  ) : (
    <DataTable
      caption={title}
      columns={[t`Group`, ...categories.map((c) => c.label)]}
      rows={groups.map((g) => [g.label, ...categories.map((c, i) => cell(g, c, i))])}
    />
  );
  // Sized to the data: 34 px an option (room for two lines of its label), the labels' own width at
  // the left; per group, the groups' labels below (slanted when many) and the legend's rows above.
  const left = categoryPadding(
    categories.map((c) => c.label),
    { maxChars: 22 },
  );
  const angle = groups.length > 6 ? -35 : 0;
  const room = rotatedLabelRoom(
    groups.map((g) => g.label),
    angle,
  );
  const legendRows = Math.ceil(categories.length / 3);
  return (
    <ChartFigure title={title} summary={summary} table={table} testId="distribution-chart">
      {total === 0 ? (
        <p className="chart__empty">{t`No answers in this period.`}</p>
      ) : single ? (
        <VictoryChart
          containerComponent={chartContainer}
          height={Math.max(120, categories.length * 34 + 40)}
          width={560}
          horizontal
          padding={{ top: 10, bottom: 30, left, right: 90 }}
          domainPadding={{ x: 14 }}
        >
          <VictoryAxis
            tickValues={categories.map((_, i) => i + 1)}
            tickFormat={(tick: number) => categories[tick - 1]?.label ?? ""}
            style={axisStyle}
            tickLabelComponent={<FittedLabel maxChars={22} lines={2} />}
          />
          <VictoryAxis dependentAxis style={axisStyle} tickFormat={(v: number) => (Number.isInteger(v) ? formatNumber(v) : "")} />
          <VictoryBar
            data={categories.map((c, i) => ({ x: i + 1, y: groups[0]!.counts[c.key] ?? 0, fill: colourOf(i) }))}
            style={{ data: { fill: ({ datum }: { datum?: { fill: string } }) => datum?.fill ?? seriesColours[0]! } }}
            labels={({ datum }: { datum: { x: number } }) => cell(groups[0]!, categories[datum.x - 1]!, datum.x - 1)}
            labelComponent={<VictoryLabel style={{ fontSize: 11 }} />}
          />
        </VictoryChart>
      ) : (
        <VictoryChart
          containerComponent={chartContainer}
          height={200 + legendRows * 18 + room.bottom}
          width={560}
          padding={{ top: 14 + legendRows * 18, bottom: Math.max(40, room.bottom), left: Math.max(50, room.left + 8), right: 20 }}
          domainPadding={{ x: 16 }}
          domain={stackTo100 ? { y: [0, 100] } : undefined}
        >
          <VictoryLegend
            x={50}
            y={5}
            orientation="horizontal"
            itemsPerRow={3}
            gutter={16}
            style={{ labels: { fontSize: 11 } }}
            data={categories.map((c, i) => ({
              name: truncateLabel(c.label, 20),
              symbol: { fill: colourOf(i), type: (["square", "circle", "triangleUp", "diamond", "star"] as const)[i % 5] },
            }))}
          />
          <VictoryAxis
            tickValues={groups.map((_, i) => i + 1)}
            tickFormat={(tick: number) => groups[tick - 1]?.label ?? ""}
            style={axisStyle}
            tickLabelComponent={<FittedLabel maxChars={14} angle={angle} textAnchor={angle ? "end" : "middle"} />}
          />
          <VictoryAxis
            dependentAxis
            style={axisStyle}
            tickFormat={(v: number) => (stackTo100 ? formatPercent(v) : Number.isInteger(v) ? formatNumber(v) : "")}
          />
          <VictoryStack>
            {categories.map((c, ci) => (
              <VictoryBar
                key={c.key}
                data={groups.map((g, gi) => ({ x: gi + 1, y: stackTo100 ? (sharesOf(g, categories)[ci] ?? 0) : (g.counts[c.key] ?? 0) }))}
                style={{ data: { fill: colourOf(ci), stroke: "#fff", strokeWidth: 1 } }}
              />
            ))}
          </VictoryStack>
        </VictoryChart>
      )}
    </ChartFigure>
  );
}
