import { describe, expect, it } from "vitest";
import {
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  fromWireFilters,
  mayChange,
  mergeSharedFilters,
  presetRange,
  restFilters,
  toWireFilters,
  type ResultsFilterState,
} from "./filters";
import { toGlobalId } from "../util/globalId";

const full: ResultsFilterState = {
  preset: null,
  from: "2026-10-01",
  to: "2026-10-31",
  touchpointIds: ["65a1b2c3d4e5f60718293a01", "65a1b2c3d4e5f60718293a02"],
  surveyIds: ["65a1b2c3d4e5f60718293b01"],
  groupBy: "metadata",
  groupByMetaKey: "store",
  restrictByAnswer: [
    { questionId: "65a1b2c3d4e5f60718293c01", values: [0.75, 1] },
    { questionId: "65a1b2c3d4e5f60718293c02", gte: 9, lt: 11 },
  ],
  metaItems: [
    { key: "store", value: "Helsinki: centre" },
    { key: "lang", value: "fi" },
  ],
  metaStrict: true,
  stackGraphsTo100: true,
  satisfactionReport: true,
  hideQuestionsWithNoResponses: true,
  hiddenQuestions: ["65a1b2c3d4e5f60718293c03"],
  feedbackListHiddenColumns: ["meta_lang", "date"],
  view: "table",
};

describe("results filters in the address", () => {
  it("a plain /results is the default view and writes no parameters", () => {
    expect(filtersFromSearch("")).toEqual(defaultFilters);
    expect(filtersToSearch(defaultFilters).toString()).toBe("");
  });

  it("every filter survives a round trip through the address", () => {
    const search = filtersToSearch(full);
    expect(search.get("from")).toBe("2026-10-01");
    expect(search.get("groupBy")).toBe("metadata");
    expect(search.getAll("meta")).toEqual(["store:Helsinki: centre", "lang:fi"]);
    expect(filtersFromSearch(search.toString())).toEqual(full);
  });

  it("a preset replaces from and to; the share token and print mode are kept", () => {
    const search = filtersToSearch(
      { ...defaultFilters, preset: "lastFullMonth", from: "2026-01-01" },
      new URLSearchParams("token=abc&print=1&preset=last7Days"),
    );
    expect(search.toString()).toBe("token=abc&print=1&preset=lastFullMonth");
  });

  it("unreadable values fall back to the defaults instead of breaking the page", () => {
    const f = filtersFromSearch("preset=yesterday&from=1.10.2026&groupBy=decade&view=pie&answer=%7Bnot-json&meta=novalue");
    expect(f).toEqual(defaultFilters);
  });
});

describe("results filters → the API's ResultsFilterInput", () => {
  it("turns the screen's state into spec 001 §3 filters with the caller's utcOffset", () => {
    expect(toWireFilters(full, 180)).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      touchpointIds: full.touchpointIds.map((id) => toGlobalId("Touchpoint", id)),
      surveyIds: [toGlobalId("Survey", "65a1b2c3d4e5f60718293b01")],
      groupBy: "metadata",
      groupByMetaKey: "store",
      utcOffset: 180,
      restrictByAnswer: [
        { questionId: toGlobalId("Question", "65a1b2c3d4e5f60718293c01"), choiceIds: [], numbers: [0.75, 1] },
        { questionId: toGlobalId("Question", "65a1b2c3d4e5f60718293c02"), gte: 9, lt: 11 },
      ],
      metaDataMatch: { items: full.metaItems, strict: true },
      feedbackListHiddenColumns: ["meta_lang", "date"],
      options: {
        stackGraphsTo100: true,
        satisfactionReport: true,
        hideQuestionsWithNoResponses: true,
        view: "table",
        hiddenQuestions: [toGlobalId("Question", "65a1b2c3d4e5f60718293c03")],
      },
      dateFilterChangedManually: true,
    });
  });

  it("without dates asks for the last 7 days; a preset is sent as datePreset; no metadata is null", () => {
    expect(toWireFilters(defaultFilters, 0)).toMatchObject({ datePreset: "last7Days", dateFilterChangedManually: false, metaDataMatch: null });
    const w = toWireFilters({ ...defaultFilters, preset: "lastFullWeek" }, -300);
    expect(w).toMatchObject({ datePreset: "lastFullWeek", utcOffset: -300 });
    expect(w).not.toHaveProperty("from");
    expect(w).not.toHaveProperty("groupByMetaKey");
  });

  it("REST bodies carry the spec's ids and restrictByAnswer values in one list", () => {
    expect(restFilters(toWireFilters(full, 0))).toMatchObject({
      touchpointIds: full.touchpointIds,
      surveyIds: full.surveyIds,
      restrictByAnswer: [
        { questionId: "65a1b2c3d4e5f60718293c01", values: [0.75, 1] },
        { questionId: "65a1b2c3d4e5f60718293c02", gte: 9, lt: 11 },
      ],
      options: { hiddenQuestions: full.hiddenQuestions },
    });
  });

  it("saved filters (bookmarks, links as ResultsFilters; dates with slashes) read back into the same state", () => {
    expect(fromWireFilters(toWireFilters(full, 0))).toEqual(full);
    // As the API gives them back: every list present, unset fields null, ids global.
    expect(
      fromWireFilters({
        from: null,
        to: null,
        datePreset: "last30Days",
        touchpointIds: [],
        surveyIds: [toGlobalId("Survey", "65a1b2c3d4e5f60718293b01")],
        groupBy: null,
        restrictByAnswer: [
          { questionId: toGlobalId("Question", "65a1b2c3d4e5f60718293c01"), choiceIds: ["good"], numbers: [1], gte: null, lt: null },
          { questionId: toGlobalId("Question", "65a1b2c3d4e5f60718293c02"), choiceIds: [], numbers: [], gte: 9, lt: null },
        ],
        metaDataMatch: null,
        options: { stackGraphsTo100: true, view: "table", hiddenQuestions: [] },
      }),
    ).toEqual({
      ...defaultFilters,
      preset: "last30Days",
      surveyIds: ["65a1b2c3d4e5f60718293b01"],
      restrictByAnswer: [
        { questionId: "65a1b2c3d4e5f60718293c01", values: ["good", 1] },
        { questionId: "65a1b2c3d4e5f60718293c02", gte: 9 },
      ],
      stackGraphsTo100: true,
      view: "table",
    });
    expect(fromWireFilters({ from: "2026/10/01", to: "2026/10/07", surveyId: "a,b" })).toMatchObject({
      from: "2026-10-01",
      to: "2026-10-07",
      surveyIds: ["a", "b"],
    });
  });
});

describe("date presets", () => {
  it("last 7 and 30 days include today; last full week is Monday to Sunday; last full month is the whole month", () => {
    const wednesday = new Date(2026, 10, 18); // 18 Nov 2026
    expect(presetRange("last7Days", wednesday)).toEqual({ from: "2026-11-12", to: "2026-11-18" });
    expect(presetRange("last30Days", wednesday)).toEqual({ from: "2026-10-20", to: "2026-11-18" });
    expect(presetRange("lastFullWeek", wednesday)).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(presetRange("lastFullWeek", new Date(2026, 10, 16))).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(presetRange("lastFullMonth", new Date(2026, 0, 5))).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });
});

describe("allowChanges", () => {
  it("members change everything; a visitor only what the link lists", () => {
    expect(mayChange(null, "groupBy")).toBe(true);
    expect(mayChange([], "date")).toBe(false);
    expect(mayChange(["date"], "date")).toBe(true);
    expect(mayChange(["from"], "date")).toBe(true);
    expect(mayChange(["date"], "surveyId")).toBe(false);
    expect(mayChange(["options"], "options.stackGraphsTo100")).toBe(true);
    expect(mayChange(["options.view"], "options.stackGraphsTo100")).toBe(false);
  });
});

describe("a share-link visit", () => {
  const link: ResultsFilterState = { ...defaultFilters, from: "2026-01-01", to: "2026-01-31", surveyIds: ["s1"], stackGraphsTo100: true };

  it("takes the visitor's choices only where allowChanges opens them", () => {
    const search = "token=abcdefghijkl&preset=last30Days&survey=s2&groupBy=weekNumber&stack=0";
    expect(mergeSharedFilters(link, search, [])).toEqual(link);
    expect(mergeSharedFilters(link, search, ["date", "groupBy"])).toEqual({ ...link, preset: "last30Days", from: null, to: null, groupBy: "weekNumber" });
    // "options" opens every display option; stack=0 turns the link's stacking off.
    expect(mergeSharedFilters(link, search, ["options"]).stackGraphsTo100).toBe(false);
    expect(mergeSharedFilters(link, search, ["surveyId"]).surveyIds).toEqual(["s2"]);
  });

  it("a visitor's address states defaults explicitly so they can override the link", () => {
    const search = filtersToSearch({ ...link, stackGraphsTo100: false }, new URLSearchParams("token=abcdefghijkl"), { explicit: true });
    expect(search.get("stack")).toBe("0");
    expect(search.get("view")).toBe("graphs");
    expect(mergeSharedFilters(link, search, ["options.stackGraphsTo100"]).stackGraphsTo100).toBe(false);
  });
});
