// One question's answers in a window are found through "Answer_questionId_hour_idx", an index on
// ("questionId", the hour of "createdAt") (migration 20261128140000_answer_question_hour_index;
// docs/analytics.md "Answers by question and hour"). The planner uses it only when a query names the
// same expression, so every read of a question's answers by time adds `answerHoursWithin` beside its
// exact condition on "createdAt": the index finds the hours, the rows' instants cut the ends.

/** The origin of the hours: a fixed instant in UTC, so the hours do not depend on the session's zone. */
const origin = `'2000-01-01 00:00:00+00'::timestamptz`;

/** The hour of an answer's createdAt, written as the index is (`alias` is the answer's alias). */
export function answerHourOf(alias: string): string {
  return `date_bin('1 hour'::interval, ${alias}."createdAt", ${origin})`;
}

/**
 * The hours of the window [`from`, `to`) (SQL expressions of type timestamptz) for the answer
 * `alias`: a condition the index can serve, true for every answer whose createdAt is in the window.
 * It is not exact at the ends; the caller keeps its own condition on "createdAt".
 */
export function answerHoursWithin(alias: string, from: string, to: string): string {
  return `${answerHourOf(alias)} >= date_bin('1 hour'::interval, ${from}, ${origin}) AND ${answerHourOf(alias)} < ${to}`;
}
