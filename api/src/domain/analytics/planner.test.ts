// The one place that decides which source answers a read of answer sums (planner.ts): the roll-ups
// without response-level filters at a whole-hour offset, else the raw rows (which the response bit
// strings serve when built: engine.ts answerPathOf, tested in response-bits.test.ts).
import { describe, expect, it } from "vitest";
import { parseResultsFilters } from "../results-scope/filters.js";
import { planAnswerPath } from "./planner.js";

const now = new Date("2026-03-20T12:00:00Z");
const qid = "a".repeat(24);
const q2 = "b".repeat(24);
const f = (input: Record<string, unknown>) => parseResultsFilters({ from: "2026-03-01", to: "2026-03-10", ...input }, { now });
const kind = (input: Record<string, unknown>, groupBy: string | null = "daily") => planAnswerPath(f(input), groupBy as never).kind;

describe("planAnswerPath", () => {
  it("reads the roll-ups without response-level filters, the raw rows off whole hours and by hour of day", () => {
    expect(kind({})).toBe("rollup");
    for (const g of [null, "source", "daily", "weekNumber", "monthly", "weekday"]) expect(kind({ utcOffset: 120 }, g)).toBe("rollup");
    // The answer roll-ups are daily (docs/analytics.md "Daily answer roll-ups only").
    expect(kind({}, "hourly")).toBe("raw");
    expect(kind({ utcOffset: 120 }, "hourly")).toBe("raw");
    expect(kind({ utcOffset: 330 })).toBe("raw");
    expect(kind({ utcOffset: -30 }, null)).toBe("raw");
  });

  it("leaves every response-level filter to the raw rows (or the bit strings)", () => {
    const one = { restrictByAnswer: [{ questionId: qid, values: [10] }] };
    for (const input of [
      one,
      { restrictByAnswer: [{ questionId: qid, gte: 0.5 }] },
      { restrictByAnswer: [{ questionId: qid, values: ["x1", "x2"] }] },
      { restrictByAnswer: [one.restrictByAnswer[0], { questionId: q2, values: [1] }] },
      { metaDataMatch: { items: [{ key: "k", value: "v" }] } },
      { ...one, metaDataMatch: { items: [{ key: "k", value: "v" }] } },
    ])
      for (const g of [null, "source", "daily"]) expect(kind(input, g), JSON.stringify({ input, g })).toBe("raw");
    // Grouping by metadata, as the read's own grouping or the filters' (the earlier period reads ungrouped).
    expect(kind({ groupBy: "metadata", groupByMetaKey: "k" }, "metadata")).toBe("raw");
    expect(kind({ groupBy: "metadata", groupByMetaKey: "k" }, null)).toBe("raw");
  });
});
