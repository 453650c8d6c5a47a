import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { categoryPadding, rotatedLabelRoom, truncateLabel, wrapLabel } from "./chartLabels";
import { GroupedSeriesChart } from "./GroupedSeriesChart";
import { RootCauseChart } from "./RootCauseChart";
import { TouchpointRankingChart, type RankingEntry } from "./TouchpointRankingChart";

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

// Long Finnish names, as the walkthrough's demo organisation has them.
const finnish = [
  "Helsingin keskustan asiakaspalvelupiste (Kamppi)",
  "Tampereen verkkokaupan tilausvahvistussivu",
  "Oulun sairaalan poliklinikan ilmoittautumisautomaatti",
  "Kuopio",
];

/** Each drawn label of the svg: its lines (tspans) and its tooltip (the <title> of its group). */
function drawnLabels(svg: SVGSVGElement) {
  return Array.from(svg.querySelectorAll("g.chart__label")).map((g) => ({
    title: g.querySelector("title")?.textContent ?? "",
    lines: Array.from(g.querySelectorAll("text tspan")).map((t) => t.textContent ?? ""),
  }));
}

const svgOf = (figureName: string) => screen.getByRole("figure", { name: figureName }).querySelector("svg") as SVGSVGElement;
const viewBox = (svg: SVGSVGElement) => (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);

describe("chart labels (issue 15: no cut-off or overlapping labels)", () => {
  it("truncates and wraps at word boundaries, never longer than asked", () => {
    expect(truncateLabel("Kuopio", 10)).toBe("Kuopio");
    expect(truncateLabel("Ilmoittautumisautomaatti", 10)).toBe("Ilmoittau…");
    expect(wrapLabel("Helsingin keskustan asiakaspalvelupiste (Kamppi)", 24)).toEqual(["Helsingin keskustan", "asiakaspalvelupiste (Ka…"]);
    expect(wrapLabel("Kuopio", 24)).toEqual(["Kuopio"]);
    for (const name of finnish) for (const line of wrapLabel(name, 20)) expect([...line].length).toBeLessThanOrEqual(20);
    // Room grows with the labels, within bounds.
    expect(categoryPadding(["Web"])).toBe(60);
    expect(categoryPadding(finnish, { maxChars: 24 })).toBeGreaterThan(150);
    expect(categoryPadding(finnish, { maxChars: 24, max: 190 })).toBeLessThanOrEqual(190);
    expect(rotatedLabelRoom(["2026-W12"], -40).bottom).toBeGreaterThan(rotatedLabelRoom(["W1"], -40).bottom);
    expect(rotatedLabelRoom(["2026-W12"], 0).left).toBe(Math.ceil(8 * 11 * 0.6));
  });

  it("touchpoint ranking: long names wrapped with the full name as tooltip; the chart grows with the touchpoints", () => {
    const entries = (names: string[]): RankingEntry[] =>
      names.map((name, i) => ({ touchpointId: `t${i}`, name, now: 90 - i * 7, earlier: 80 - i * 5, count: 10 + i }));
    const { unmount } = wrap(<TouchpointRankingChart title="Ranking" entries={entries(finnish)} />);
    const svg = svgOf("Ranking");
    const labels = drawnLabels(svg);
    expect(labels.map((l) => l.title).sort()).toEqual([...finnish].sort());
    for (const label of labels) {
      expect(label.lines.length).toBeLessThanOrEqual(2);
      for (const line of label.lines) expect([...line].length).toBeLessThanOrEqual(24);
    }
    // The left padding holds the longest drawn line (11 px font, ≤ 0.6 em a glyph): nothing left of 0.
    const longest = Math.max(...labels.flatMap((l) => l.lines.map((line) => [...line].length)));
    expect(categoryPadding(finnish, { maxChars: 24 })).toBeGreaterThanOrEqual(longest * 11 * 0.6);
    const fourHigh = viewBox(svg)[3]!;
    unmount();
    wrap(<TouchpointRankingChart title="Ranking" entries={entries([...finnish, ...finnish, ...finnish].map((n, i) => `${n} ${i}`))} />);
    expect(viewBox(svgOf("Ranking"))[3]!).toBeGreaterThan(fourHigh * 2);
  });

  it("weekly bars: slanted week labels get the room under the axis; values are written only where they fit", () => {
    const weeks = Array.from({ length: 12 }, (_, i) => ({ label: `Viikko ${i + 1}/2026`, value: 60 + i, count: 100 + i }));
    wrap(<GroupedSeriesChart title="Weekly" groupBy="weekNumber" metric="satisfaction" points={weeks} />);
    const svg = svgOf("Weekly");
    const labels = drawnLabels(svg);
    expect(labels.map((l) => l.title)).toEqual(weeks.map((w) => w.label));
    const [, , , height] = viewBox(svg);
    const room = rotatedLabelRoom(
      weeks.map((w) => w.label),
      -40,
    );
    // The plot stops above the labels' room: the chart is 190 px of bars plus that room.
    expect(height).toBe(190 + room.bottom);
    // 12 bars in ~490 px: "72 % (n=112)" does not fit a 40 px slot, the value alone does.
    const barTexts = Array.from(svg.querySelectorAll("text")).map((t) => t.textContent ?? "");
    expect(barTexts.some((t) => t.includes("(n="))).toBe(false);
    expect(barTexts).toContain("71 %");
  });

  it("root causes: long driver names are listed in a key, the points carry numbers", () => {
    const items = finnish.map((label, i) => ({ id: `d${i}`, label, importance: 0.5 + i * 0.01, performance: 50 + i, sampleSize: 80, significant: i === 0 }));
    wrap(<RootCauseChart title="Root causes" outcomeLabel="NPS" items={items} />);
    const figure = screen.getByRole("figure", { name: "Root causes" });
    const key = Array.from(figure.querySelectorAll("ol.chart__key li")).map((li) => li.textContent);
    expect(key).toEqual([...items].sort((a, b) => b.importance - a.importance).map((i) => `${i.label}${i.significant ? " *" : ""}`));
    const svgTexts = Array.from(figure.querySelectorAll("svg text")).map((t) => t.textContent ?? "");
    for (const name of finnish) expect(svgTexts.join("|")).not.toContain(name);
  });
});
