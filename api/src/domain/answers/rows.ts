// Answers as rows: the one module that knows where a response's answers are stored (the "Answer" table
// today). Every reader of answers builds its SQL from these pieces, and every piece gives the same
// columns, so the next storage stage (docs/analytics.md "The staged path to the narrow layout", S3b:
// the answers in the response's own row) changes this module and the writers, not the readers
// (stage S3a: "One layer for reads of answers").
//
// An answer row has these columns, named as the table's today:
//   "responseId", "questionId", "createdAt" (its response's, copied), "numericValue", "textValue",
//   "choiceIds" (empty or null when the answer has none), "hidden", and "answerKey" (an answer's
//   stable identity, orderable: tie-breaks, and the answer ids that text analytics hands out).
// The module's other half, answer-hours.ts, names a window so the index by question and hour serves it.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { answerWindowWithin } from "./answer-hours.js";

const columns = (a: string) =>
  `${a}."responseId", ${a}."questionId", ${a}."createdAt", ${a}."numericValue", ${a}."textValue", ${a}."choiceIds", ${a}."hidden", ${a}."id" AS "answerKey"`;

/** Which questions' answers: one (`eq`) or any of a list (`any`: an SQL text[] expression). SQL placeholders or expressions. */
export type QuestionsSql = { eq: string } | { any: string };

const questionCondition = (a: string, q: QuestionsSql) => ("eq" in q ? `${a}."questionId" = ${q.eq}` : `${a}."questionId" = ANY(${q.any})`);

/** A window of creation times [from, to): its values, and their SQL placeholders. */
export type AnswerWindow = { from: Date; to: Date; fromSql: string; toSql: string };

/**
 * The answers of one response, the one whose id is the SQL expression `responseId`, as a parenthesised
 * subquery for FROM, a LATERAL join or EXISTS: found through the index by response. `questions` keeps
 * only theirs; `visibleOnly` leaves the hidden answers out; `window` keeps those created in it, named
 * so the index by question and hour can serve them too. Fenced with OFFSET 0 unless `fence` is
 * false, so the planner looks the answers up per response instead of joining whole tables (a hash
 * join over every answer when the statistics lag behind a burst of inserts); unfenced, as in an
 * EXISTS the planner may turn into a semi-join, it chooses.
 */
export function answersOfResponse(
  responseId: string,
  opts: { questions?: QuestionsSql; visibleOnly?: boolean; window?: AnswerWindow; fence?: boolean } = {},
): string {
  const where = [`x."responseId" = ${responseId}`];
  if (opts.questions) where.push(questionCondition("x", opts.questions));
  if (opts.visibleOnly) where.push(`x."hidden" = false`);
  if (opts.window) where.push(answerWindowWithin("x", opts.window, opts.window.fromSql, opts.window.toSql));
  return `(SELECT ${columns("x")} FROM "Answer" x WHERE ${where.join(" AND ")}${opts.fence === false ? "" : " OFFSET 0"})`;
}

/**
 * One response's answers as a JSON array, as a scalar subquery (`[]` when it has none), each answer
 * made by `element` from the alias `a` of an answer row (e.g. json_build_object('questionId',
 * a."questionId", …)).
 */
export function answersJsonOf(responseId: string, element: (a: string) => string, opts: { visibleOnly?: boolean } = {}): string {
  return `(SELECT coalesce(json_agg(${element("a")}), '[]'::json) FROM ${answersOfResponse(responseId, opts)} a)`;
}

/**
 * Some questions' answers, each joined to its response, for a FROM clause: `from` names the answer
 * rows `a` and their responses `r` (the aliases given); `where` keeps the questions' answers and,
 * with `window`, those of responses created in [from, to) (`fromSql`, `toSql`: their placeholders),
 * named so the index by question and hour serves them (answer-hours.ts). The caller adds its own
 * conditions on `r` (scope, hidden) and on `a`.
 */
export function questionAnswers(a: string, r: string, opts: { questions: QuestionsSql; window?: AnswerWindow }): { from: string; where: string } {
  const where = [questionCondition(a, opts.questions)];
  if (opts.window) where.push(answerWindowWithin(a, opts.window, opts.window.fromSql, opts.window.toSql));
  return {
    from: `(SELECT ${columns("x")} FROM "Answer" x) ${a} JOIN "Response" ${r} ON ${r}."id" = ${a}."responseId"`,
    where: where.join(" AND "),
  };
}

/**
 * The answers of the responses `r` of a FROM clause, for the statements that read every answer of
 * many responses at once (roll-up recomputes, super-admin reports): `join` is a JOIN clause that adds
 * the answer rows `a` to `r` (the planner chooses how: for whole days or organisations, a hash join).
 */
export function answersJoin(a: string, r: string): string {
  return `JOIN (SELECT ${columns("x")} FROM "Answer" x) ${a} ON ${a}."responseId" = ${r}."id"`;
}

/** An answer as the notifications read it (alerts, webhooks; their conditions call it RuleAnswer). */
export type StoredAnswer = { questionId: string; numericValue: number | null; textValue: string | null; choiceIds: string[] };

/** The answers of one response that are not hidden. */
export async function visibleAnswersOf(db: Pick<PrismaClient, "$queryRawUnsafe">, responseId: string): Promise<StoredAnswer[]> {
  return db.$queryRawUnsafe<StoredAnswer[]>(
    `SELECT a."questionId", a."numericValue", a."textValue", a."choiceIds" FROM ${answersOfResponse("$1", { visibleOnly: true })} a`,
    responseId,
  );
}

/**
 * Hides or shows one question's answer in a response of the organisation: answers how many answers
 * changed (0 when the response has no answer to that question, or is not the organisation's).
 */
export async function setAnswerHidden(
  db: Pick<PrismaClient, "$executeRawUnsafe">,
  where: { organizationId: string; responseId: string; questionId: string },
  hidden: boolean,
): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE "Answer" a SET "hidden" = $4 FROM "Response" r
      WHERE a."responseId" = $2 AND a."questionId" = $3 AND r."id" = a."responseId" AND r."organizationId" = $1`,
    where.organizationId,
    where.responseId,
    where.questionId,
    hidden,
  );
}

/** The questions whose answers are hidden in one response. */
export async function hiddenAnswerQuestions(db: Pick<PrismaClient, "$queryRawUnsafe">, responseId: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ questionId: string }[]>(`SELECT a."questionId" FROM ${answersOfResponse("$1")} a WHERE a."hidden"`, responseId);
  return rows.map((r) => r.questionId);
}

/**
 * A new answer as the writers outside ingestion give it (demo data, test fixtures, benchmark data):
 * r response id, q question id, c its response's createdAt (ISO text), n numericValue, x textValue,
 * h choiceIds, hidden (default false). Compact keys: the demo data writes tens of thousands at once.
 */
export type NewAnswerRow = { r: string; q: string; c: string; n?: number | null; x?: string | null; h?: string[] | null; hidden?: boolean };

/**
 * Stores answers of responses already stored, in one statement. Ingestion (respondent/insert-batch.ts)
 * stores a response and its answers in one statement of its own.
 */
export async function insertAnswerRows(db: Pick<PrismaClient, "$executeRawUnsafe">, rows: readonly NewAnswerRow[]): Promise<void> {
  if (!rows.length) return;
  await db.$executeRawUnsafe(
    `INSERT INTO "Answer" ("responseId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds", "hidden")
     SELECT a.r, a.q, a.c, a.n, a.x, coalesce(a.h, '{}'), coalesce(a.hidden, false)
     FROM json_to_recordset($1::json) AS a(r text, q text, c timestamptz, n float8, x text, h text[], hidden boolean)`,
    JSON.stringify(rows),
  );
}
