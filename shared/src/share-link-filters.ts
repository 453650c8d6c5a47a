// What a share link's visitor may change in the results filters (spec 001 §3 "Share token options",
// §6 "allowChanges"; docs/sharing-and-exports.md). One rule for both sides: the api merges a
// visitor's filters into the link's with `mergeVisitorFilters` (domain/sharing/scope.ts), and the
// results screen enables only the controls `mayChange` allows (web/src/results/filters.ts), so the
// screen never offers a change the api would ignore.

/** Results filters in their wire shape (spec 001 §3; dates yyyy-MM-dd). The api's domain/analytics/filters.ts parses them. */
export type ShareFilters = Record<string, unknown>;

/**
 * The names allowChanges may list, and the filter keys each lets a visitor change. "date" (and its
 * aliases "from" and "to") covers the whole date choice; "options" every display option; an
 * "options.<name>" entry one option. The link's team (unitId) is never the visitor's to change.
 */
export const allowChangeKeys: Record<string, readonly string[]> = {
  date: ["from", "to", "datePreset", "dateFilterChangedManually"],
  from: ["from", "to", "datePreset", "dateFilterChangedManually"],
  to: ["from", "to", "datePreset", "dateFilterChangedManually"],
  channelId: ["channelId", "touchpointIds"],
  surveyId: ["surveyId", "surveyIds"],
  groupBy: ["groupBy", "groupByMetaKey"],
  restrictByAnswer: ["restrictByAnswer"],
  metaDataMatch: ["metaDataMatch"],
  feedbackListHiddenColumns: ["feedbackListHiddenColumns"],
  options: ["options"],
  "options.stackGraphsTo100": ["options.stackGraphsTo100"],
  "options.satisfactionReport": ["options.satisfactionReport"],
  "options.hideQuestionsWithNoResponses": ["options.hideQuestionsWithNoResponses"],
  "options.view": ["options.view"],
  "options.hiddenQuestions": ["options.hiddenQuestions"],
  "options.viewOptions": ["options.viewOptions"],
};

/** The allowChanges entries a link's creator chooses from on the results screen, one per control. */
export const shareChangeKeys = [
  "date",
  "channelId",
  "surveyId",
  "groupBy",
  "restrictByAnswer",
  "metaDataMatch",
  "feedbackListHiddenColumns",
  "options.stackGraphsTo100",
  "options.satisfactionReport",
  "options.hideQuestionsWithNoResponses",
  "options.view",
  "options.hiddenQuestions",
] as const;
export type ShareChangeKey = (typeof shareChangeKeys)[number];

/** Keys a visitor always sets for themselves: their own clock. */
export const visitorOwnKeys = ["utcOffset"] as const;

/** The filter keys an allowChanges list opens to the visitor ("options" stands for every option). */
export function openedFilterKeys(allowChanges: readonly string[]): ReadonlySet<string> {
  return new Set(allowChanges.flatMap((entry) => allowChangeKeys[entry] ?? []));
}

/** Whether a key is open: itself, or a key it is part of ("options" opens "options.view"). */
function isOpen(open: ReadonlySet<string>, key: string): boolean {
  if (open.has(key)) return true;
  for (let dot = key.indexOf("."); dot > 0; dot = key.indexOf(".", dot + 1)) if (open.has(key.slice(0, dot))) return true;
  return false;
}

/**
 * Whether a caller may change one filter key (the wire shape; "options.<name>" for one display
 * option): members always (allowChanges null); a share link's visitor when an entry opens it.
 */
export function mayChangeFilter(allowChanges: readonly string[] | null, key: string): boolean {
  return allowChanges === null || isOpen(openedFilterKeys(allowChanges), key);
}

/**
 * Whether a visitor may use a control of the results screen: always for members (allowChanges
 * null); for a share link's visitor only when allowChanges opens every filter key the control sets.
 */
export function mayChange(allowChanges: readonly string[] | null, control: ShareChangeKey): boolean {
  return (allowChangeKeys[control] ?? []).every((key) => mayChangeFilter(allowChanges, key));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The link's filters with the visitor's values for the keys allowChanges opens (nothing else). */
export function mergeVisitorFilters(link: ShareFilters, visitor: ShareFilters | undefined, allowChanges: readonly string[]): ShareFilters {
  const merged: ShareFilters = structuredClone(link);
  if (!visitor || !isRecord(visitor)) return merged;
  const open = openedFilterKeys(allowChanges);
  for (const key of visitorOwnKeys) if (key in visitor) merged[key] = visitor[key];
  for (const [key, value] of Object.entries(visitor)) {
    if (key === "options") continue;
    if (open.has(key)) merged[key] = structuredClone(value);
  }
  if (isRecord(visitor.options)) {
    const options = isRecord(merged.options) ? { ...merged.options } : {};
    for (const [key, value] of Object.entries(visitor.options)) {
      if (isOpen(open, `options.${key}`)) options[key] = structuredClone(value);
    }
    merged.options = options;
  }
  return merged;
}
