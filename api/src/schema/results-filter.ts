// The results filters (spec 001 §3 "Results filters") as GraphQL types: ResultsFilterInput, the
// argument of every results-like read and of bookmarks, share links and exports, and ResultsFilters,
// the stored filters of a bookmark or share link. The rules (dates, ranges, presets, limits, the
// messages) are domain/results-scope/filters.ts's zod schema: this file only maps the typed input onto
// that wire shape and the stored wire shape back onto the typed output.
//
// Ids: GraphQL speaks global ids (a survey's, touchpoint's, team's, question's `id`), the stored
// filters and REST the spec's 24-hex ids. This file is the one boundary: `filtersArg` decodes the
// global ids of the input (Pothos refuses another type's id as BAD_USER_INPUT before the resolver),
// the ResultsFilters output encodes the stored ids again (docs/analytics.md "Ids").
import { builder } from "./builder.js";
import { JSONScalar } from "./json.js";
import { defined, readFieldByField } from "./input-fields.js";
import { QuestionNode } from "./question.js";
import { SurveyType } from "./survey.js";
import { TouchpointType } from "./touchpoint.js";
import { UnitType } from "./unit.js";
import { resultsFiltersSchema } from "../domain/results-scope/filters.js";
import { datePresets, groupByValues, joinRestrictValues, splitRestrictValues } from "@feedback/shared/results-filters";

export const DatePresetEnum = builder.enumType("DatePreset", { values: datePresets, description: "a date window relative to today" });
export const ResultsGroupByEnum = builder.enumType("ResultsGroupBy", { values: groupByValues, description: "how results are grouped (default daily)" });

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

const RestrictByAnswerInput = builder.inputType("RestrictByAnswerInput", {
  description: "Only responses whose answer to a question has one of these values or lies in [gte, lt); at least one of them is needed",
  fields: (t) => ({
    questionId: t.globalID({ required: true, for: QuestionNode, description: "the question's id" }),
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
    hiddenQuestions: t.globalIDList({ for: QuestionNode, description: "the questions' ids" }),
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
    touchpointIds: t.globalIDList({ for: TouchpointType, description: "the touchpoints' ids; empty: every touchpoint" }),
    surveyIds: t.globalIDList({ for: SurveyType, description: "the surveys' ids; empty: every survey" }),
    unitId: t.globalID({ for: UnitType, description: "a team's id: the team and its sub-teams" }),
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
/** A global id as Pothos hands it to the resolver, already checked to be of the argument's type. */
type GlobalId = { typename: string; id: string };
export type ResultsFilterArg = {
  from?: Maybe<string>;
  to?: Maybe<string>;
  datePreset?: Maybe<string>;
  touchpointIds?: Maybe<GlobalId[]>;
  surveyIds?: Maybe<GlobalId[]>;
  unitId?: Maybe<GlobalId>;
  groupBy?: Maybe<string>;
  groupByMetaKey?: Maybe<string>;
  utcOffset?: Maybe<number>;
  restrictByAnswer?: Maybe<{ questionId: GlobalId; choiceIds?: Maybe<string[]>; numbers?: Maybe<number[]>; gte?: Maybe<number>; lt?: Maybe<number> }[]>;
  metaDataMatch?: Maybe<{ items: { key: string; value: string }[]; strict?: Maybe<boolean> }>;
  hiddenFromToken?: Maybe<string[]>;
  feedbackListHiddenColumns?: Maybe<string[]>;
  options?: Maybe<Record<string, unknown> & { hiddenQuestions?: Maybe<GlobalId[]> }>;
  dateFilterChangedManually?: Maybe<boolean>;
};

const rawIds = (ids: Maybe<GlobalId[]>) => ids?.map((g) => g.id);

/**
 * The typed argument as the domain's wire shape (domain/results-scope/filters.ts), which validates it:
 * global ids decoded to the stored ids, restrictByAnswer's choiceIds and numbers joined into values;
 * undefined when no filters were sent.
 */
export function filtersArg(input: Maybe<ResultsFilterArg>): Record<string, unknown> | undefined {
  if (input === null || input === undefined) return undefined;
  const { restrictByAnswer, metaDataMatch, options, touchpointIds, surveyIds, unitId, ...rest } = input;
  const wire = defined({ ...rest, touchpointIds: rawIds(touchpointIds), surveyIds: rawIds(surveyIds), unitId: unitId?.id });
  if (restrictByAnswer) {
    wire.restrictByAnswer = restrictByAnswer.map(({ choiceIds, numbers, questionId, ...item }) =>
      defined({ ...item, questionId: questionId.id, values: joinRestrictValues({ choiceIds, numbers }) }),
    );
  }
  if (metaDataMatch) wire.metaDataMatch = defined(metaDataMatch);
  if (options) wire.options = defined({ ...options, hiddenQuestions: rawIds(options.hiddenQuestions) });
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
  return readFieldByField(resultsFiltersSchema.shape, raw) as StoredFilters;
}

/** Stored ids as the global ids of a type (the output side of the boundary above). */
const globalIds = (type: string, ids: string[]) => ids.map((id) => ({ type, id }));

const uniq = (...lists: (string[] | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))];
const oneOf = <T extends string>(values: readonly T[], v: string | null | undefined): T | null =>
  v && (values as readonly string[]).includes(v) ? (v as T) : null;

type RestrictItem = NonNullable<StoredFilters["restrictByAnswer"]>[number];
const RestrictByAnswer = builder.objectRef<RestrictItem>("RestrictByAnswer").implement({
  fields: (t) => ({
    questionId: t.globalID({ description: "the question's id", resolve: (r) => ({ type: "Question", id: r.questionId }) }),
    choiceIds: t.stringList({ resolve: (r) => splitRestrictValues(r.values ?? []).choiceIds }),
    numbers: t.floatList({ resolve: (r) => splitRestrictValues(r.values ?? []).numbers }),
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
    hiddenQuestions: t.globalIDList({ resolve: (o) => globalIds("Question", o.hiddenQuestions ?? []) }),
    viewOptions: t.field({ type: JSONScalar, nullable: true, resolve: (o) => o.viewOptions ?? null }),
  }),
});

export const ResultsFilters = builder.objectRef<StoredFilters>("ResultsFilters").implement({
  description: "Saved results filters (spec 001 §3), as ResultsFilterInput takes them; null: not set (its default applies)",
  fields: (t) => ({
    from: t.string({ nullable: true, description: "yyyy-MM-dd (or yyyy/MM/dd as saved through REST)", resolve: (f) => f.from ?? null }),
    to: t.string({ nullable: true, resolve: (f) => f.to ?? null }),
    datePreset: t.field({ type: DatePresetEnum, nullable: true, resolve: (f) => oneOf(datePresets, f.datePreset) }),
    touchpointIds: t.globalIDList({ resolve: (f) => globalIds("Touchpoint", uniq(f.channelId, f.touchpointIds)) }),
    surveyIds: t.globalIDList({ resolve: (f) => globalIds("Survey", uniq(f.surveyId, f.surveyIds)) }),
    unitId: t.globalID({ nullable: true, resolve: (f) => (f.unitId ? { type: "Unit", id: f.unitId } : null) }),
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
