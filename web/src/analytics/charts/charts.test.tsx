import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { DailySeriesChart } from "./DailySeriesChart";
import { DistributionChart, sharesOf } from "./DistributionChart";
import { EviChart, eviScore } from "./EviChart";
import { GroupedSeriesChart } from "./GroupedSeriesChart";
import { NpsBreakdownChart, npsScore } from "./NpsBreakdownChart";
import { quadrantOf, RootCauseChart } from "./RootCauseChart";
import { SatisfactionGauge } from "./SatisfactionGauge";
import { SentimentBars } from "./SentimentBars";
import { TouchpointRankingChart } from "./TouchpointRankingChart";
import { WordCloud, wordSize } from "./WordCloud";
import { satisfactionBand } from "./chartTheme";

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

/** The hidden data table's rows as arrays of cell texts (header row excluded). */
function tableRows(figure: HTMLElement): string[][] {
  const table = within(figure).getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent ?? ""));
}

const svgText = (figure: HTMLElement) =>
  Array.from(figure.querySelectorAll("svg text"))
    .map((n) => n.textContent)
    .join("|");

describe("analytics charts", () => {
  it("daily series: names the figure, summarises the range, draws the days and tables every value", () => {
    wrap(
      <DailySeriesChart
        title="Daily satisfaction"
        metric="satisfaction"
        points={[
          { label: "01.11.", value: 80 },
          { label: "02.11.", value: null },
          { label: "03.11.", value: 40 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Daily satisfaction" });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe("Daily satisfaction: 2 of 3 periods have values, from 40 % to 80 %.");
    expect(tableRows(figure)).toEqual([
      ["01.11.", "80 %"],
      ["02.11.", "–"],
      ["03.11.", "40 %"],
    ]);
    expect(svgText(figure)).toContain("01.11.");
    expect(svgText(figure)).toContain("03.11.");
  });

  it("daily response counts draw as bars; an empty period says so", () => {
    const { unmount } = wrap(
      <DailySeriesChart
        title="Responses per day"
        metric="responses"
        points={[
          { label: "Mon", value: 3 },
          { label: "Tue", value: 5 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Responses per day" });
    expect(figure.querySelectorAll("svg path[role='presentation'], svg path").length).toBeGreaterThan(0);
    expect(tableRows(figure)).toEqual([
      ["Mon", "3"],
      ["Tue", "5"],
    ]);
    unmount();
    wrap(<DailySeriesChart title="NPS per day" metric="nps" points={[]} />);
    expect(screen.getByText("No responses in this period.")).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("NPS per day: no responses in this period.");
  });

  it("distribution: one bar per option with count and share written on the bar", () => {
    wrap(
      <DistributionChart
        title="How was your visit?"
        categories={[
          { key: "0", label: "Bad" },
          { key: "1", label: "Good" },
        ]}
        groups={[{ label: "All", counts: { "0": 1, "1": 3 } }]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "How was your visit?" });
    expect(tableRows(figure)).toEqual([
      ["Bad", "1", "25 %"],
      ["Good", "3", "75 %"],
    ]);
    expect(svgText(figure)).toContain("3 (75 %)");
    expect(svgText(figure)).toContain("Bad");
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe("How was your visit?: Bad 1 (25 %), Good 3 (75 %).");
  });

  it("distribution stacked to 100 %: shares per group, axis in percent, a legend with every option", () => {
    const categories = [
      { key: "a", label: "Yes" },
      { key: "b", label: "No" },
    ];
    const groups = [
      { label: "Week 1", counts: { a: 1, b: 1 } },
      { label: "Week 2", counts: { a: 3, b: 0 } },
    ];
    expect(sharesOf(groups[1]!, categories)).toEqual([100, 0]);
    wrap(<DistributionChart title="Would you return?" categories={categories} groups={groups} stackTo100 />);
    const figure = screen.getByRole("figure", { name: "Would you return?" });
    expect(tableRows(figure)).toEqual([
      ["Week 1", "1 (50 %)", "1 (50 %)"],
      ["Week 2", "3 (100 %)", "0 (0 %)"],
    ]);
    const text = svgText(figure);
    expect(text).toContain("100 %");
    expect(text).toContain("Yes");
    expect(text).toContain("Week 2");
  });

  it("NPS breakdown: groups, shares and the score (promoters − detractors)", () => {
    expect(npsScore({ detractors: 2, passives: 3, promoters: 5 })).toBe(30);
    expect(npsScore({ detractors: 0, passives: 0, promoters: 0 })).toBeNull();
    wrap(<NpsBreakdownChart title="Recommend us?" counts={{ detractors: 2, passives: 3, promoters: 5 }} />);
    const figure = screen.getByRole("figure", { name: "Recommend us?" });
    expect(tableRows(figure)).toEqual([
      ["Detractors (0–6)", "2", "20 %"],
      ["Passives (7–8)", "3", "30 %"],
      ["Promoters (9–10)", "5", "50 %"],
      ["NPS", "+30", ""],
    ]);
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toMatch(/^Recommend us\?: NPS \+30\. Detractors \(0–6\) 20 %/);
    expect(svgText(figure)).toContain("50 % (5)");
  });

  it("satisfaction gauge: value, band in words at the 25/75 limits, earlier figure", () => {
    expect([24.9, 25, 74.9, 75].map(satisfactionBand)).toEqual(["dissatisfied", "neutral", "neutral", "satisfied"]);
    const { unmount } = wrap(<SatisfactionGauge title="Average satisfaction" value={75} earlier={60} />);
    const figure = screen.getByRole("figure", { name: "Average satisfaction" });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe("Average satisfaction: 75 %, Satisfied. Earlier period: 60 %.");
    expect(within(figure).getByText("Satisfied")).toBeTruthy();
    expect(svgText(figure)).toBe("75 %");
    unmount();
    wrap(<SatisfactionGauge title="Average satisfaction" value={10} />);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("Average satisfaction: 10 %, Dissatisfied.");
  });

  it("EVI: the score is the mean cluster value × 100, with the clusters' shares", () => {
    const clusters = [
      { key: "advocacy", label: "Advocacy", weight: 1, count: 2 },
      { key: "trust", label: "Trust", weight: 0.66, count: 0 },
      { key: "attention", label: "Attention", weight: 0.33, count: 0 },
      { key: "destroying", label: "Destroying", weight: -1, count: 2 },
    ];
    expect(eviScore(clusters)).toBe(0);
    expect(
      eviScore([
        { key: "a", label: "A", weight: 1, count: 3 },
        { key: "d", label: "D", weight: -1, count: 1 },
      ]),
    ).toBe(50);
    wrap(<EviChart title="Emotions" clusters={clusters} />);
    const figure = screen.getByRole("figure", { name: "Emotions" });
    expect(tableRows(figure)).toEqual([
      ["Advocacy", "+1", "2", "50 %"],
      ["Trust", "+0.66", "0", "0 %"],
      ["Attention", "+0.33", "0", "0 %"],
      ["Destroying", "−1", "2", "50 %"],
      ["EVI", "0", "4", ""],
    ]);
  });

  it("grouped series: names the grouping and tables value and answers per group", () => {
    wrap(
      <GroupedSeriesChart
        title="Satisfaction"
        groupBy="weekNumber"
        metric="satisfaction"
        points={[
          { label: "W44", value: 70, count: 10 },
          { label: "W45", value: 90, count: 4 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Satisfaction" });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe("Satisfaction by Week number: highest W45 90 %, lowest W44 70 %.");
    expect(within(figure).getByRole("table").querySelector("caption")?.textContent).toBe("Satisfaction by Week number");
    expect(tableRows(figure)).toEqual([
      ["W44", "70 %", "10"],
      ["W45", "90 %", "4"],
    ]);
    expect(svgText(figure)).toContain("90 % (n=4)");
  });

  it("grouped series with many columns: at most ~12 axis labels, no value on each bar, every value in the table", () => {
    const points = Array.from({ length: 90 }, (_, i) => ({ label: `D${i + 1}`, value: 50 + (i % 7), count: 3 }));
    wrap(<GroupedSeriesChart title="Daily" groupBy="daily" metric="satisfaction" points={points} />);
    const figure = screen.getByRole("figure", { name: "Daily" });
    const labels = Array.from(figure.querySelectorAll("svg text"))
      .map((n) => n.textContent ?? "")
      .filter((x) => /^D\d+$/.test(x));
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.length).toBeLessThanOrEqual(12);
    expect(labels[0]).toBe("D1");
    expect(svgText(figure)).not.toContain("56 %");
    expect(tableRows(figure)).toHaveLength(90);
  });

  it("touchpoint ranking: sorted by now, change written with a direction", () => {
    wrap(
      <TouchpointRankingChart
        title="Touchpoint ranking"
        entries={[
          { touchpointId: "a", name: "Lobby", now: 60, earlier: 70, count: 5 },
          { touchpointId: "b", name: "Web", now: 85, earlier: 80, count: 9 },
          { touchpointId: "c", name: "Kiosk", now: 40, earlier: null, count: 1 },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Touchpoint ranking" });
    expect(tableRows(figure)).toEqual([
      ["Web", "1", "85 %", "80 %", "up +5", "9"],
      ["Lobby", "2", "60 %", "70 %", "down −10", "5"],
      ["Kiosk", "3", "40 %", "–", "no earlier figure", "1"],
    ]);
    expect(svgText(figure)).toContain("Earlier");
  });

  it("root cause: quadrants by the split, significant drivers marked, fix-first named in the summary", () => {
    expect(quadrantOf({ importance: 0.8, performance: 30 }, 0.5, 50)).toBe("fixFirst");
    expect(quadrantOf({ importance: 0.8, performance: 80 }, 0.5, 50)).toBe("strength");
    expect(quadrantOf({ importance: 0.2, performance: 30 }, 0.5, 50)).toBe("monitor");
    expect(quadrantOf({ importance: 0.2, performance: 80 }, 0.5, 50)).toBe("maintain");
    wrap(
      <RootCauseChart
        title="Root causes"
        outcomeLabel="NPS"
        splitImportance={0.5}
        splitPerformance={50}
        items={[
          { id: "q1", label: "Waiting time", importance: 0.8, performance: 30, sampleSize: 120, significant: true },
          { id: "q2", label: "Friendliness", importance: 0.6, performance: 90, sampleSize: 120, significant: true },
          { id: "q3", label: "Parking", importance: 0.1, performance: 40, sampleSize: 12, significant: false },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Root causes" });
    expect(within(figure).getByRole("img").getAttribute("aria-label")).toBe("Root causes for NPS: fix first Waiting time.");
    const rows = tableRows(figure);
    expect(rows[0]).toEqual(["Waiting time", "0.8", "30", "120", "Yes", "Fix first: important, low performance"]);
    expect(rows[2]).toEqual(["Parking", "0.1", "40", "12", "No", "Monitor: less important, low performance"]);
    // The points carry their number (by importance, as the table), significant ones with "*"; the
    // names are in a key under the drawing, so long names never overlap in it.
    const points = Array.from(figure.querySelectorAll("svg text"))
      .map((n) => n.textContent ?? "")
      .filter((x) => /^\d+\*?$/.test(x) && Number.parseInt(x, 10) <= 3 && x.length <= 2);
    expect(points.sort()).toEqual(["1*", "2*", "3"]);
    const key = Array.from(figure.querySelectorAll("ol.chart__key li")).map((li) => li.textContent);
    expect(key).toEqual(["Waiting time *", "Friendliness *", "Parking"]);
    const text = svgText(figure);
    expect(text).not.toContain("Waiting time");
    for (const label of ["Fix first", "Strengths", "Monitor", "Maintain"]) expect(text).toContain(label);
  });

  it("word cloud: sized by count, sentiment in words, most frequent first for screen readers", () => {
    expect(wordSize(10, 10)).toBe(2.6);
    expect(wordSize(0, 10)).toBe(0.85);
    wrap(
      <WordCloud
        title="Word cloud"
        words={[
          { stem: "palvel", word: "palvelu", count: 10, sentiment: "positive" },
          { stem: "jono", word: "jono", count: 4, sentiment: "negative" },
          { stem: "kahvi", word: "kahvi", count: 1, sentiment: "neutral" },
        ]}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Word cloud" });
    const big = within(figure).getByText("palvelu", { selector: ".word-cloud__word" });
    expect(big.style.fontSize).toBe("2.6rem");
    expect(big.className).toContain("word-cloud__word--positive");
    const list = figure.querySelector("ol.visually-hidden")!;
    expect(Array.from(list.querySelectorAll("li")).map((li) => li.textContent)).toEqual([
      "palvelu: 10 times, positive",
      "jono: 4 times, negative",
      "kahvi: 1 times, neutral",
    ]);
  });

  it("sentiment bars: shares and counts of positive, neutral, negative", () => {
    wrap(<SentimentBars title="Sentiment" counts={{ positive: 6, neutral: 2, negative: 2 }} />);
    const figure = screen.getByRole("figure", { name: "Sentiment" });
    expect(tableRows(figure)).toEqual([
      ["Positive", "6", "60 %"],
      ["Neutral", "2", "20 %"],
      ["Negative", "2", "20 %"],
    ]);
    expect(svgText(figure)).toContain("60 % (6)");
  });
});
