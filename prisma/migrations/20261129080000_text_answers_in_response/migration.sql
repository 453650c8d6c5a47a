-- Text answers in the response row (docs/analytics.md "Text answers in the response row"): an open
-- text or contact-details answer becomes an element of "answerCodes" like any coded answer, (slot <<
-- 16) | 0, and its text goes into a new column of the response row:
--
--   "answerTexts"   TEXT[]: the texts of the last elements of "answerCodes", one each, in order; the
--                   first text element is cardinality("answerCodes") - cardinality("answerTexts") + 1.
--                   NULL when the response has no coded text.
--
-- So "answerCodes" holds the elements with a number first, then the choices, then the texts. An open
-- text costs its length and 4 B of the row instead of an "Answer" row (about 140 B) and its index
-- entries (about 80 B). "Answer" keeps only the answers a code cannot hold (a second answer to one
-- slot of a response, a choice the slot never coded, a number on a choice question, a question
-- without a usable slot): rare. Readers take both (api/src/domain/answers/rows.ts).
--
-- Every lock first, in the order of a survey's delete (the survey, then what cascades from it), as
-- migration 20261129030000 did; "Response" and "Answer" are held exclusively while it runs: a
-- maintenance window at 10 M.

-- Text is coded too: an answer that is only a text (no number, no choice), in a slot of an open-text or
-- contact-details question. A text anywhere else still stays a row. A new function, "answer_elements":
-- "answer_keys" (migration 20261129030000) stays as it was for processes still running the previous
-- code during a rolling deploy, which store texts as "Answer" rows (read with the rest); had it changed
-- under them, they would code a text without storing it.
CREATE FUNCTION "answer_elements"(slot INTEGER, encoding JSONB, choice_codes TEXT[], n DOUBLE PRECISION, x TEXT, h TEXT[]) RETURNS INTEGER[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN slot IS NULL OR slot < 0 OR slot > 32767 THEN NULL
    WHEN x IS NOT NULL THEN
      CASE WHEN n IS NULL AND coalesce(cardinality(h), 0) = 0 AND coalesce(cardinality(choice_codes), 0) = 0
                AND (encoding ->> 'type') IN ('openText', 'contactDetails') THEN ARRAY[slot << 16] END
    WHEN coalesce(cardinality(h), 0) = 0 THEN
      CASE WHEN n IS NOT NULL AND coalesce(cardinality(choice_codes), 0) = 0
                AND (encoding ->> 'type') NOT IN ('singleChoice', 'multipleChoice', 'emotion') THEN ARRAY[slot << 16] END
    WHEN n IS NOT NULL AND cardinality(h) <> 1 THEN NULL
    ELSE (SELECT CASE WHEN bool_and(coalesce(p.p BETWEEN 1 AND 65536, false)) THEN array_agg((slot << 16) | (p.p - 1) ORDER BY c.o) END
          FROM unnest(h) WITH ORDINALITY c(id, o) CROSS JOIN LATERAL (SELECT array_position(choice_codes, c.id) AS p) p)
  END
$$;

LOCK TABLE "Survey", "Question", "QuestionSlot" IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE "Response", "Answer" IN ACCESS EXCLUSIVE MODE;

DROP VIEW "EveryAnswer";
ALTER TABLE "Response" ADD COLUMN "answerTexts" TEXT[];

-- The text answers there are, each coded with its question's current slot: a response's first one of
-- each slot, in a slot its row does not hold yet.
CREATE TEMPORARY TABLE "text_coded" ON COMMIT DROP AS
SELECT c."id", c."responseId", c."x", c."hidden", c."slot", c."keys"
FROM (
  SELECT k.*, row_number() OVER (PARTITION BY k."responseId", k."slot" ORDER BY k."id") AS k
  FROM (
    SELECT a."id", a."responseId", a."textValue" AS x, a."hidden", s."slot", r."answerCodes",
           "answer_elements"(s."slot", s."encoding", s."choiceCodes", a."numericValue", a."textValue", a."choiceIds") AS keys
    FROM "Answer" a
    JOIN "Response" r ON r."id" = a."responseId"
    LEFT JOIN "QuestionSlot" s ON s."questionId" = a."questionId" AND s."current" AND s."surveyId" = r."surveyId"
    WHERE a."textValue" IS NOT NULL
  ) k
  WHERE k."keys" IS NOT NULL AND NOT (k."slot" = ANY (SELECT e >> 16 FROM unnest(coalesce(k."answerCodes", '{}')) e))
) c
WHERE c.k = 1;

CREATE TEMPORARY TABLE "texts_of" ("id" VARCHAR(24) PRIMARY KEY, "codes" INTEGER[], "texts" TEXT[], "hidden" INTEGER[]) ON COMMIT DROP;
INSERT INTO "texts_of" ("id", "codes", "texts", "hidden")
SELECT c."responseId", array_agg(c."keys"[1] ORDER BY c."id"), array_agg(c."x" ORDER BY c."id"),
       array_agg(c."slot" ORDER BY c."slot") FILTER (WHERE c."hidden")
FROM "text_coded" c
GROUP BY c."responseId";
ANALYZE "texts_of";

-- One rewrite of "Response": the texts' elements after the codes it holds, the texts, the hidden slots
-- with the hidden texts' (an UPDATE of every row would double its heap).
CREATE FUNCTION pg_temp."codes_with_texts"(response_id VARCHAR, codes INTEGER[]) RETURNS INTEGER[] LANGUAGE sql STABLE AS $$
  SELECT codes || (SELECT t."codes" FROM "texts_of" t WHERE t."id" = response_id) $$;
CREATE FUNCTION pg_temp."texts_of"(response_id VARCHAR) RETURNS TEXT[] LANGUAGE sql STABLE AS $$ SELECT t."texts" FROM "texts_of" t WHERE t."id" = response_id $$;
CREATE FUNCTION pg_temp."hidden_with_texts"(response_id VARCHAR, hidden_slots INTEGER[]) RETURNS INTEGER[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN h."slots" IS NULL THEN hidden_slots ELSE ARRAY(SELECT DISTINCT s FROM unnest(coalesce(hidden_slots, '{}') || h."slots") s ORDER BY 1) END
  FROM (SELECT (SELECT t."hidden" FROM "texts_of" t WHERE t."id" = response_id) AS "slots") h $$;
ALTER TABLE "Response"
  ALTER COLUMN "answerCodes" TYPE INTEGER[] USING pg_temp."codes_with_texts"("id", "answerCodes"),
  ALTER COLUMN "answerTexts" TYPE TEXT[] USING pg_temp."texts_of"("id"),
  ALTER COLUMN "hiddenSlots" TYPE INTEGER[] USING pg_temp."hidden_with_texts"("id", "hiddenSlots");
DROP FUNCTION pg_temp."codes_with_texts"(VARCHAR, INTEGER[]);
DROP FUNCTION pg_temp."texts_of"(VARCHAR);
DROP FUNCTION pg_temp."hidden_with_texts"(VARCHAR, INTEGER[]);

-- "Answer" keeps the rest, rewritten (a DELETE would leave its heap and indexes at their size).
CREATE TEMPORARY TABLE "answer_rest" ON COMMIT DROP AS SELECT a.* FROM "Answer" a
WHERE NOT EXISTS (SELECT 1 FROM "text_coded" c WHERE c."id" = a."id");
TRUNCATE "Answer";
INSERT INTO "Answer" SELECT * FROM "answer_rest";
-- The responses with a coded text, by survey and hour, for text analytics (a survey's newest texts in a
-- window; answers/rows.ts questionAnswers with `texts`): the hour as "Answer_questionId_hour_idx" has it
-- (answers/answer-hours.ts), so a key repeats for a survey's texts of one hour and b-tree deduplication
-- stores it once with a list of rows. Without it, a window's texts were found by reading every
-- response of the window, however few have a text.
CREATE INDEX "Response_texts_surveyId_hour_idx" ON "Response" ("surveyId", date_bin('1 hour'::interval, "createdAt", '2000-01-01 00:00:00+00'::timestamptz))
  WHERE "answerTexts" IS NOT NULL;

ANALYZE "Answer";
ANALYZE "Response";

-- Every answer as a row, coded or not (as migration 20261129030000 made it, with the coded texts).
CREATE VIEW "EveryAnswer" AS
SELECT r."id" AS "responseId", s."questionId", r."createdAt", max(e.n) AS "numericValue",
       max(r."answerTexts"[e.i::int - cardinality(r."answerCodes") + cardinality(r."answerTexts")]) AS "textValue",
       CASE WHEN cardinality(s."choiceCodes") = 0 THEN '{}'::text[] ELSE array_agg(s."choiceCodes"[(e.k & 65535) + 1] ORDER BY e.i) END AS "choiceIds",
       coalesce(s."slot" = ANY (r."hiddenSlots"), false) AS "hidden"
FROM "Response" r
CROSS JOIN LATERAL unnest(r."answerCodes", r."answerNumbers") WITH ORDINALITY e(k, n, i)
JOIN "QuestionSlot" s ON s."surveyId" = r."surveyId" AND s."slot" = e.k >> 16
GROUP BY r."id", s."surveyId", s."slot"
UNION ALL
SELECT a."responseId", a."questionId", a."createdAt", a."numericValue", a."textValue", a."choiceIds", a."hidden" FROM "Answer" a;
