// Which source answers a read of answer sums (docs/analytics.md "Which source answers" and "Filters
// at speed"): decided here, in one place, and tested apart (planner.test.ts).
//
// - "rollup": no response-level dimension (no restriction, metadata match or metadata grouping), a
//   whole-hour offset and no hour-of-day grouping: the daily answer roll-ups, with the hours they
//   cannot serve from the raw rows (engine.ts rollupAnswerSumsSql). A daily or weekday series off UTC
//   is weighed before it takes this path (engine.ts answerPathOf, movedShareOf: it needs the database).
// - "bits": what planAnswerPath leaves raw, when the organisation's response bit strings are built
//   and the grouping is one they hold (response-bits-read.ts bitsGroupOf; engine.ts answerPathOf
//   decides, as it needs the database): restrictions by answer (one item or several, any question
//   type), metadata match and grouping, at any offset for no grouping or by touchpoint, and by day,
//   week, month or weekday at UTC.
// - "raw" otherwise: an hour-of-day grouping (there are no hourly answer roll-ups), a local-day grouping off UTC, a half-hour offset, an
//   organisation whose bit strings are not built yet, a metadata key with too many values to keep.
import type { GroupBy, ResultsFilters } from "../results-scope/filters.js";
import type { BitsGroup } from "./response-bits-read.js";

export type AnswerPath = { kind: "rollup" } | { kind: "bits"; group: BitsGroup } | { kind: "raw"; reason: string };

/**
 * The path of one read of answer sums under `f`, grouped by `groupBy` (the read's own: the earlier
 * period and the organisation's count read without grouping), as far as the filters tell: the
 * roll-ups, or the raw rows (which engine.ts answerPathOf may serve from the bit strings).
 */
export function planAnswerPath(f: ResultsFilters, groupBy: GroupBy | null): AnswerPath {
  if (f.metaDataMatch !== null || groupBy === "metadata" || f.groupBy === "metadata") return { kind: "raw", reason: "metadata is not rolled up" };
  if (f.restrictByAnswer.length > 0) return { kind: "raw", reason: "a restriction by answer is not rolled up" };
  if (groupBy === "hourly") return { kind: "raw", reason: "the answer roll-ups are daily: hour of day is read from the rows" };
  return f.utcOffset % 60 === 0 ? { kind: "rollup" } : { kind: "raw", reason: "offset not in whole hours" };
}
