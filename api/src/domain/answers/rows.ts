// Answers as rows: the one module that knows where a response's answers are stored. Every reader of
// answers builds its SQL from these pieces, and every piece gives the same columns (stage S3a: "One
// layer for reads of answers").
//
// Where they are (stage S3b, migration 20261129030000_answers_in_response; docs/analytics.md "Stage
// S3b: the answers in the response row"): a response's coded answers are in its own row,
// "answerCodes" (one element per stored value: (slot << 16) | code; a slot's elements side by side,
// those whose number is in "answerNumbers" first, those that carry a text last; a numeric answer's
// code holds its number when it can: migration 20261129110000_numbers_in_codes), "answerNumbers" (the
// numbers no code holds, as stored), "answerTexts" (those texts: open text, contact details; migration
// 20261129080000_text_answers_in_response) and "hiddenSlots"; the slot names the question through
// "QuestionSlot" (stage S0) and the code a choice through the slot's "choiceCodes". The answers a
// code cannot hold (the rare answer without a usable slot or code, a second answer to one slot) stay
// rows of "Answer". Every piece reads both.
//
// An answer row has these columns, named as the table's:
//   "responseId", "questionId", "createdAt" (its response's), "numericValue", "textValue",
//   "choiceIds" (empty or null when the answer has none), "hidden", and "answerKey" (an answer's
//   stable identity as text, orderable: tie-breaks, and the answer ids that text analytics hands
//   out: "<response id>/<slot>" for a coded answer, the row's id for an answer row).
// The module's other half, answer-hours.ts, names a window so the index by question and hour serves
// the answer rows.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { answerTimeWithin, answerWindowWithin, timeOrder } from "./answer-hours.js";

/** The slot of an element of "answerCodes" (an SQL int4 expression). */
const slotOf = (k: string) => `(${k} >> 16)`;
/** The code of an element of "answerCodes". */
const codeOf = (k: string) => `(${k} & 65535)`;

/**
 * The number an element `k` of a slot `s` without choices holds in its code (migration
 * 20261129110000_numbers_in_codes): (code - 32768) / 2520 rounded to 9 decimals, as the respondent
 * runtime rounds its numbers (respondent/answers.ts), the very double the answer had (the coding,
 * "answer_elements_with_numbers", keeps a number in its code only when this gives it back); NULL for
 * a code 0 (the number, if any, is in "answerNumbers"), a choice or a text.
 */
const codedNumberOf = (k: string, s: string) =>
  `CASE WHEN coalesce(cardinality(${s}."choiceCodes"), 0) = 0 AND ${codeOf(k)} <> 0 THEN round((${codeOf(k)} - 32768)::float8 / 2520 * 1e9) / 1e9 END`;

/** The columns of an "Answer" row `x`. */
const rowColumns = (x: string) =>
  `${x}."responseId", ${x}."questionId", ${x}."createdAt", ${x}."numericValue", ${x}."textValue", ${x}."choiceIds", ${x}."hidden", ${x}."id"::text AS "answerKey"`;

/**
 * The text of the element at place `e.i` of the response `r` (NULL unless it is one of the last
 * cardinality("answerTexts") elements: a subscript out of range, or of a NULL array, is NULL).
 */
const textOf = (r: string, e: string) => `${r}."answerTexts"[${e}.i::int - cardinality(${r}."answerCodes") + cardinality(${r}."answerTexts")]`;

/**
 * The elements of the coded answers of the response `r` as FROM items: `e` (k: the element, n: its
 * number, i: its place) joined to their slot `s`. Pair with `codedFirst`: a multiple choice's
 * elements make one answer.
 */
const codedFrom = (r: string, e: string, s: string) =>
  `unnest(${r}."answerCodes", ${r}."answerNumbers") WITH ORDINALITY ${e}(k, n, i)
   JOIN "QuestionSlot" ${s} ON ${s}."surveyId" = ${r}."surveyId" AND ${s}."slot" = ${slotOf(`${e}.k`)}`;

/** The first element of each answer (of each slot) of `r`. */
const codedFirst = (r: string, e: string) => `(${e}.i = 1 OR ${slotOf(`${r}."answerCodes"[${e}.i::int - 1]`)} <> ${slotOf(`${e}.k`)})`;

/** Whether the coded answer at `e` of `r` is hidden. */
const codedHidden = (r: string, e: string) => `coalesce(${slotOf(`${e}.k`)} = ANY(${r}."hiddenSlots"), false)`;

/** The answer-row columns of the coded answer whose first element is `e`, in slot `s`, of response `r`. */
const codedColumns = (r: string, e: string, s: string) =>
  `${r}."id" AS "responseId", ${s}."questionId", ${r}."createdAt", coalesce(${e}.n, ${codedNumberOf(`${e}.k`, s)}) AS "numericValue", ${textOf(r, e)} AS "textValue",
   CASE WHEN cardinality(${s}."choiceCodes") = 0 THEN '{}'::text[]
        WHEN ${slotOf(`${r}."answerCodes"[${e}.i::int + 1]`)} IS DISTINCT FROM ${slotOf(`${e}.k`)} THEN ARRAY[${s}."choiceCodes"[${codeOf(`${e}.k`)} + 1]]
        ELSE ARRAY(SELECT ${s}."choiceCodes"[${codeOf("cu.k")} + 1] FROM unnest(${r}."answerCodes") WITH ORDINALITY cu(k, o)
                   WHERE ${slotOf("cu.k")} = ${slotOf(`${e}.k`)} ORDER BY cu.o) END AS "choiceIds",
   ${codedHidden(r, e)} AS "hidden", ${r}."id" || '/' || ${slotOf(`${e}.k`)} AS "answerKey"`;

/** Which questions' answers: one (`eq`) or any of a list (`any`: an SQL text[] expression). SQL placeholders or expressions. */
export type QuestionsSql = { eq: string } | { any: string };

const questionCondition = (a: string, q: QuestionsSql) => ("eq" in q ? `${a}."questionId" = ${q.eq}` : `${a}."questionId" = ANY(${q.any})`);

/** The slots of the questions, as an SQL int[] (an InitPlan: computed once per statement). */
const slotsOf = (q: QuestionsSql) => `ARRAY(SELECT qs."slot" FROM "QuestionSlot" qs WHERE ${questionCondition("qs", q)})`;

/** Whether the questions have any answer row at all (an InitPlan through the index by question and hour). */
const rowsExist = (q: QuestionsSql) => `(SELECT EXISTS (SELECT 1 FROM "Answer" ag WHERE ${questionCondition("ag", q)}))`;

/** A window of creation times [from, to): its values, and their SQL placeholders. */
export type AnswerWindow = { from: Date; to: Date; fromSql: string; toSql: string };

/**
 * The answers of one response, the one whose id is the SQL expression `responseId`, as a parenthesised
 * subquery for FROM, a LATERAL join or EXISTS: its coded answers (by primary key) and its answer rows
 * (through the index by response; with `questions`, only when those questions have answer rows at
 * all, asked once per statement). `questions` keeps only theirs; `visibleOnly` leaves the hidden
 * answers out; `window` keeps those created in it. Fenced with OFFSET 0 unless `fence` is false, so
 * the planner looks the answers up per response instead of joining whole tables; unfenced, as in an
 * EXISTS, it chooses.
 */
export function answersOfResponse(
  responseId: string,
  opts: { questions?: QuestionsSql; visibleOnly?: boolean; window?: AnswerWindow; fence?: boolean } = {},
): string {
  const coded = [`ar_r."id" = ${responseId}`, codedFirst("ar_r", "ar_e")];
  const rows = [`ar_x."responseId" = ${responseId}`];
  if (opts.questions) {
    coded.push(`${slotOf("ar_e.k")} = ANY(${slotsOf(opts.questions)})`, questionCondition("ar_s", opts.questions));
    rows.push(questionCondition("ar_x", opts.questions), rowsExist(opts.questions));
  }
  if (opts.visibleOnly) {
    coded.push(`NOT ${codedHidden("ar_r", "ar_e")}`);
    rows.push(`ar_x."hidden" = false`);
  }
  if (opts.window) {
    coded.push(`ar_r."createdAt" >= ${opts.window.fromSql} AND ar_r."createdAt" < ${opts.window.toSql}`);
    rows.push(answerWindowWithin("ar_x", opts.window, opts.window.fromSql, opts.window.toSql));
  }
  return `(SELECT ${codedColumns("ar_r", "ar_e", "ar_s")} FROM "Response" ar_r CROSS JOIN LATERAL ${codedFrom("ar_r", "ar_e", "ar_s")} WHERE ${coded.join(" AND ")}
    UNION ALL SELECT ${rowColumns("ar_x")} FROM "Answer" ar_x WHERE ${rows.join(" AND ")}${opts.fence === false ? "" : " OFFSET 0"})`;
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
 * One branch of `questionAnswers`: FROM items naming the answer rows `a` and their responses `r`, its
 * conditions, its order newest first (an ORDER BY list its index serves), and a condition that keeps
 * the answers of responses created in [from, to) (SQL expressions; `wholeHours`: both ends are whole
 * UTC hours, as `answerTimeWithin` takes them) the way its index serves.
 */
export type AnswerBranch = { from: string; where: string; newestFirst: string; within: (from: string, to: string, wholeHours: boolean) => string };

/**
 * Some questions' answers, each joined to its response, as two branches the caller turns into two
 * SELECTs with the same columns and joins with UNION ALL (`bothBranches`): the coded answers, read
 * from the responses of the questions' surveys (through the index by survey and hour when there is
 * a window), and the answer rows, through the index by question and hour (answer-hours.ts). Each
 * branch's `from` names the answer rows `a` and their responses `r`; its `where` keeps the
 * questions' answers and, with `window`, those of responses created in [from, to) (`fromSql`,
 * `toSql`: their placeholders). The caller adds its own conditions on `r` (scope, hidden) and on `a`.
 * `texts` is for the readers of texts only (text analytics): the coded branch then reads only the
 * responses that hold a coded text.
 */
export function questionAnswers(
  a: string,
  r: string,
  opts: { questions: QuestionsSql; window?: AnswerWindow; texts?: boolean },
): { coded: AnswerBranch; rows: AnswerBranch } {
  // The coded answers through their responses by survey and hour ("Response_surveyId_hour_idx",
  // migration 20261129100000), or with `texts` only those of responses with a coded text, through the
  // index of those by survey and hour ("Response_texts_surveyId_hour_idx", migration 20261129080000):
  // the window and the order name the hour as those indexes do (answer-hours.ts).
  const coded = [`${r}."surveyId" = ANY(ARRAY(SELECT DISTINCT qv."surveyId" FROM "QuestionSlot" qv WHERE ${questionCondition("qv", opts.questions)}))`];
  if (opts.texts) coded.push(`${r}."answerTexts" IS NOT NULL`);
  const rows = [questionCondition(a, opts.questions)];
  if (opts.window) {
    coded.push(answerWindowWithin(r, opts.window, opts.window.fromSql, opts.window.toSql));
    rows.push(answerWindowWithin(a, opts.window, opts.window.fromSql, opts.window.toSql));
  }
  // The coded answers: a LATERAL subquery the planner pulls up, so it can join the elements to the
  // questions' few slots as it likes (a hash of them, not a probe per element).
  const codedAnswers = `(SELECT ${codedColumns(r, "qa_e", "qa_s")} FROM ${codedFrom(r, "qa_e", "qa_s")}
      WHERE ${codedFirst(r, "qa_e")} AND ${slotOf("qa_e.k")} = ANY(${slotsOf(opts.questions)}) AND ${questionCondition("qa_s", opts.questions)})`;
  return {
    coded: {
      from: `"Response" ${r} CROSS JOIN LATERAL ${codedAnswers} ${a}`,
      where: coded.join(" AND "),
      // through "Response" ("surveyId", hour), or with `texts` its index of texts by hour
      newestFirst: timeOrder(r),
      within: (from, to, wholeHours) => answerTimeWithin(r, from, to, wholeHours),
    },
    rows: {
      from: `(SELECT ${rowColumns("x")} FROM "Answer" x) ${a} JOIN "Response" ${r} ON ${r}."id" = ${a}."responseId"`,
      where: rows.join(" AND "),
      // through "Answer_questionId_hour_idx" (answer-hours.ts)
      newestFirst: timeOrder(a),
      within: (from, to, wholeHours) => answerTimeWithin(a, from, to, wholeHours),
    },
  };
}

/** `questionAnswers`' two branches made into SELECTs by `select` and joined with UNION ALL. */
export function bothBranches(branches: { coded: AnswerBranch; rows: AnswerBranch }, select: (branch: AnswerBranch) => string): string {
  return `${select(branches.coded)}
    UNION ALL
    ${select(branches.rows)}`;
}

/**
 * The answers of the responses `r` of a FROM clause, for the statements that read every answer of
 * many responses at once (roll-up recomputes, super-admin reports): a JOIN clause that adds the
 * answer rows `a` to `r`, each response's coded answers and its answer rows (index by response).
 */
export function answersJoin(a: string, r: string): string {
  return `CROSS JOIN LATERAL (SELECT ${codedColumns(r, "aj_e", "aj_s")} FROM ${codedFrom(r, "aj_e", "aj_s")} WHERE ${codedFirst(r, "aj_e")}
    UNION ALL SELECT ${rowColumns("aj_x")} FROM "Answer" aj_x WHERE aj_x."responseId" = ${r}."id") ${a}`;
}

/** An answer as the notifications read it (alerts, webhooks; their conditions call it RuleAnswer). */
export type StoredAnswer = { questionId: string; numericValue: number | null; textValue: string | null; choiceIds: string[] };

/** A stored answer with its response and whether it is hidden: what `answersOf` gives. */
export type AnswerOfResponse = StoredAnswer & { responseId: string; hidden: boolean };

/**
 * Every answer of the responses, hidden or not, coded or a row, in no particular order: for the
 * places that read a few responses' answers whole (tests among them: what is stored, not how).
 */
export async function answersOf(db: Pick<PrismaClient, "$queryRawUnsafe">, responseIds: readonly string[]): Promise<AnswerOfResponse[]> {
  if (!responseIds.length) return [];
  return db.$queryRawUnsafe<AnswerOfResponse[]>(
    `SELECT a."responseId", a."questionId", a."numericValue", a."textValue", coalesce(a."choiceIds", '{}') AS "choiceIds", a."hidden"
       FROM unnest($1::text[]) ids(id) CROSS JOIN LATERAL ${answersOfResponse("ids.id")} a`,
    responseIds,
  );
}

/** The answers of one response that are not hidden. */
export async function visibleAnswersOf(db: Pick<PrismaClient, "$queryRawUnsafe">, responseId: string): Promise<StoredAnswer[]> {
  return db.$queryRawUnsafe<StoredAnswer[]>(
    `SELECT a."questionId", a."numericValue", a."textValue", a."choiceIds" FROM ${answersOfResponse("$1", { visibleOnly: true })} a`,
    responseId,
  );
}

/**
 * Hides or shows one question's answer in a response of the organisation: answers how many answers
 * changed (0 when the response has no answer to that question, or is not the organisation's). A
 * coded answer's slot goes into or out of the response's "hiddenSlots"; an answer row's flag is set.
 */
export async function setAnswerHidden(
  db: Pick<PrismaClient, "$queryRawUnsafe">,
  where: { organizationId: string; responseId: string; questionId: string },
  hidden: boolean,
): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
    `WITH rs AS (
       SELECT r."id", r."hiddenSlots", ARRAY(
         SELECT DISTINCT ${slotOf("k")} FROM unnest(r."answerCodes") k
         JOIN "QuestionSlot" s ON s."surveyId" = r."surveyId" AND s."slot" = ${slotOf("k")} AND s."questionId" = $3) AS slots
       FROM "Response" r WHERE r."id" = $2 AND r."organizationId" = $1 FOR UPDATE
     ), coded AS (
       UPDATE "Response" x SET "hiddenSlots" = CASE WHEN $4
           THEN ARRAY(SELECT DISTINCT h FROM unnest(coalesce(rs."hiddenSlots", '{}') || rs.slots) h ORDER BY 1)
           ELSE nullif(ARRAY(SELECT h FROM unnest(rs."hiddenSlots") h WHERE h <> ALL (rs.slots) ORDER BY 1), '{}') END
       FROM rs WHERE x."id" = rs."id" AND cardinality(rs.slots) > 0
       RETURNING cardinality(rs.slots) AS n
     ), rows AS (
       UPDATE "Answer" a SET "hidden" = $4 FROM rs WHERE a."responseId" = rs."id" AND a."questionId" = $3
       RETURNING 1
     )
     SELECT ((SELECT coalesce(sum(n), 0) FROM coded) + (SELECT count(*) FROM rows))::int AS n`,
    where.organizationId,
    where.responseId,
    where.questionId,
    hidden,
  );
  return row?.n ?? 0;
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
 * The answers of the SQL relation `input` (columns r: response id, s: its survey id, q: question
 * id, n, x, h, hid: hidden, o: their order, and any others, kept) coded with their question's
 * current slot: `keys` is the answer's elements, NULL when it stays an answer row, and `nn` its
 * number when no code holds it ("answer_elements_with_numbers", migration 20261129110000;
 * "answer_elements", migration 20261129080000; also a second codeable answer to one slot of a response, and, with
 * `taken`, an answer to a slot the response already holds; an input row whose response does not
 * exist is one too, so its insert fails on the foreign key).
 *
 * With `lock`, the codes cannot change under the statement: its surveys' rows are locked (FOR KEY
 * SHARE, in id order), then the slots it codes with (FOR KEY SHARE, in survey and slot order) until
 * its transaction ends, so the slot trigger, which rewrites a slot in place only while its survey
 * has no response, waits and then sees the response. The order is the protocol's: a survey's delete
 * locks the survey before its slots, and `lockQuestionSlots` (the survey editor's save) takes a
 * survey's current slots in slot order before it changes a question.
 */
export function codedAnswersSql(input: string, opts: { lock?: boolean; taken?: string } = {}): string {
  // The surveys' lock is an InitPlan of the slots' scan: taken once, before the first slot is read.
  const surveysFirst = opts.lock
    ? ` AND (SELECT count(*) FROM (SELECT 1 FROM "Survey" sv WHERE sv."id" IN (SELECT s FROM ${input}) ORDER BY sv."id" FOR KEY SHARE) sv) >= 0`
    : "";
  const slots = `SELECT sl."questionId", sl."surveyId", sl."slot", sl."encoding", sl."choiceCodes" FROM "QuestionSlot" sl
      WHERE sl."current" AND sl."questionId" IN (SELECT q FROM ${input})${surveysFirst}${opts.lock ? ` ORDER BY sl."surveyId", sl."slot" FOR KEY SHARE` : ""}`;
  return `SELECT c.*, CASE WHEN c.first ${opts.taken ? `AND NOT (c."slot" = ANY(coalesce(${opts.taken}, '{}')))` : ""} THEN c.k END AS keys,
      CASE WHEN ${codeOf("c.k[1]")} <> 0 AND coalesce(cardinality(c.h), 0) = 0 THEN NULL ELSE c.n END AS nn
    FROM (
      SELECT k.*, (k.k IS NULL OR row_number() OVER (PARTITION BY k.r, k."slot", k.k IS NULL ORDER BY k.o) = 1) AS first
      FROM (
        SELECT i.*, sl."slot", "answer_elements_with_numbers"(sl."slot", sl."encoding", sl."choiceCodes", i.n, i.x, i.h) AS k
        FROM ${input} i LEFT JOIN (${slots}) sl ON sl."questionId" = i.q AND sl."surveyId" = i.s
      ) k
    ) c`;
}

/**
 * Locks a survey's current question slots (FOR UPDATE, in slot order) in the caller's transaction:
 * the survey editor's save takes them before it changes any question, after the survey's row, so
 * the slot trigger's locks, taken one question at a time in the order of the saved questions, can
 * never interleave with ingestion's (`codedAnswersSql`, in slot order) into a deadlock.
 */
export async function lockQuestionSlots(db: Pick<PrismaClient, "$executeRawUnsafe">, surveyId: string): Promise<void> {
  await db.$executeRawUnsafe(`SELECT 1 FROM (SELECT 1 FROM "QuestionSlot" WHERE "surveyId" = $1 AND "current" ORDER BY "slot" FOR UPDATE) l`, surveyId);
}

/**
 * A response's coded answers as its four columns, from the SQL relation `coded` (rows of
 * `codedAnswersSql`, or any rows with its columns r, keys, nn, x, o, slot and hid: insertAnswerRows
 * adds a response's elements already stored), grouped by response `r`: codes (those whose number no
 * code holds first, those with a text last, else by `o`), those numbers, texts (a text answer has one
 * element), hidden slots.
 */
export const responseColumnsSql = (coded: string) => `SELECT c.r,
      array_agg(e.k ORDER BY c.nn IS NULL, c.x IS NOT NULL, c.o, e.i) AS codes,
      array_agg(c.nn ORDER BY c.nn IS NULL, c.o, e.i) FILTER (WHERE c.nn IS NOT NULL) AS numbers,
      array_agg(c.x ORDER BY c.o, e.i) FILTER (WHERE c.x IS NOT NULL) AS texts,
      array_agg(DISTINCT c."slot") FILTER (WHERE c.hid) AS hidden
    FROM ${coded} c CROSS JOIN LATERAL unnest(c.keys) WITH ORDINALITY e(k, i)
    WHERE c.keys IS NOT NULL GROUP BY c.r`;

/**
 * Stores answers of responses already stored, in one statement: the coded ones into their responses'
 * rows (after the answers they hold), the rest as answer rows. Ingestion (respondent/insert-batch.ts)
 * stores a response and its answers in one statement of its own.
 */
export async function insertAnswerRows(db: Pick<PrismaClient, "$executeRawUnsafe">, rows: readonly NewAnswerRow[]): Promise<void> {
  if (!rows.length) return;
  await db.$executeRawUnsafe(
    `WITH input AS MATERIALIZED (
       SELECT a.r, rr."surveyId" AS s, a.q, a.c, a.n, a.x, coalesce(a.h, '{}') AS h, coalesce(a.hidden, false) AS hid, a.o,
              ARRAY(SELECT ${slotOf("k")} FROM unnest(rr."answerCodes") k) AS taken
       FROM ROWS FROM (json_to_recordset($1::json) AS (r text, q text, c timestamptz, n float8, x text, h text[], hidden boolean))
            WITH ORDINALITY AS a(r, q, c, n, x, h, hidden, o)
       LEFT JOIN "Response" rr ON rr."id" = a.r
     ), coded AS MATERIALIZED (${codedAnswersSql("input", { lock: true, taken: "c.taken" })}
     ), old AS (
       SELECT r."id" AS r, e.k, e.n AS nn, ${textOf("r", "e")} AS x, e.i - 1000000000 AS o, ${codedHidden("r", "e")} AS hid
       FROM "Response" r CROSS JOIN LATERAL unnest(r."answerCodes", r."answerNumbers") WITH ORDINALITY e(k, n, i)
       WHERE r."id" IN (SELECT c.r FROM coded c WHERE c.keys IS NOT NULL)
     ), merged AS (
       SELECT r, ARRAY[k] AS keys, nn, x, o, ${slotOf("k")} AS "slot", hid FROM old
       UNION ALL SELECT r, keys, nn, x, o, "slot", hid FROM coded WHERE keys IS NOT NULL
     ), cols AS (${responseColumnsSql("merged")}
     ), upd AS (
       UPDATE "Response" x SET "answerCodes" = cols.codes, "answerNumbers" = cols.numbers, "answerTexts" = cols.texts, "hiddenSlots" = cols.hidden
       FROM cols WHERE x."id" = cols.r
     )
     INSERT INTO "Answer" ("responseId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds", "hidden")
     SELECT c.r, c.q, c.c, c.n, c.x, c.h, c.hid FROM coded c WHERE c.keys IS NULL`,
    JSON.stringify(rows),
  );
}
