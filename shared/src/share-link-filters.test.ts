import { describe, expect, it } from "vitest";
import { allowChangeKeys, mayChange, mayChangeFilter, mergeVisitorFilters, openedFilterKeys, shareChangeKeys } from "./share-link-filters.js";

describe("allowChanges entries", () => {
  it("every control the results screen offers is an entry the api accepts", () => {
    for (const key of shareChangeKeys) expect(allowChangeKeys, key).toHaveProperty([key]);
  });

  it("'date', 'from' and 'to' open the whole date choice; nothing opens the link's team", () => {
    for (const entry of ["date", "from", "to"]) {
      expect([...openedFilterKeys([entry])].sort()).toEqual(["dateFilterChangedManually", "datePreset", "from", "to"]);
    }
    const everything = openedFilterKeys(Object.keys(allowChangeKeys));
    expect(everything.has("unitId")).toBe(false);
    expect(openedFilterKeys(["nonsense"]).size).toBe(0);
  });
});

describe("mayChange: which controls a visitor may use", () => {
  it("members use every control", () => {
    for (const key of shareChangeKeys) expect(mayChange(null, key)).toBe(true);
  });

  it("a visitor only what the link lists", () => {
    expect(mayChange([], "date")).toBe(false);
    expect(mayChange(["date"], "date")).toBe(true);
    expect(mayChange(["from"], "date")).toBe(true);
    expect(mayChange(["date"], "surveyId")).toBe(false);
    expect(mayChange(["options"], "options.stackGraphsTo100")).toBe(true);
    expect(mayChange(["options.view"], "options.stackGraphsTo100")).toBe(false);
    expect(mayChange(["options.viewOptions"], "options.view")).toBe(false);
  });

  it("a control is enabled exactly when the api's merge would take the visitor's value for it", () => {
    // A visitor's filters that set every key each control sets.
    const visitor = {
      from: "2026-02-01",
      to: "2026-02-10",
      datePreset: "last30Days",
      dateFilterChangedManually: true,
      channelId: ["t2"],
      touchpointIds: ["t2"],
      surveyId: ["s2"],
      surveyIds: ["s2"],
      groupBy: "weekNumber",
      groupByMetaKey: "store",
      restrictByAnswer: [{ questionId: "q", values: ["a"] }],
      metaDataMatch: { items: [{ key: "k", value: "v" }], strict: true },
      feedbackListHiddenColumns: ["time"],
      options: { stackGraphsTo100: true, satisfactionReport: true, hideQuestionsWithNoResponses: true, view: "table", hiddenQuestions: ["q"] },
    };
    const link = { utcOffset: 0, options: {} };
    const setBy = (control: string) => allowChangeKeys[control]!;
    const read = (filters: Record<string, unknown>, key: string) =>
      key.startsWith("options.") ? (filters.options as Record<string, unknown>)[key.slice(8)] : filters[key];
    for (const allowChanges of [[], ["date"], ["options"], ["surveyId", "options.view"], Object.keys(allowChangeKeys)]) {
      const merged = mergeVisitorFilters(link, visitor, allowChanges);
      for (const control of shareChangeKeys) {
        const taken = setBy(control).every((key) => JSON.stringify(read(merged, key)) === JSON.stringify(read(visitor, key)));
        expect(taken, `${control} with ${allowChanges.join(",")}`).toBe(mayChange(allowChanges, control));
      }
    }
  });
});

describe("mayChangeFilter: one filter key", () => {
  it("members change every key; a visitor the keys an entry opens, and the options inside 'options'", () => {
    expect(mayChangeFilter(null, "unitId")).toBe(true);
    expect(mayChangeFilter([], "surveyId")).toBe(false);
    expect(mayChangeFilter(["surveyId"], "surveyIds")).toBe(true);
    expect(mayChangeFilter(["to"], "datePreset")).toBe(true);
    expect(mayChangeFilter(["options"], "options.hiddenQuestions")).toBe(true);
    expect(mayChangeFilter(["options.view"], "options.viewOptions")).toBe(false);
    expect(mayChangeFilter(["options.view"], "options")).toBe(false);
    expect(mayChangeFilter(Object.keys(allowChangeKeys), "unitId")).toBe(false);
  });
});

describe("mergeVisitorFilters", () => {
  const link = { from: "2026-01-01", to: "2026-01-31", surveyId: ["s1"], unitId: "u1", utcOffset: 0, options: { view: "graphs", stackGraphsTo100: false } };

  it("keeps the link's values, except the visitor's own clock", () => {
    const merged = mergeVisitorFilters(link, { from: "2025-01-01", surveyId: ["s2"], unitId: "u2", utcOffset: 120 }, []);
    expect(merged).toEqual({ ...link, utcOffset: 120 });
  });

  it("takes the visitor's values for opened keys, option by option", () => {
    const visitor = { datePreset: "last7Days", surveyId: ["s2"], options: { view: "table", stackGraphsTo100: true } };
    expect(mergeVisitorFilters(link, visitor, ["date", "options.view"])).toEqual({
      ...link,
      datePreset: "last7Days",
      options: { view: "table", stackGraphsTo100: false },
    });
    expect(mergeVisitorFilters(link, visitor, ["options"]).options).toEqual({ view: "table", stackGraphsTo100: true });
  });

  it("never changes the link's own filters (a copy is returned)", () => {
    const visitor = { surveyId: ["s2"], options: { view: "table" } };
    const merged = mergeVisitorFilters(link, visitor, ["surveyId", "options"]);
    (merged.surveyId as string[]).push("s3");
    expect(link.surveyId).toEqual(["s1"]);
    expect(link.options.view).toBe("graphs");
    expect(mergeVisitorFilters(link, undefined, ["surveyId"])).toEqual(link);
  });
});
