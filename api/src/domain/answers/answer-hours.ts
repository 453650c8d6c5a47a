// One question's answers in a window are found through "Answer_questionId_hour_idx", an index on
// ("questionId", the hour of "createdAt") (migration 20261128140000_answer_question_hour_index;
// docs/analytics.md "Answers by question and hour"). The planner uses it only when a query names the
// same expression, so every read of a question's answers by time names the window through
// `answerTimeWithin`: the index finds the hours, and the rows' own instants cut an end that falls
// inside an hour.

/** The origin of the hours: a fixed instant in UTC, so the hours do not depend on the session's zone. */
const origin = `'2000-01-01 00:00:00+00'::timestamptz`;

/** The hour of an answer's createdAt, written as the index is (`alias` is the answer's alias). */
export function answerHourOf(alias: string): string {
  return `date_bin('1 hour'::interval, ${alias}."createdAt", ${origin})`;
}

/** Whether an instant is a whole UTC hour (every window at a whole-hour offset, every UTC day). */
function isWholeHour(at: Date): boolean {
  return at.getTime() % 3_600_000 === 0;
}

/**
 * The answers of `alias` whose createdAt is in [`from`, `to`) (SQL expressions of type timestamptz),
 * as a condition the index serves. When both ends are whole UTC hours (`wholeHours`: the caller
 * knows, from its values or by construction) the hours alone are exact, and only they are named: a
 * second range over the same instants would make the planner multiply the two selectivities and
 * expect far too few rows. Otherwise the hours of the window, and the instants that cut its ends.
 */
export function answerTimeWithin(alias: string, from: string, to: string, wholeHours: boolean): string {
  const hour = answerHourOf(alias);
  if (wholeHours) return `${hour} >= ${from} AND ${hour} < ${to}`;
  return `${hour} >= date_bin('1 hour'::interval, ${from}, ${origin}) AND ${hour} < ${to} AND ${alias}."createdAt" >= ${from} AND ${alias}."createdAt" < ${to}`;
}

/** `answerTimeWithin` for a window given by its values (`from` and `to` are their SQL placeholders). */
export function answerWindowWithin(alias: string, window: { from: Date; to: Date }, from: string, to: string): string {
  return answerTimeWithin(alias, from, to, isWholeHour(window.from) && isWholeHour(window.to));
}
