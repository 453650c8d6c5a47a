// One question's answers in a window are found through "Answer_questionId_hour_idx", an index on
// ("questionId", the hour of "createdAt") (migration 20261128140000_answer_question_hour_index;
// docs/analytics.md "Answers by question and hour"); an organisation's or a survey's responses through
// "Response_organizationId_hour_idx" and "Response_surveyId_hour_idx" (migration
// 20261129100000_response_time_by_hour; docs/analytics.md "The time indexes by hour"), and a survey's
// responses with texts through "Response_texts_surveyId_hour_idx". The planner uses them only when a
// query names the same expression, so every read of answers or responses by time names the window
// through `answerTimeWithin` (or `createdSince`, `createdUntil`), and every read newest first orders
// through `timeOrder`: the index finds the hours, and the rows' own instants cut an end that
// falls inside an hour. The functions take the alias of any row with a "createdAt" (an answer row, a
// response).

/** The origin of the hours: a fixed instant in UTC, so the hours do not depend on the session's zone. */
const origin = `'2000-01-01 00:00:00+00'::timestamptz`;

/** The hour of a row's createdAt, written as the indexes are (`alias`: an answer's or a response's alias). */
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

/**
 * The rows of `alias` created at or after `from` (an SQL timestamptz expression; '-infinity' is
 * allowed), as the indexes by hour serve it: the hours from `from`'s, the instant to cut inside it.
 */
export function createdSince(alias: string, from: string): string {
  return `${answerHourOf(alias)} >= date_bin('1 hour'::interval, ${from}, ${origin}) AND ${alias}."createdAt" >= ${from}`;
}

/** The rows of `alias` created at or before `to` (an SQL timestamptz expression), as the indexes by hour serve it. */
export function createdUntil(alias: string, to: string): string {
  return `${answerHourOf(alias)} <= date_bin('1 hour'::interval, ${to}, ${origin}) AND ${alias}."createdAt" <= ${to}`;
}

/**
 * An ORDER BY list by creation time, newest first (`direction` "ASC": oldest first), as the indexes
 * by hour serve it: the hours in that order, each hour's rows by instant (an incremental sort of one hour's rows at a time). The same order
 * as by the instant alone, since an hour holds exactly the instants inside it; add a tie-break after.
 */
export function timeOrder(alias: string, direction: "DESC" | "ASC" = "DESC"): string {
  return `${answerHourOf(alias)} ${direction}, ${alias}."createdAt" ${direction}`;
}
