-- Stage S3b of the narrow layout (docs/analytics.md "Stage S3b: the answers in the response row"):
-- a response's coded answers move from "Answer" rows into three columns of its own row.
--
--   "answerCodes"   INTEGER[]: one element per stored value, (slot << 16) | code. The slot is the
--                   question's (QuestionSlot, stage S0); the code is a chosen choice's index in the
--                   slot's "choiceCodes" (0 for an answer that is only a number). A multiple choice
--                   is one element per chosen choice, in the order given. A slot's elements are
--                   next to each other; the elements that carry a number come first.
--   "answerNumbers" DOUBLE PRECISION[]: the numbers of the first elements, one each (NPS, smiley,
--                   slider, an emotion's cluster value), the very float8 ingestion computed: no
--                   decoding, so exact by construction. NULL when there is none.
--   "hiddenSlots"   INTEGER[]: the slots of the answers hidden one by one; NULL when none.
--
-- "Answer" keeps the answers a code cannot hold: text (open text, contact details), and any answer
-- whose question has no current slot, whose slot is above 32,767, whose choice is not coded (a
-- definition cached across an in-place rewrite), that repeats a slot of its response, or that is a
-- number without a choice on a choice question. Readers take both (api/src/domain/answers/rows.ts).
--
-- "answer_keys" codes one answer (NULL: it stays a row). Ingestion, insertAnswerRows and this
-- migration all code through it.
-- A number-only answer is coded only in a slot whose encoding has no choices (a choice question's
-- codes grow: code 0 would later read as its first choice).
CREATE FUNCTION "answer_keys"(slot INTEGER, encoding JSONB, choice_codes TEXT[], n DOUBLE PRECISION, x TEXT, h TEXT[]) RETURNS INTEGER[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN x IS NOT NULL OR slot IS NULL OR slot < 0 OR slot > 32767 THEN NULL
    WHEN coalesce(cardinality(h), 0) = 0 THEN
      CASE WHEN n IS NOT NULL AND coalesce(cardinality(choice_codes), 0) = 0
                AND (encoding ->> 'type') NOT IN ('singleChoice', 'multipleChoice', 'emotion') THEN ARRAY[slot << 16] END
    WHEN n IS NOT NULL AND cardinality(h) <> 1 THEN NULL
    ELSE (SELECT CASE WHEN bool_and(coalesce(p.p BETWEEN 1 AND 65536, false)) THEN array_agg((slot << 16) | (p.p - 1) ORDER BY c.o) END
          FROM unnest(h) WITH ORDINALITY c(id, o) CROSS JOIN LATERAL (SELECT array_position(choice_codes, c.id) AS p) p)
  END
$$;

-- Every lock first, in the order of a survey's delete (the survey, then what cascades from it).
LOCK TABLE "Survey", "Question", "QuestionSlot" IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE "Response", "Answer" IN ACCESS EXCLUSIVE MODE;

ALTER TABLE "Response" ADD COLUMN "answerCodes" INTEGER[], ADD COLUMN "answerNumbers" DOUBLE PRECISION[], ADD COLUMN "hiddenSlots" INTEGER[];

-- Has answers (S0's trigger): the answers in response rows count too.
CREATE OR REPLACE FUNCTION "question_slot_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  enc JSONB := "question_slot_encoding"(NEW."type", NEW."options");
  ch RECORD;
  cur RECORD;
  fit RECORD;
  added TEXT[];
  slot_no INTEGER;
  had_current BOOLEAN;
BEGIN
  SELECT * INTO ch FROM "question_slot_choices"(NEW."type", NEW."options", NEW."choices");
  SELECT * INTO cur FROM "QuestionSlot" WHERE "questionId" = NEW."id" AND "current" FOR UPDATE;
  had_current := FOUND;
  IF had_current THEN
    IF cur."encoding" = enc AND cur."choiceCodes" = ch.ids AND cur."choiceValues" IS NOT DISTINCT FROM ch.vals THEN
      RETURN NULL;
    END IF;
    -- "Has answers": its survey has a response (coded answers live in the response rows, where no
    -- index finds one question's), or the question has an answer row. The slot is locked above, and
    -- ingestion locks the slots it codes with (FOR KEY SHARE): a response stored under the slot
    -- has committed before this reads, so it is seen.
    IF NOT EXISTS (SELECT 1 FROM "Response" WHERE "surveyId" = NEW."surveyId")
       AND NOT EXISTS (SELECT 1 FROM "Answer" WHERE "questionId" = NEW."id") THEN
      UPDATE "QuestionSlot" SET "encoding" = enc, "choiceCodes" = ch.ids, "choiceValues" = ch.vals
      WHERE "surveyId" = cur."surveyId" AND "slot" = cur."slot";
      RETURN NULL;
    END IF;
    -- Answered: a slot of the question with this encoding, whose coded choices all keep their values,
    -- becomes (or stays) the current one, the current first; choices not coded yet are appended.
    SELECT * INTO fit FROM "QuestionSlot" s WHERE s."questionId" = NEW."id" AND s."encoding" = enc AND NOT EXISTS (
      SELECT 1 FROM unnest(s."choiceCodes", s."choiceValues") k(id, v)
      JOIN unnest(ch.ids, ch.vals) n(id, v) ON n.id = k.id
      WHERE s."choiceValues" IS NOT NULL AND n.v IS DISTINCT FROM k.v
    ) ORDER BY s."current" DESC, s."slot" DESC LIMIT 1 FOR UPDATE;
    IF FOUND THEN
      added := ARRAY(SELECT n.id FROM unnest(ch.ids) WITH ORDINALITY n(id, o) WHERE n.id <> ALL (fit."choiceCodes") ORDER BY n.o);
      IF cardinality(added) > 0 THEN
        UPDATE "QuestionSlot" SET
          "choiceCodes" = fit."choiceCodes" || added,
          "choiceValues" = CASE WHEN fit."choiceValues" IS NULL THEN NULL ELSE fit."choiceValues" || ARRAY(
            SELECT n.v FROM unnest(ch.ids, ch.vals) WITH ORDINALITY n(id, v, o) WHERE n.id = ANY (added) ORDER BY n.o) END
        WHERE "surveyId" = fit."surveyId" AND "slot" = fit."slot";
      END IF;
      IF NOT fit."current" THEN
        UPDATE "QuestionSlot" SET "current" = false WHERE "surveyId" = cur."surveyId" AND "slot" = cur."slot";
        UPDATE "QuestionSlot" SET "current" = true WHERE "surveyId" = fit."surveyId" AND "slot" = fit."slot";
      END IF;
      RETURN NULL;
    END IF;
  END IF;
  UPDATE "Survey" SET "nextSlot" = "nextSlot" + 1 WHERE "id" = NEW."surveyId" RETURNING "nextSlot" - 1 INTO slot_no;
  -- no such survey: the question's own foreign key refuses it
  IF slot_no IS NULL THEN RETURN NULL; END IF;
  IF had_current THEN
    UPDATE "QuestionSlot" SET "current" = false WHERE "surveyId" = cur."surveyId" AND "slot" = cur."slot";
  END IF;
  INSERT INTO "QuestionSlot" ("surveyId", "slot", "questionId", "current", "encoding", "choiceCodes", "choiceValues")
  VALUES (NEW."surveyId", slot_no, NEW."id", true, enc, ch.ids, ch.vals);
  RETURN NULL;
END $$;

-- The answers there are: each coded with its question's current slot (the backfill of S0 coded every
-- choice its answers hold). Numbers are stored as they are, so answers stored under an earlier type
-- or scale keep their meaning in any slot of their question (S0's "Left for S3b").
CREATE TEMPORARY TABLE "answer_coded" ON COMMIT DROP AS
SELECT c."id", c."responseId", c."n", c."hidden", c."slot", c."keys", c."o"
FROM (
  SELECT k.*, row_number() OVER (PARTITION BY k."responseId", k."slot" ORDER BY k."id") AS k
  FROM (
    SELECT a."id", a."responseId", a."numericValue" AS n, a."hidden", s."slot", a."id" AS o,
           "answer_keys"(s."slot", s."encoding", s."choiceCodes", a."numericValue", a."textValue", a."choiceIds") AS keys
    FROM "Answer" a
    JOIN "Response" r ON r."id" = a."responseId"
    LEFT JOIN "QuestionSlot" s ON s."questionId" = a."questionId" AND s."current" AND s."surveyId" = r."surveyId"
  ) k
  WHERE k."keys" IS NOT NULL
) c
-- a response's first codeable answer of each slot (a second one stays a row)
WHERE c.k = 1;

CREATE TEMPORARY TABLE "answers_of" ("id" VARCHAR(24) PRIMARY KEY, "codes" INTEGER[], "numbers" DOUBLE PRECISION[], "hidden" INTEGER[]) ON COMMIT DROP;
INSERT INTO "answers_of" ("id", "codes", "numbers", "hidden")
SELECT c."responseId",
       array_agg(e.k ORDER BY c.n IS NULL, c.o, e.i),
       array_agg(c.n ORDER BY c.n IS NULL, c.o, e.i) FILTER (WHERE c.n IS NOT NULL),
       array_agg(DISTINCT c."slot") FILTER (WHERE c."hidden")
FROM "answer_coded" c CROSS JOIN LATERAL unnest(c."keys") WITH ORDINALITY e(k, i)
GROUP BY c."responseId";
ANALYZE "answers_of";

-- One rewrite of "Response" for the three columns (an UPDATE of every row would double its heap).
CREATE FUNCTION pg_temp."codes_of"(response_id VARCHAR) RETURNS INTEGER[] LANGUAGE sql STABLE AS $$ SELECT k."codes" FROM "answers_of" k WHERE k."id" = response_id $$;
CREATE FUNCTION pg_temp."numbers_of"(response_id VARCHAR) RETURNS DOUBLE PRECISION[] LANGUAGE sql STABLE AS $$ SELECT k."numbers" FROM "answers_of" k WHERE k."id" = response_id $$;
CREATE FUNCTION pg_temp."hidden_of"(response_id VARCHAR) RETURNS INTEGER[] LANGUAGE sql STABLE AS $$ SELECT k."hidden" FROM "answers_of" k WHERE k."id" = response_id $$;
ALTER TABLE "Response"
  ALTER COLUMN "answerCodes" TYPE INTEGER[] USING pg_temp."codes_of"("id"),
  ALTER COLUMN "answerNumbers" TYPE DOUBLE PRECISION[] USING pg_temp."numbers_of"("id"),
  ALTER COLUMN "hiddenSlots" TYPE INTEGER[] USING pg_temp."hidden_of"("id");
DROP FUNCTION pg_temp."codes_of"(VARCHAR);
DROP FUNCTION pg_temp."numbers_of"(VARCHAR);
DROP FUNCTION pg_temp."hidden_of"(VARCHAR);

-- "Answer" keeps the rest, rewritten (a DELETE would leave its heap and indexes at their size). Rows
-- of no response or no question (only a write with triggers off leaves them; no reader can see
-- them) are not kept.
CREATE TEMPORARY TABLE "answer_rest" ON COMMIT DROP AS SELECT a.* FROM "Answer" a
WHERE NOT EXISTS (SELECT 1 FROM "answer_coded" c WHERE c."id" = a."id")
  AND EXISTS (SELECT 1 FROM "Response" r WHERE r."id" = a."responseId")
  AND EXISTS (SELECT 1 FROM "Question" q WHERE q."id" = a."questionId");
TRUNCATE "Answer";
INSERT INTO "Answer" SELECT * FROM "answer_rest";
-- Its rows are now a response's text answers, about one each: the planner's fixed ratio of a fifth as
-- many responses as answers (migration 20261127180500) no longer holds; ANALYZE tells it again.
ALTER TABLE "Answer" ALTER COLUMN "responseId" RESET (n_distinct);
ANALYZE "Answer";
ANALYZE "Response";

-- Every answer as a row, coded or not, with the columns "Answer" has (less its id): for ad-hoc SQL,
-- tests and the benchmarks' raw-SQL checks. The application reads through api/src/domain/answers/,
-- which decodes the same columns its own way (per element, not grouped), so the two check each other.
CREATE VIEW "EveryAnswer" AS
SELECT r."id" AS "responseId", s."questionId", r."createdAt", max(e.n) AS "numericValue", NULL::text AS "textValue",
       CASE WHEN cardinality(s."choiceCodes") = 0 THEN '{}'::text[] ELSE array_agg(s."choiceCodes"[(e.k & 65535) + 1] ORDER BY e.i) END AS "choiceIds",
       coalesce(s."slot" = ANY (r."hiddenSlots"), false) AS "hidden"
FROM "Response" r
CROSS JOIN LATERAL unnest(r."answerCodes", r."answerNumbers") WITH ORDINALITY e(k, n, i)
JOIN "QuestionSlot" s ON s."surveyId" = r."surveyId" AND s."slot" = e.k >> 16
GROUP BY r."id", s."surveyId", s."slot"
UNION ALL
SELECT a."responseId", a."questionId", a."createdAt", a."numericValue", a."textValue", a."choiceIds", a."hidden" FROM "Answer" a;
