/**
 * The results filters of spec 001 §3 as the screen holds them, kept in the address so a view can
 * be reloaded, bookmarked and shared, and turned into the API's ResultsFilterInput (schema.graphql;
 * its rules are api/src/domain/results-scope/filters.ts's).
 *
 * Ids: the screen, the address and the REST bodies hold the spec's 24-hex ids (the filter bar's
 * choices come as legacyId); GraphQL takes global ids. `toWireFilters` encodes them for GraphQL,
 * `restFilters` and `fromWireFilters` read them back: this file is the client's one boundary.
 *
 * Address parameters (defaults are left out, so a plain /results is the default view):
 *   preset=last7Days|last30Days|lastFullWeek|lastFullMonth   from=yyyy-MM-dd  to=yyyy-MM-dd
 *   touchpoint=<id>,<id>   survey=<id>,<id>   groupBy=hourly|weekday|weekNumber|monthly|source|metadata
 *   metaKey=<key> (with groupBy=metadata)   answer=<JSON restrictByAnswer>   meta=<key>:<value> (repeated)
 *   strict=1   stack=1   satisfaction=1   hideEmpty=1   hiddenQuestions=<id>,<id>   hiddenColumns=<key>,<key>
 *   view=table|list   token=<share token>   print=1
 *
 * A share link's visitor changes only what the link's allowChanges opens: the rule is the api's own
 * (@feedback/shared/share-link-filters), here mapped onto the address parameters.
 */
import { mayChange, shareChangeKeys, type ShareChangeKey } from "@feedback/shared/share-link-filters";
import {
  datePresets,
  groupByValues,
  joinRestrictValues,
  splitRestrictValues,
  type DatePreset,
  type GroupBy,
  type RestrictValue,
} from "@feedback/shared/results-filters";
import { fromGlobalId, toGlobalId, type GlobalIdType } from "../util/globalId";

export { mayChange, shareChangeKeys, type ShareChangeKey };
export { datePresets, groupByValues, type DatePreset, type GroupBy };

export const views = ["graphs", "table", "list"] as const;
export type ResultsView = (typeof views)[number];

export interface RestrictItem {
  questionId: string;
  /** Choice ids or stored numeric values (smiley 0–1, NPS 0–10). */
  values?: RestrictValue[];
  gte?: number;
  lt?: number;
}

export interface MetaItem {
  key: string;
  value: string;
}

export interface ResultsFilterState {
  /** A preset wins over from/to; with neither the API uses the last 7 days. */
  preset: DatePreset | null;
  from: string | null;
  to: string | null;
  touchpointIds: string[];
  surveyIds: string[];
  groupBy: GroupBy;
  groupByMetaKey: string | null;
  restrictByAnswer: RestrictItem[];
  metaItems: MetaItem[];
  metaStrict: boolean;
  stackGraphsTo100: boolean;
  satisfactionReport: boolean;
  hideQuestionsWithNoResponses: boolean;
  hiddenQuestions: string[];
  feedbackListHiddenColumns: string[];
  view: ResultsView;
}

export const defaultFilters: ResultsFilterState = {
  preset: null,
  from: null,
  to: null,
  touchpointIds: [],
  surveyIds: [],
  groupBy: "daily",
  groupByMetaKey: null,
  restrictByAnswer: [],
  metaItems: [],
  metaStrict: false,
  stackGraphsTo100: false,
  satisfactionReport: false,
  hideQuestionsWithNoResponses: false,
  hiddenQuestions: [],
  feedbackListHiddenColumns: [],
  view: "graphs",
};

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const list = (value: string | null) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const isOneOf = <T extends string>(values: readonly T[], v: string | null): v is T => v !== null && (values as readonly string[]).includes(v);

/** Restrict items as the address holds them ({ values }) or as the API gives them back ({ choiceIds, numbers }). */
function restrictItems(parsed: unknown): RestrictItem[] {
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item): RestrictItem[] => {
    if (!item || typeof item !== "object" || typeof (item as RestrictItem).questionId !== "string") return [];
    const i = item as RestrictItem & { choiceIds?: unknown; numbers?: unknown };
    const out: RestrictItem = { questionId: i.questionId };
    const values = [i.values, i.choiceIds, i.numbers].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
    // The API gives empty lists back for an item without values: those read as no values.
    if (Array.isArray(i.values) || values.length) out.values = values.filter((v): v is RestrictValue => typeof v === "string" || typeof v === "number");
    if (typeof i.gte === "number") out.gte = i.gte;
    if (typeof i.lt === "number") out.lt = i.lt;
    return [out];
  });
}

function parseRestrict(raw: string | null): RestrictItem[] {
  if (!raw) return [];
  try {
    return restrictItems(JSON.parse(raw) as unknown);
  } catch {
    return [];
  }
}

/** Reads the filters from an address's query (anything unreadable falls back to its default). */
export function filtersFromSearch(search: URLSearchParams | string): ResultsFilterState {
  const p = typeof search === "string" ? new URLSearchParams(search) : search;
  const preset = p.get("preset");
  const from = p.get("from");
  const to = p.get("to");
  const groupBy = p.get("groupBy");
  const view = p.get("view");
  return {
    preset: isOneOf(datePresets, preset) ? preset : null,
    from: from && dayPattern.test(from) ? from : null,
    to: to && dayPattern.test(to) ? to : null,
    touchpointIds: list(p.get("touchpoint")),
    surveyIds: list(p.get("survey")),
    groupBy: isOneOf(groupByValues, groupBy) ? groupBy : "daily",
    groupByMetaKey: p.get("metaKey") || null,
    restrictByAnswer: parseRestrict(p.get("answer")),
    metaItems: p.getAll("meta").flatMap((pair) => {
      const at = pair.indexOf(":");
      return at > 0 ? [{ key: pair.slice(0, at), value: pair.slice(at + 1) }] : [];
    }),
    metaStrict: p.get("strict") === "1",
    stackGraphsTo100: p.get("stack") === "1",
    satisfactionReport: p.get("satisfaction") === "1",
    hideQuestionsWithNoResponses: p.get("hideEmpty") === "1",
    hiddenQuestions: list(p.get("hiddenQuestions")),
    feedbackListHiddenColumns: list(p.get("hiddenColumns")),
    view: isOneOf(views, view) ? view : "graphs",
  };
}

/**
 * Writes the filters into a query, keeping parameters that are not filters (token, print, page…).
 * Defaults are left out.
 */
export function filtersToSearch(f: ResultsFilterState, keep?: URLSearchParams, opts: { explicit?: boolean } = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (keep) {
    for (const key of ["token", "print", "locale", "noLogin"]) {
      const v = keep.get(key);
      if (v !== null) p.set(key, v);
    }
  }
  if (f.preset) p.set("preset", f.preset);
  else {
    if (f.from) p.set("from", f.from);
    if (f.to) p.set("to", f.to);
  }
  if (f.touchpointIds.length) p.set("touchpoint", f.touchpointIds.join(","));
  if (f.surveyIds.length) p.set("survey", f.surveyIds.join(","));
  // explicit: a share-link visitor's address states every choice (a default must override the link's value).
  const flag = (key: string, on: boolean) => {
    if (on) p.set(key, "1");
    else if (opts.explicit) p.set(key, "0");
  };
  if (f.groupBy !== "daily" || opts.explicit) p.set("groupBy", f.groupBy);
  if (f.groupBy === "metadata" && f.groupByMetaKey) p.set("metaKey", f.groupByMetaKey);
  if (f.restrictByAnswer.length) p.set("answer", JSON.stringify(f.restrictByAnswer));
  for (const m of f.metaItems) p.append("meta", `${m.key}:${m.value}`);
  flag("strict", f.metaStrict);
  flag("stack", f.stackGraphsTo100);
  flag("satisfaction", f.satisfactionReport);
  flag("hideEmpty", f.hideQuestionsWithNoResponses);
  if (f.hiddenQuestions.length) p.set("hiddenQuestions", f.hiddenQuestions.join(","));
  if (f.feedbackListHiddenColumns.length) p.set("hiddenColumns", f.feedbackListHiddenColumns.join(","));
  if (f.view !== "graphs" || opts.explicit) p.set("view", f.view);
  return p;
}

/** Which address parameters carry each allowChanges entry, and the state fields they set. */
const shareKeyParams: Record<ShareChangeKey, { params: string[]; fields: Array<keyof ResultsFilterState> }> = {
  date: { params: ["preset", "from", "to"], fields: ["preset", "from", "to"] },
  channelId: { params: ["touchpoint"], fields: ["touchpointIds"] },
  surveyId: { params: ["survey"], fields: ["surveyIds"] },
  groupBy: { params: ["groupBy", "metaKey"], fields: ["groupBy", "groupByMetaKey"] },
  restrictByAnswer: { params: ["answer"], fields: ["restrictByAnswer"] },
  metaDataMatch: { params: ["meta", "strict"], fields: ["metaItems", "metaStrict"] },
  feedbackListHiddenColumns: { params: ["hiddenColumns"], fields: ["feedbackListHiddenColumns"] },
  "options.stackGraphsTo100": { params: ["stack"], fields: ["stackGraphsTo100"] },
  "options.satisfactionReport": { params: ["satisfaction"], fields: ["satisfactionReport"] },
  "options.hideQuestionsWithNoResponses": { params: ["hideEmpty"], fields: ["hideQuestionsWithNoResponses"] },
  "options.view": { params: ["view"], fields: ["view"] },
  "options.hiddenQuestions": { params: ["hiddenQuestions"], fields: ["hiddenQuestions"] },
};

/**
 * A share-link visit: the link's filters, with the visitor's choices from the address only where
 * allowChanges opens them (the shared `mayChange`, the rule the api's merge applies).
 */
export function mergeSharedFilters(link: ResultsFilterState, search: URLSearchParams | string, allowChanges: readonly string[]): ResultsFilterState {
  const p = typeof search === "string" ? new URLSearchParams(search) : search;
  const visitor = filtersFromSearch(p);
  const merged: ResultsFilterState = { ...link };
  for (const key of shareChangeKeys) {
    if (!mayChange(allowChanges, key)) continue;
    const { params, fields } = shareKeyParams[key];
    if (!params.some((name) => p.has(name))) continue;
    for (const field of fields) (merged as unknown as Record<string, unknown>)[field] = visitor[field];
  }
  return merged;
}

/** Minutes east of UTC of this browser now (Helsinki in summer: 180), as the API's utcOffset. */
export function browserUtcOffset(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/** A restrictByAnswer item of ResultsFilterInput: choice ids and stored numbers apart. */
export interface WireRestrictItem {
  questionId: string;
  choiceIds?: string[];
  numbers?: number[];
  gte?: number;
  lt?: number;
}

/** The API's ResultsFilterInput (spec 001 §3 "Results filters"): the filters argument of the results reads, links, bookmarks and exports. */
export interface WireFilters {
  from?: string;
  to?: string;
  datePreset?: DatePreset;
  touchpointIds: string[];
  surveyIds: string[];
  groupBy: GroupBy;
  groupByMetaKey?: string;
  utcOffset: number;
  restrictByAnswer: WireRestrictItem[];
  metaDataMatch: { items: MetaItem[]; strict: boolean } | null;
  feedbackListHiddenColumns: string[];
  options: {
    stackGraphsTo100: boolean;
    satisfactionReport: boolean;
    hideQuestionsWithNoResponses: boolean;
    view: ResultsView;
    hiddenQuestions: string[];
  };
  dateFilterChangedManually: boolean;
}

const globalIds = (type: GlobalIdType, ids: string[]) => ids.map((id) => toGlobalId(type, id));
/** Global ids of a type read back as the spec's ids; a value that is not one (a REST-shaped list) is kept as it is. */
const specIds = (type: GlobalIdType, ids: string[]) => ids.map((id) => fromGlobalId(type, id) ?? id);

/** The screen's filters as GraphQL's ResultsFilterInput: global ids, restrictByAnswer values split by kind. */
export function toWireFilters(f: ResultsFilterState, utcOffset: number = browserUtcOffset()): WireFilters {
  const wire: WireFilters = {
    touchpointIds: globalIds("Touchpoint", f.touchpointIds),
    surveyIds: globalIds("Survey", f.surveyIds),
    groupBy: f.groupBy,
    utcOffset,
    restrictByAnswer: f.restrictByAnswer.map(({ questionId, values, gte, lt }) => {
      const item: WireRestrictItem = { questionId: toGlobalId("Question", questionId) };
      if (values) Object.assign(item, splitRestrictValues(values));
      if (gte !== undefined) item.gte = gte;
      if (lt !== undefined) item.lt = lt;
      return item;
    }),
    metaDataMatch: f.metaItems.length ? { items: f.metaItems, strict: f.metaStrict } : null,
    feedbackListHiddenColumns: f.feedbackListHiddenColumns,
    options: {
      stackGraphsTo100: f.stackGraphsTo100,
      satisfactionReport: f.satisfactionReport,
      hideQuestionsWithNoResponses: f.hideQuestionsWithNoResponses,
      view: f.view,
      hiddenQuestions: globalIds("Question", f.hiddenQuestions),
    },
    dateFilterChangedManually: !f.preset && Boolean(f.from || f.to),
  };
  if (f.preset) wire.datePreset = f.preset;
  else if (f.from || f.to) {
    if (f.from) wire.from = f.from;
    if (f.to) wire.to = f.to;
  } else wire.datePreset = "last7Days";
  if (f.groupBy === "metadata" && f.groupByMetaKey) wire.groupByMetaKey = f.groupByMetaKey;
  return wire;
}

/** The same filters as the REST facade's body takes them (spec 001 §3: the spec's ids, restrictByAnswer items with `values`). */
export function restFilters(wire: WireFilters): object {
  return {
    ...wire,
    touchpointIds: specIds("Touchpoint", wire.touchpointIds),
    surveyIds: specIds("Survey", wire.surveyIds),
    restrictByAnswer: wire.restrictByAnswer.map(({ choiceIds, numbers, questionId, ...item }) => {
      const values = joinRestrictValues({ choiceIds, numbers });
      return { ...item, questionId: fromGlobalId("Question", questionId) ?? questionId, ...(values ? { values } : {}) };
    }),
    options: { ...wire.options, hiddenQuestions: specIds("Question", wire.options.hiddenQuestions) },
  };
}

/**
 * Reads saved filters (a bookmark's, a share link's defaults: the API's ResultsFilters, with global
 * ids; or a REST-shaped object with the spec's ids) back into the screen's state.
 */
export function fromWireFilters(input: object): ResultsFilterState {
  const w = input as Partial<Record<string, unknown>>;
  const arr = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" && v ? v.split(",") : []);
  const options = (w.options ?? {}) as Record<string, unknown>;
  const meta = (w.metaDataMatch ?? null) as { items?: MetaItem[]; strict?: boolean } | null;
  const day = (v: unknown) => (typeof v === "string" && /^\d{4}[-/]\d{2}[-/]\d{2}$/.test(v) ? v.replace(/\//g, "-") : null);
  const preset = typeof w.datePreset === "string" && isOneOf(datePresets, w.datePreset) ? w.datePreset : null;
  const groupBy = typeof w.groupBy === "string" && isOneOf(groupByValues, w.groupBy) ? w.groupBy : "daily";
  const view = typeof options.view === "string" && isOneOf(views, options.view) ? options.view : "graphs";
  return {
    preset,
    from: preset ? null : day(w.from),
    to: preset ? null : day(w.to),
    touchpointIds: specIds("Touchpoint", arr(w.channelId ?? w.touchpointIds)),
    surveyIds: specIds("Survey", arr(w.surveyId ?? w.surveyIds)),
    groupBy,
    groupByMetaKey: typeof w.groupByMetaKey === "string" ? w.groupByMetaKey : null,
    restrictByAnswer: restrictItems(w.restrictByAnswer).map((r) => ({ ...r, questionId: fromGlobalId("Question", r.questionId) ?? r.questionId })),
    metaItems: Array.isArray(meta?.items) ? meta!.items.map((i) => ({ key: String(i.key), value: String(i.value) })) : [],
    metaStrict: meta?.strict === true,
    stackGraphsTo100: options.stackGraphsTo100 === true,
    satisfactionReport: options.satisfactionReport === true,
    hideQuestionsWithNoResponses: options.hideQuestionsWithNoResponses === true,
    hiddenQuestions: specIds("Question", arr(options.hiddenQuestions)),
    feedbackListHiddenColumns: arr(w.feedbackListHiddenColumns),
    view,
  };
}

/** The first and last day (yyyy-MM-dd) a preset means for a local "today" (the API's rule, shown in the bar). */
export function presetRange(preset: DatePreset, today: Date = new Date()): { from: string; to: string } {
  const d = (y: number, m: number, day: number) => new Date(y, m, day);
  const iso = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, "0")}-${String(x.getDate()).padStart(2, "0")}`;
  const y = today.getFullYear();
  const m = today.getMonth();
  const day = today.getDate();
  switch (preset) {
    case "last7Days":
      return { from: iso(d(y, m, day - 6)), to: iso(d(y, m, day)) };
    case "last30Days":
      return { from: iso(d(y, m, day - 29)), to: iso(d(y, m, day)) };
    case "lastFullWeek": {
      const weekday = (today.getDay() + 6) % 7; // 0 = Monday
      return { from: iso(d(y, m, day - weekday - 7)), to: iso(d(y, m, day - weekday - 1)) };
    }
    case "lastFullMonth":
      return { from: iso(d(y, m - 1, 1)), to: iso(d(y, m, 0)) };
  }
}
