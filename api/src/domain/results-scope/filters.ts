// Results and summary filters (spec 001 §3 "Results filters", "Summary filters", §9 date presets):
// the wire shape every analytics call accepts (REST bodies and query strings, GraphQL JSON input,
// share links, bookmarks) and its normalised form. docs/analytics.md "Filters" explains the choices.
//
// - Dates are calendar days (yyyy-MM-dd; yyyy/MM/dd is accepted too) in the caller's `utcOffset`
//   (minutes east of UTC, as moment's utcOffset(): Helsinki in summer is 180). `to` is inclusive:
//   the range is [from 00:00, to + 1 day 00:00) local time, stored as UTC instants.
// - A preset (last7Days, last30Days, lastFullWeek, lastFullMonth) replaces from/to. Without either
//   the window is the last 7 days (today included).
// - Unknown filters, reversed ranges (from after to), ranges over 5 years or outside 2000–2100 are
//   BAD_USER_INPUT with a message naming the problem; nothing is read.
import { z } from "zod";
import { badInput } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";

import { datePresets, groupByValues, splitRestrictValues, type DatePreset, type GroupBy } from "@feedback/shared/results-filters";

export { datePresets, groupByValues, type DatePreset, type GroupBy };

export const analyticsMessages = {
  invalidDate: "Dates are written yyyy-MM-dd",
  reversedRange: "The start date must not be after the end date",
  absurdRange: "The date range can be at most 5 years, between the years 2000 and 2100",
  invalidOffset: "utcOffset is minutes from UTC, between -720 and 840",
  unknownFilter: (key: string) => `Unknown filter '${key.slice(0, 60)}'`,
  metaKeyRequired: "Grouping by metadata needs groupByMetaKey",
  invalidPreset: `Date preset must be one of ${datePresets.join(", ")}`,
  invalidGroupBy: `groupBy must be one of ${groupByValues.join(", ")}`,
  restrictNeedsValue: "A restrictByAnswer item needs values, gte or lt",
} as const;

export const maxRangeDays = 1827;
const dayMs = 86_400_000;

const dateString = z
  .string({ message: analyticsMessages.invalidDate })
  .trim()
  .regex(/^\d{4}[-/]\d{2}[-/]\d{2}$/, analyticsMessages.invalidDate)
  .refine((s) => parseDay(s) !== null, analyticsMessages.invalidDate);

/** A list of ids: one id, an array, or a comma-separated string (query strings). Empty = no restriction. */
const idList = z.preprocess(
  (v) =>
    v === null || v === undefined || v === ""
      ? []
      : typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
  z.array(objectIdSchema).max(1000, "At most 1000 ids"),
);

const restrictItemSchema = z.strictObject({
  questionId: objectIdSchema,
  /** Choice ids (choice, emotion questions) or stored numeric values (smiley 0–1, NPS 0–10, slider 0–1). */
  values: z
    .array(z.union([z.string().max(100), z.number().finite()]))
    .max(200)
    .optional(),
  /** A numeric range on the stored value: gte ≤ value < lt. */
  gte: z.number().finite().optional(),
  lt: z.number().finite().optional(),
});

const metaItemSchema = z.strictObject({
  key: z.string().trim().min(1, "A metadata key must not be empty").max(100),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});

const optionsSchema = z.strictObject({
  stackGraphsTo100: z.boolean().optional(),
  satisfactionReport: z.boolean().optional(),
  hideQuestionsWithNoResponses: z.boolean().optional(),
  view: z.string().max(40).optional(),
  hiddenQuestions: z.array(objectIdSchema).max(1000).optional(),
  viewOptions: z.record(z.string(), z.unknown()).optional(),
});

const offsetSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ message: analyticsMessages.invalidOffset })
    .int(analyticsMessages.invalidOffset)
    .min(-720, analyticsMessages.invalidOffset)
    .max(840, analyticsMessages.invalidOffset),
);

const boolish = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

/** The wire shape (spec 001 §3 "Results filters"); every key optional, unknown keys refused. */
export const resultsFiltersSchema = z.strictObject({
  from: dateString.nullish(),
  to: dateString.nullish(),
  datePreset: z.enum(datePresets, { message: analyticsMessages.invalidPreset }).nullish(),
  channelId: idList.optional(),
  /** Alias of channelId (our GraphQL vocabulary). */
  touchpointIds: idList.optional(),
  surveyId: idList.optional(),
  surveyIds: idList.optional(),
  /** A team: the team and its sub-teams (spec 001 §2 "restricted to a team and its sub-teams"). */
  unitId: objectIdSchema.nullish(),
  groupBy: z.enum(groupByValues, { message: analyticsMessages.invalidGroupBy }).nullish(),
  groupByMetaKey: z.string().trim().min(1).max(100).nullish(),
  utcOffset: offsetSchema.nullish(),
  restrictByAnswer: z.array(restrictItemSchema).max(50).optional(),
  metaDataMatch: z.strictObject({ items: z.array(metaItemSchema).max(50), strict: z.boolean().optional() }).nullish(),
  hiddenFromToken: z.array(z.string().max(100)).max(1000).optional(),
  feedbackListHiddenColumns: z.array(z.string().max(200)).max(1000).optional(),
  options: optionsSchema.optional(),
  dateFilterChangedManually: boolish.optional(),
});
export type ResultsFiltersInput = z.input<typeof resultsFiltersSchema>;

export type RestrictByAnswer = { questionId: string; choiceIds: string[]; numbers: number[]; gte: number | null; lt: number | null };

/** The normalised filters every analytics query reads. */
export type ResultsFilters = {
  /** Inclusive first day and last day, yyyy-MM-dd, in the caller's offset. */
  fromDay: string;
  toDay: string;
  /** [from, to) as UTC instants: local midnight of fromDay … local midnight after toDay. */
  from: Date;
  to: Date;
  /** The equal-length window just before (spec 001 "earlier"). */
  earlierFrom: Date;
  earlierTo: Date;
  days: number;
  utcOffset: number;
  preset: DatePreset | null;
  touchpointIds: string[];
  surveyIds: string[];
  unitId: string | null;
  groupBy: GroupBy;
  groupByMetaKey: string | null;
  restrictByAnswer: RestrictByAnswer[];
  metaDataMatch: { items: { key: string; value: string }[]; strict: boolean } | null;
  hiddenFromToken: string[];
  feedbackListHiddenColumns: string[];
  options: {
    stackGraphsTo100: boolean;
    satisfactionReport: boolean;
    hideQuestionsWithNoResponses: boolean;
    view: string;
    hiddenQuestions: string[];
    viewOptions: Record<string, unknown>;
  };
  dateFilterChangedManually: boolean;
};

/** [year, month (1–12), day] of a yyyy-MM-dd or yyyy/MM/dd string, or null when not a real date. */
export function parseDay(s: string): [number, number, number] | null {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** Day number (days since 1970-01-01) of a calendar day. */
const dayNumber = (y: number, mo: number, d: number) => Date.UTC(y, mo - 1, d) / dayMs;
const dayString = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);
/** The local calendar day (as a day number) of an instant, in an offset of minutes east of UTC. */
export const localDayNumber = (at: Date, utcOffset: number) => Math.floor((at.getTime() + utcOffset * 60_000) / dayMs);
/** The UTC instant of local midnight starting a day number. */
export const localMidnight = (day: number, utcOffset: number) => new Date(day * dayMs - utcOffset * 60_000);

/** First and last day (inclusive) of a preset, for "today" in the caller's offset. */
export function presetDays(preset: DatePreset, today: number): [number, number] {
  switch (preset) {
    case "last7Days":
      return [today - 6, today];
    case "last30Days":
      return [today - 29, today];
    case "lastFullWeek": {
      // ISO weeks: Monday … Sunday. Day 0 (1970-01-01) was a Thursday.
      const weekday = (today + 3) % 7; // 0 = Monday
      const thisMonday = today - weekday;
      return [thisMonday - 7, thisMonday - 1];
    }
    case "lastFullMonth": {
      const d = new Date(today * dayMs);
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / dayMs;
      const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / dayMs - 1;
      return [first, last];
    }
  }
}

/**
 * Parses and normalises filters. `defaults.utcOffset` applies when the input has none;
 * `now` is for tests. Throws BAD_USER_INPUT (DomainError) on anything it does not understand.
 */
export function parseResultsFilters(input: unknown, defaults: { utcOffset?: number; now?: Date } = {}): ResultsFilters {
  if (input !== undefined && input !== null && (typeof input !== "object" || Array.isArray(input))) throw badInput("Filters must be an object");
  const raw = (input ?? {}) as Record<string, unknown>;
  const known = new Set(Object.keys(resultsFiltersSchema.shape));
  for (const key of Object.keys(raw)) if (!known.has(key)) throw badInput(analyticsMessages.unknownFilter(key), key);
  const f = parseInput(resultsFiltersSchema, raw);
  const utcOffset = f.utcOffset ?? defaults.utcOffset ?? 0;
  const today = localDayNumber(defaults.now ?? new Date(), utcOffset);

  let first: number;
  let last: number;
  if (f.datePreset) [first, last] = presetDays(f.datePreset, today);
  else if (f.from || f.to) {
    const fromParts = f.from ? parseDay(f.from)! : null;
    const toParts = f.to ? parseDay(f.to)! : null;
    last = toParts ? dayNumber(...toParts) : today;
    first = fromParts ? dayNumber(...fromParts) : last - 6;
  } else [first, last] = presetDays("last7Days", today);

  if (first > last) throw badInput(analyticsMessages.reversedRange, "from");
  const minDay = dayNumber(2000, 1, 1);
  const maxDay = dayNumber(2100, 12, 31);
  if (last - first + 1 > maxRangeDays || first < minDay || last > maxDay) throw badInput(analyticsMessages.absurdRange, "from");

  const groupBy = f.groupBy ?? "daily";
  if (groupBy === "metadata" && !f.groupByMetaKey) throw badInput(analyticsMessages.metaKeyRequired, "groupByMetaKey");

  const restrictByAnswer: RestrictByAnswer[] = (f.restrictByAnswer ?? []).map((r, i) => {
    const values = r.values ?? [];
    if (values.length === 0 && r.gte === undefined && r.lt === undefined) throw badInput(analyticsMessages.restrictNeedsValue, `restrictByAnswer.${i}`);
    return {
      questionId: r.questionId,
      ...splitRestrictValues(values),
      gte: r.gte ?? null,
      lt: r.lt ?? null,
    };
  });

  const days = last - first + 1;
  const from = localMidnight(first, utcOffset);
  const to = localMidnight(last + 1, utcOffset);
  const uniq = (a: string[]) => [...new Set(a)];
  return {
    fromDay: dayString(first),
    toDay: dayString(last),
    from,
    to,
    earlierFrom: localMidnight(first - days, utcOffset),
    earlierTo: from,
    days,
    utcOffset,
    preset: f.datePreset ?? null,
    touchpointIds: uniq([...(f.channelId ?? []), ...(f.touchpointIds ?? [])]),
    surveyIds: uniq([...(f.surveyId ?? []), ...(f.surveyIds ?? [])]),
    unitId: f.unitId ?? null,
    groupBy,
    groupByMetaKey: groupBy === "metadata" ? (f.groupByMetaKey ?? null) : null,
    restrictByAnswer,
    metaDataMatch: f.metaDataMatch?.items.length ? { items: f.metaDataMatch.items, strict: f.metaDataMatch.strict ?? false } : null,
    hiddenFromToken: f.hiddenFromToken ?? [],
    feedbackListHiddenColumns: f.feedbackListHiddenColumns ?? [],
    options: {
      stackGraphsTo100: f.options?.stackGraphsTo100 ?? false,
      satisfactionReport: f.options?.satisfactionReport ?? false,
      hideQuestionsWithNoResponses: f.options?.hideQuestionsWithNoResponses ?? false,
      view: f.options?.view ?? "graphs",
      hiddenQuestions: f.options?.hiddenQuestions ?? [],
      viewOptions: f.options?.viewOptions ?? {},
    },
    dateFilterChangedManually: f.dateFilterChangedManually ?? false,
  };
}

/** Dates are sent with dashes and received with slashes (spec 001 §7): yyyy-MM-dd → yyyy/MM/dd. */
export const slashDate = (day: string) => day.replaceAll("-", "/");

/** True when the filters need raw rows (a roll-up has no response-level dimensions). */
export function needsRawRows(f: ResultsFilters): boolean {
  return f.restrictByAnswer.length > 0 || f.metaDataMatch !== null || f.groupBy === "metadata";
}
