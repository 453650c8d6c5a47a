// The results filters' vocabulary (spec 001 §3 "Results filters", §9 date presets), one source for
// both sides: the api validates filters with it (api/src/domain/results-scope/filters.ts) and names
// its GraphQL enums after it; the results screen offers exactly these choices (web/src/results).

/** A date window relative to the caller's today. */
export const datePresets = ["last7Days", "last30Days", "lastFullWeek", "lastFullMonth"] as const;
export type DatePreset = (typeof datePresets)[number];

/** Spec 001 §2: grouping by date, hour, weekday, week number, month, source or metadata. Default daily (§9). */
export const groupByValues = ["daily", "hourly", "weekday", "weekNumber", "monthly", "source", "metadata"] as const;
export type GroupBy = (typeof groupByValues)[number];

/**
 * A restrictByAnswer item's values. The stored and REST form mixes them in one `values` list; the
 * GraphQL form keeps choice ids (choice and emotion questions) and stored numbers (smiley 0–1,
 * NPS 0–10, slider 0–1) apart.
 */
export type RestrictValue = string | number;

/** `values` as GraphQL's `choiceIds` and `numbers`. */
export function splitRestrictValues(values: readonly RestrictValue[]): { choiceIds: string[]; numbers: number[] } {
  return {
    choiceIds: values.filter((v): v is string => typeof v === "string"),
    numbers: values.filter((v): v is number => typeof v === "number"),
  };
}

/** GraphQL's `choiceIds` and `numbers` as one `values` list; undefined when neither was given (an item by range only). */
export function joinRestrictValues(item: { choiceIds?: readonly string[] | null; numbers?: readonly number[] | null }): RestrictValue[] | undefined {
  if (!item.choiceIds && !item.numbers) return undefined;
  return [...(item.choiceIds ?? []), ...(item.numbers ?? [])];
}
