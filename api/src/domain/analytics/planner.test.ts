// The one place that decides which source answers a read of answer sums (planner.ts): the roll-ups,
// the co-occurrence roll-up for one restriction item over a single-valued question, or the raw rows.
import { describe, expect, it } from "vitest";
import { parseResultsFilters } from "../results-scope/filters.js";
import { planAnswerPath, type RestrictingQuestion } from "./planner.js";

const now = new Date("2026-03-20T12:00:00Z");
const qid = "a".repeat(24);
const q2 = "b".repeat(24);
const f = (input: Record<string, unknown>) => parseResultsFilters({ from: "2026-03-01", to: "2026-03-10", ...input }, { now });
const question = (type: string): RestrictingQuestion => ({ id: qid, type, surveyId: "c".repeat(24) });
const kind = (input: Record<string, unknown>, type: string | null, groupBy: string | null = "daily") => {
  const filters = f(input);
  return planAnswerPath(filters, groupBy as never, type ? question(type) : null).kind;
};

describe("planAnswerPath", () => {
  it("reads the roll-ups without response-level filters, the raw rows off whole hours", () => {
    expect(kind({}, null)).toBe("rollup");
    expect(kind({ utcOffset: 120 }, null)).toBe("rollup");
    expect(kind({ utcOffset: 330 }, null)).toBe("raw");
  });

  it("serves one item over a single-valued question from the co-occurrence roll-up", () => {
    for (const type of ["smiley", "nps", "slider"]) {
      expect(kind({ restrictByAnswer: [{ questionId: qid, values: [1] }] }, type)).toBe("cooccurrence");
      expect(kind({ restrictByAnswer: [{ questionId: qid, gte: 0.5 }] }, type)).toBe("cooccurrence");
    }
    for (const type of ["singleChoice", "emotion"]) expect(kind({ restrictByAnswer: [{ questionId: qid, values: ["x1", "x2"] }] }, type)).toBe("cooccurrence");
    // Groupings the UTC-day rows give: none, by touchpoint at any offset; by day, week, month, weekday at UTC.
    const one = { restrictByAnswer: [{ questionId: qid, values: [10] }] };
    for (const g of [null, "source", "daily", "weekNumber", "monthly", "weekday"]) expect(kind(one, "nps", g)).toBe("cooccurrence");
    expect(kind({ ...one, utcOffset: 120 }, "nps", "source")).toBe("cooccurrence");
    expect(kind({ ...one, utcOffset: 330 }, "nps", null)).toBe("cooccurrence");
  });

  it("leaves to the raw rows what the roll-up cannot answer exactly", () => {
    const one = { restrictByAnswer: [{ questionId: qid, values: [10] }] };
    // Several items (AND).
    expect(kind({ restrictByAnswer: [one.restrictByAnswer[0], { questionId: q2, values: [1] }] }, "nps")).toBe("raw");
    // Multiple choice (a response may match two values), free text, contact details.
    for (const type of ["multipleChoice", "openText", "contactDetails"])
      expect(kind({ restrictByAnswer: [{ questionId: qid, values: ["x1"] }] }, type)).toBe("raw");
    // Values of the other kind than the question's, or mixed.
    expect(kind({ restrictByAnswer: [{ questionId: qid, values: ["x1"] }] }, "nps")).toBe("raw");
    expect(kind({ restrictByAnswer: [{ questionId: qid, values: [1] }] }, "singleChoice")).toBe("raw");
    expect(kind({ restrictByAnswer: [{ questionId: qid, values: ["x1", 1] }] }, "emotion")).toBe("raw");
    // A question not found in the caller's organisation.
    expect(kind(one, null)).toBe("raw");
    // Hour of day; local days off UTC.
    expect(kind(one, "nps", "hourly")).toBe("raw");
    expect(kind({ ...one, utcOffset: 120 }, "nps", "daily")).toBe("raw");
    // Metadata match and grouping.
    expect(kind({ ...one, metaDataMatch: { items: [{ key: "k", value: "v" }] } }, "nps")).toBe("raw");
    expect(kind({ metaDataMatch: { items: [{ key: "k", value: "v" }] } }, null)).toBe("raw");
    expect(kind({ ...one, groupBy: "metadata", groupByMetaKey: "k" }, "nps", "metadata")).toBe("raw");
    // Another question than the item's.
    expect(planAnswerPath(f(one), "daily", { ...question("nps"), id: q2 }).kind).toBe("raw");
  });
});
