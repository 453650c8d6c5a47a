// The results filters (spec 001 §3 "Results filters") as GraphQL types: ResultsFilterInput, the
// argument of every results-like read and of bookmarks, share links and exports, and ResultsFilters,
// the stored filters of a bookmark or share link. The rules (dates, ranges, presets, limits, the
// messages) are domain/analytics/filters.ts's zod schema: this file only maps the typed input onto
// that wire shape and the stored wire shape back onto the typed output.
import { builder } from "./builder.js";
import { JSONScalar } from "./json.js";
import { datePresets, groupByValues, resultsFiltersSchema } from "../domain/results-scope/filters.js";

export const DatePresetEnum = builder.enumType("DatePreset", { values: datePresets, description: "a date window relative to today" });
export const ResultsGroupByEnum = builder.enumType("ResultsGroupBy", { values: groupByValues, description: "how results are grouped (default daily)" });

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

const RestrictByAnswerInput = builder.inputType("RestrictByAnswerInput", {
  description: "Only responses whose answer to a question has one of these values or lies in [gte, lt); at least one of them is needed",
  fields: (t) => ({
    questionId: t.string({ required: true, description: "the question's 24-hex _id" }),
    choiceIds: t.stringList({ description: "choice ids (choice and emotion questions)" }),
    numbers: t.floatList({ description: "stored numeric values (smiley 0–1, NPS 0–10, slider 0–1)" }),
    gte: t.float({ description: "the stored value is at least this" }),
    lt: t.float({ description: "the stored value is below this" }),
  }),
});

const MetaDataItemInput = builder.inputType("MetaDataItemInput", {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});

const MetaDataMatchInput = builder.inputType("MetaDataMatchInput", {
  description: "Only responses with these metadata values",
  fields: (t) => ({
    items: t.field({ type: [MetaDataItemInput], required: true }),
    strict: t.boolean({ description: "every item must match (default: any item)" }),
  }),
});

const ResultsViewOptionsInput = builder.inputType("ResultsViewOptionsInput", {
  description: "Display options saved with the filters",
  fields: (t) => ({
    stackGraphsTo100: t.boolean(),
    satisfactionReport: t.boolean(),
    hideQuestionsWithNoResponses: t.boolean(),
    view: t.string({ description: "graphs, table or list" }),
    hiddenQuestions: t.stringList({ description: "questions' 24-hex _ids" }),
    viewOptions: t.field({ type: JSONScalar, description: "free options of the screen, kept as sent" }),
  }),
});

export const ResultsFilterInput = builder.inputType("ResultsFilterInput", {
  description:
    'The results filters (spec 001 §3; docs/analytics.md "Filters"). Every field is optional; without from, to or datePreset the window is the last 7 days',
  fields: (t) => ({
    from: t.string({ description: "the first day, yyyy-MM-dd, in utcOffset" }),
    to: t.string({ description: "the last day (inclusive), yyyy-MM-dd, in utcOffset" }),
    datePreset: t.field({ type: DatePresetEnum, description: "replaces from and to" }),
    touchpointIds: t.stringList({ description: "touchpoints' 24-hex _ids; empty: every touchpoint" }),
    surveyIds: t.stringList({ description: "surveys' 24-hex _ids; empty: every survey" }),
    unitId: t.string({ description: "a team's 24-hex _id: the team and its sub-teams" }),
    groupBy: t.field({ type: ResultsGroupByEnum }),
    groupByMetaKey: t.string({ description: "the metadata key, with groupBy metadata" }),
    utcOffset: t.int({ description: "the caller's minutes east of UTC (-720 to 840)" }),
    restrictByAnswer: t.field({ type: [RestrictByAnswerInput] }),
    metaDataMatch: t.field({ type: MetaDataMatchInput }),
    hiddenFromToken: t.stringList(),
    feedbackListHiddenColumns: t.stringList({ description: "the feedback list's hidden column keys" }),
    options: t.field({ type: ResultsViewOptionsInput }),
    dateFilterChangedManually: t.boolean(),
  }),
});

type Maybe<T> = T | null | undefined;
export type ResultsFilterArg = {
  from?: Maybe<string>;
  to?: Maybe<string>;
  datePreset?: Maybe<string>;
  touchpointIds?: Maybe<string[]>;
  surveyIds?: Maybe<string[]>;
  unitId?: Maybe<string>;
  groupBy?: Maybe<string>;
  groupByMetaKey?: Maybe<string>;
  utcOffset?: Maybe<number>;
  restrictByAnswer?: Maybe<{ questionId: string; choiceIds?: Maybe<string[]>; numbers?: Maybe<number[]>; gte?: Maybe<number>; lt?: Maybe<number> }[]>;
  metaDataMatch?: Maybe<{ items: { key: string; value: string }[]; strict?: Maybe<boolean> }>;
  hiddenFromToken?: Maybe<string[]>;
  feedbackListHiddenColumns?: Maybe<string[]>;
  options?: Maybe<Record<string, unknown>>;
  dateFilterChangedManually?: Maybe<boolean>;
};

/** The object without its null and undefined fields (an absent GraphQL field is "not set"). */
const defined = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/**
 * The typed argument as the domain's wire shape (domain/analytics/filters.ts), which validates it;
 * undefined when no filters were sent.
 */
export function filtersArg(input: Maybe<ResultsFilterArg>): Record<string, unknown> | undefined {
  if (input === null || input === undefined) return undefined;
  const { restrictByAnswer, metaDataMatch, options, ...rest } = input;
  const wire = defined(rest);
  if (restrictByAnswer) {
    wire.restrictByAnswer = restrictByAnswer.map(({ choiceIds, numbers, ...item }) =>
      defined({ ...item, values: choiceIds || numbers ? [...(choiceIds ?? []), ...(numbers ?? [])] : undefined }),
    );
  }
  if (metaDataMatch) wire.metaDataMatch = defined(metaDataMatch);
  if (options) wire.options = defined(options);
  return wire;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

type StoredFilters = {
  from?: string | null;
  to?: string | null;
  datePreset?: string | null;
  channelId?: string[];
  touchpointIds?: string[];
  surveyId?: string[];
  surveyIds?: string[];
  unitId?: string | null;
  groupBy?: string | null;
  groupByMetaKey?: string | null;
  utcOffset?: number | null;
  restrictByAnswer?: { questionId: string; values?: (string | number)[]; gte?: number; lt?: number }[];
  metaDataMatch?: { items: { key: string; value: string }[]; strict?: boolean } | null;
  hiddenFromToken?: string[];
  feedbackListHiddenColumns?: string[];
  options?: {
    stackGraphsTo100?: boolean;
    satisfactionReport?: boolean;
    hideQuestionsWithNoResponses?: boolean;
    view?: string;
    hiddenQuestions?: string[];
    viewOptions?: Record<string, unknown>;
  };
  dateFilterChangedManually?: boolean;
};

/**
 * Stored filters (validated when saved) read through the same schema, field by field: a field that
 * no longer reads is left out rather than failing the whole answer.
 */
export function storedFilters(raw: unknown): StoredFilters {
  const out: Record<string, unknown> = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  const shape = resultsFiltersSchema.shape as Record<string, { safeParse: (v: unknown) => { success: boolean; data?: unknown } }>;
  for (const [key, value] of Object.entries(raw)) {
    const parsed = shape[key]?.safeParse(value);
    if (parsed?.success && parsed.data !== null && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as StoredFilters;
}

const uniq = (...lists: (string[] | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))];
const oneOf = <T extends string>(values: readonly T[], v: string | null | undefined): T | null =>
  v && (values as readonly string[]).includes(v) ? (v as T) : null;

type RestrictItem = NonNullable<StoredFilters["restrictByAnswer"]>[number];
const RestrictByAnswer = builder.objectRef<RestrictItem>("RestrictByAnswer").implement({
  fields: (t) => ({
    questionId: t.exposeString("questionId", { description: "the question's 24-hex _id" }),
    choiceIds: t.stringList({ resolve: (r) => (r.values ?? []).filter((v): v is string => typeof v === "string") }),
    numbers: t.floatList({ resolve: (r) => (r.values ?? []).filter((v): v is number => typeof v === "number") }),
    gte: t.float({ nullable: true, resolve: (r) => r.gte ?? null }),
    lt: t.float({ nullable: true, resolve: (r) => r.lt ?? null }),
  }),
});

const MetaDataItem = builder.objectRef<{ key: string; value: string }>("MetaDataItem").implement({
  fields: (t) => ({ key: t.exposeString("key"), value: t.exposeString("value") }),
});

const MetaDataMatch = builder.objectRef<NonNullable<StoredFilters["metaDataMatch"]>>("MetaDataMatch").implement({
  fields: (t) => ({
    items: t.field({ type: [MetaDataItem], resolve: (m) => m.items }),
    strict: t.boolean({ resolve: (m) => m.strict ?? false }),
  }),
});

const ResultsViewOptions = builder.objectRef<NonNullable<StoredFilters["options"]>>("ResultsViewOptions").implement({
  description: "Display options saved with the filters (null: not set)",
  fields: (t) => ({
    stackGraphsTo100: t.boolean({ nullable: true, resolve: (o) => o.stackGraphsTo100 ?? null }),
    satisfactionReport: t.boolean({ nullable: true, resolve: (o) => o.satisfactionReport ?? null }),
    hideQuestionsWithNoResponses: t.boolean({ nullable: true, resolve: (o) => o.hideQuestionsWithNoResponses ?? null }),
    view: t.string({ nullable: true, resolve: (o) => o.view ?? null }),
    hiddenQuestions: t.stringList({ resolve: (o) => o.hiddenQuestions ?? [] }),
    viewOptions: t.field({ type: JSONScalar, nullable: true, resolve: (o) => o.viewOptions ?? null }),
  }),
});

export const ResultsFilters = builder.objectRef<StoredFilters>("ResultsFilters").implement({
  description: "Saved results filters (spec 001 §3), as ResultsFilterInput takes them; null: not set (its default applies)",
  fields: (t) => ({
    from: t.string({ nullable: true, description: "yyyy-MM-dd (or yyyy/MM/dd as saved through REST)", resolve: (f) => f.from ?? null }),
    to: t.string({ nullable: true, resolve: (f) => f.to ?? null }),
    datePreset: t.field({ type: DatePresetEnum, nullable: true, resolve: (f) => oneOf(datePresets, f.datePreset) }),
    touchpointIds: t.stringList({ resolve: (f) => uniq(f.channelId, f.touchpointIds) }),
    surveyIds: t.stringList({ resolve: (f) => uniq(f.surveyId, f.surveyIds) }),
    unitId: t.string({ nullable: true, resolve: (f) => f.unitId ?? null }),
    groupBy: t.field({ type: ResultsGroupByEnum, nullable: true, resolve: (f) => oneOf(groupByValues, f.groupBy) }),
    groupByMetaKey: t.string({ nullable: true, resolve: (f) => f.groupByMetaKey ?? null }),
    utcOffset: t.int({ nullable: true, resolve: (f) => f.utcOffset ?? null }),
    restrictByAnswer: t.field({ type: [RestrictByAnswer], resolve: (f) => f.restrictByAnswer ?? [] }),
    metaDataMatch: t.field({ type: MetaDataMatch, nullable: true, resolve: (f) => f.metaDataMatch ?? null }),
    hiddenFromToken: t.stringList({ resolve: (f) => f.hiddenFromToken ?? [] }),
    feedbackListHiddenColumns: t.stringList({ resolve: (f) => f.feedbackListHiddenColumns ?? [] }),
    options: t.field({ type: ResultsViewOptions, nullable: true, resolve: (f) => f.options ?? null }),
    dateFilterChangedManually: t.boolean({ nullable: true, resolve: (f) => f.dateFilterChangedManually ?? null }),
  }),
});
