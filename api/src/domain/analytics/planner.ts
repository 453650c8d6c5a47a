// Which source answers a read of answer sums (docs/analytics.md "Which source answers" and "Filters
// at speed"): decided here, in one place, and tested apart (planner.test.ts).
//
// - "rollup": no response-level dimension (no restriction, metadata match or metadata grouping) and
//   a whole-hour offset: the answer roll-ups (engine.ts).
// - "cooccurrence": exactly one restrictByAnswer item over a question whose answers hold one value
//   (smiley, NPS, slider: numbers and ranges; single choice, emotion: choice ids), no metadata, and
//   a grouping the UTC-day rows can give: none, by touchpoint, or by day, week, month or weekday when
//   the offset is 0. The item's values are OR'ed and one answer has one value, so the rows per
//   restricting value add up without counting a response twice. Whole UTC days come from
//   RollupCoAnswerDay, the hours at either end and the pending responses from the raw rows.
// - "bits": what planAnswerPath leaves raw, when the organisation's response bit strings are built
//   and the grouping is one they hold (response-bits.ts bitsGroupOf; engine.ts answerPathOf decides,
//   as it needs the database).
// - "raw" otherwise: several items (AND), multiple-choice or free-text items, an item mixing choice
//   ids and numbers, metadata match and grouping, an hour-of-day grouping, a local-day grouping off
//   UTC, a restricting question not of the caller's organisation.
import type { GroupBy, RestrictByAnswer, ResultsFilters } from "../results-scope/filters.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { choiceRestrictTypes, singleValuedTypes } from "./rollups.js";
import type { BitsGroup } from "./response-bits-read.js";

/** The restricting question of a one-item restriction, as the planner needs it. */
export type RestrictingQuestion = { id: string; type: string; surveyId: string };

export type AnswerPath =
  | { kind: "rollup" }
  | { kind: "cooccurrence"; item: RestrictByAnswer; question: RestrictingQuestion }
  | { kind: "bits"; group: BitsGroup }
  | { kind: "raw"; reason: string };

/**
 * The path of one read of answer sums under `f`, grouped by `groupBy` (the read's own: the earlier
 * period and the organisation's count read without grouping). `restricting`: the question of the one
 * restriction item, loaded in the caller's organisation (null when there is none, or several items,
 * or it is not the organisation's).
 */
export function planAnswerPath(f: ResultsFilters, groupBy: GroupBy | null, restricting: RestrictingQuestion | null): AnswerPath {
  if (f.metaDataMatch !== null || groupBy === "metadata" || f.groupBy === "metadata") return { kind: "raw", reason: "metadata is not rolled up" };
  if (f.restrictByAnswer.length === 0) return f.utcOffset % 60 === 0 ? { kind: "rollup" } : { kind: "raw", reason: "offset not in whole hours" };
  if (f.restrictByAnswer.length > 1) return { kind: "raw", reason: "several restriction items" };
  const item = f.restrictByAnswer[0]!;
  if (!restricting || restricting.id !== item.questionId) return { kind: "raw", reason: "restricting question unknown" };
  if (!(singleValuedTypes as readonly string[]).includes(restricting.type)) return { kind: "raw", reason: `restriction over a ${restricting.type} question` };
  const byChoice = choiceRestrictTypes.includes(restricting.type);
  const numeric = item.numbers.length > 0 || item.gte !== null || item.lt !== null;
  if (byChoice ? numeric || item.choiceIds.length === 0 : item.choiceIds.length > 0 || !numeric)
    return { kind: "raw", reason: "restriction values of another kind than the question's" };
  if (groupBy === "hourly") return { kind: "raw", reason: "hour-of-day grouping" };
  if (groupBy !== null && groupBy !== "source" && f.utcOffset !== 0) return { kind: "raw", reason: "local-day grouping off UTC" };
  return { kind: "cooccurrence", item, question: restricting };
}

/** The restricting question of a one-item restriction, in the organisation (else null). */
export async function restrictingQuestionOf(prisma: PrismaClient, organizationId: string, f: ResultsFilters): Promise<RestrictingQuestion | null> {
  if (f.restrictByAnswer.length !== 1) return null;
  const q = await prisma.question.findFirst({
    where: { id: f.restrictByAnswer[0]!.questionId, organizationId },
    select: { id: true, type: true, surveyId: true },
  });
  return q ? { id: q.id, type: String(q.type), surveyId: q.surveyId } : null;
}
