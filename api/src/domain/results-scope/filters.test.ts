// Filters: presets and day boundaries in the caller's utcOffset, the earlier window, id lists,
// restrict-by-answer and metadata normalisation, and the refusals (unknown filter, reversed,
// absurd or malformed ranges).
import { describe, expect, it } from "vitest";
import { parseResultsFilters, presetDays, analyticsMessages, slashDate, needsRawRows } from "./filters.js";
import { DomainError } from "../errors.js";

const now = new Date("2026-11-18T22:30:00Z"); // Wednesday 18 Nov 2026 22:30 UTC = Thursday 00:30 in Helsinki (+120)
const id = (c: string) => c.repeat(24);

function refusal(input: unknown): DomainError {
  try {
    parseResultsFilters(input, { now });
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe("BAD_USER_INPUT");
    return e as DomainError;
  }
  throw new Error("accepted");
}

describe("parseResultsFilters", () => {
  it("defaults to the last 7 days, today included, in UTC", () => {
    const f = parseResultsFilters({}, { now });
    expect([f.fromDay, f.toDay, f.days]).toEqual(["2026-11-12", "2026-11-18", 7]);
    expect(f.from.toISOString()).toBe("2026-11-12T00:00:00.000Z");
    expect(f.to.toISOString()).toBe("2026-11-19T00:00:00.000Z");
    expect(f.earlierFrom.toISOString()).toBe("2026-11-05T00:00:00.000Z");
    expect(f.earlierTo.toISOString()).toBe("2026-11-12T00:00:00.000Z");
    expect(f.groupBy).toBe("daily");
    expect(f.options.view).toBe("graphs");
  });

  it("resolves days in the caller's offset: local midnight as UTC instants, and 'today' is the local day", () => {
    const f = parseResultsFilters({ from: "2026-11-01", to: "2026-11-02", utcOffset: 120 }, { now });
    expect(f.from.toISOString()).toBe("2026-10-31T22:00:00.000Z");
    expect(f.to.toISOString()).toBe("2026-11-02T22:00:00.000Z");
    const local = parseResultsFilters({ utcOffset: 120 }, { now });
    expect(local.toDay).toBe("2026-11-19"); // already Thursday in Helsinki
    const west = parseResultsFilters({ from: "2026-11-01", to: "2026-11-01", utcOffset: "-300" }, { now });
    expect(west.from.toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(west.to.toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });

  it("accepts slashed dates and answers dashes; slashDate turns them back", () => {
    const f = parseResultsFilters({ from: "2026/10/01", to: "2026/10/31" }, { now });
    expect([f.fromDay, f.toDay, f.days]).toEqual(["2026-10-01", "2026-10-31", 31]);
    expect(slashDate(f.fromDay)).toBe("2026/10/01");
  });

  it("presets: last 7 and 30 days, last full ISO week (Mon–Sun) and last full month", () => {
    const p = (datePreset: string) => {
      const f = parseResultsFilters({ datePreset, from: "2020-01-01" }, { now });
      return [f.fromDay, f.toDay];
    };
    expect(p("last7Days")).toEqual(["2026-11-12", "2026-11-18"]);
    expect(p("last30Days")).toEqual(["2026-10-20", "2026-11-18"]);
    expect(p("lastFullWeek")).toEqual(["2026-11-09", "2026-11-15"]);
    expect(p("lastFullMonth")).toEqual(["2026-10-01", "2026-10-31"]);
    // On a Monday the last full week is the one that ended yesterday; in January the last month is December.
    const monday = Date.UTC(2026, 10, 16) / 86_400_000;
    expect(presetDays("lastFullWeek", monday).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual(["2026-11-09", "2026-11-15"]);
    const jan = Date.UTC(2027, 0, 10) / 86_400_000;
    expect(presetDays("lastFullMonth", jan).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual(["2026-12-01", "2026-12-31"]);
  });

  it("normalises ids (arrays, comma lists, aliases), restrict-by-answer and metadata", () => {
    const f = parseResultsFilters(
      {
        channelId: `${id("a")},${id("b")}`,
        touchpointIds: [id("b"), id("c")],
        surveyId: [id("d")],
        restrictByAnswer: [
          { questionId: id("e"), values: ["ca", 9, 10] },
          { questionId: id("f"), gte: 0.5 },
        ],
        metaDataMatch: { items: [{ key: "store", value: 12 }], strict: true },
        options: { stackGraphsTo100: true, hiddenQuestions: [id("e")] },
        groupBy: "metadata",
        groupByMetaKey: "store",
      },
      { now },
    );
    expect(f.touchpointIds).toEqual([id("a"), id("b"), id("c")]);
    expect(f.surveyIds).toEqual([id("d")]);
    expect(f.restrictByAnswer).toEqual([
      { questionId: id("e"), choiceIds: ["ca"], numbers: [9, 10], gte: null, lt: null },
      { questionId: id("f"), choiceIds: [], numbers: [], gte: 0.5, lt: null },
    ]);
    expect(f.metaDataMatch).toEqual({ items: [{ key: "store", value: "12" }], strict: true });
    expect(f.options.stackGraphsTo100).toBe(true);
    expect(f.options.hiddenQuestions).toEqual([id("e")]);
    expect(needsRawRows(f)).toBe(true);
    expect(needsRawRows(parseResultsFilters({}, { now }))).toBe(false);
  });

  it("refuses unknown filters, reversed, absurd and malformed ranges, bad offsets, ids and groupings", () => {
    expect(refusal({ colour: "red" }).message).toBe(analyticsMessages.unknownFilter("colour"));
    expect(refusal({ options: { colour: 1 } }).field).toBe("options");
    expect(refusal({ from: "2026-11-10", to: "2026-11-01" }).message).toBe(analyticsMessages.reversedRange);
    expect(refusal({ from: "1990-01-01", to: "2026-11-01" }).message).toBe(analyticsMessages.absurdRange);
    expect(refusal({ from: "2019-01-01", to: "2026-11-01" }).message).toBe(analyticsMessages.absurdRange);
    expect(refusal({ from: "2026-02-30" }).message).toBe(analyticsMessages.invalidDate);
    expect(refusal({ from: "yesterday" }).message).toBe(analyticsMessages.invalidDate);
    expect(refusal({ utcOffset: 900 }).message).toBe(analyticsMessages.invalidOffset);
    expect(refusal({ utcOffset: "abc" }).message).toBe(analyticsMessages.invalidOffset);
    expect(refusal({ surveyId: ["nope"] }).field).toBe("surveyId.0");
    expect(refusal({ groupBy: "decade" }).message).toBe(analyticsMessages.invalidGroupBy);
    expect(refusal({ groupBy: "metadata" }).message).toBe(analyticsMessages.metaKeyRequired);
    expect(refusal({ datePreset: "lastYear" }).message).toBe(analyticsMessages.invalidPreset);
    expect(refusal({ restrictByAnswer: [{ questionId: id("a") }] }).message).toBe(analyticsMessages.restrictNeedsValue);
    expect(refusal([1, 2]).message).toBe("Filters must be an object");
  });
});
