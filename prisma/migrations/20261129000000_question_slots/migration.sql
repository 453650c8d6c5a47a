-- Stage S0 of the narrow layout (docs/analytics.md "Stable question slots"): every question of a
-- survey gets a small number, its slot, that never changes once the question has answers, and the
-- choices of a choice question get codes that are only ever appended. Stage S3b will store a
-- response's answers by slot in its own row; until then nothing reads the slots.
--
-- A slot describes one encoding of a question's answers ("encoding": the type, and a slider's
-- scale). A change of encoding on a question that has answers opens a new slot for it, so the answers
-- already stored keep the meaning they were stored with; readers of a question sum over its slots.
-- While the question has no answers, its slot is rewritten in place (a survey being drafted does not
-- use up slots). Triggers keep the table, so every writer of questions (the survey editor, copies,
-- templates, demo data, test fixtures) gets slots without knowing of them.

-- The next slot of the survey: slots are never reused, even after their question is deleted.
ALTER TABLE "Survey" ADD COLUMN "nextSlot" SMALLINT NOT NULL DEFAULT 0;

-- Kept out of schema.prisma (codegen/migrate.ts filters): written by the triggers below only.
CREATE TABLE "QuestionSlot" (
  "surveyId" VARCHAR(24) NOT NULL,
  "slot" SMALLINT NOT NULL,
  "questionId" VARCHAR(24) NOT NULL,
  -- {"type": <QuestionType>} and, for sliders, the scale's effective "min", "max" and "step"
  "encoding" JSONB NOT NULL,
  -- choice ids by code (code = index from 0) for singleChoice, multipleChoice and emotion; appended to
  -- once the question has answers, never reordered or shortened
  "choiceCodes" TEXT[] NOT NULL DEFAULT '{}',
  -- emotion only: each code's cluster value (NULL where its cluster has none), as answers are stored
  "choiceValues" DOUBLE PRECISION[],
  CONSTRAINT "QuestionSlot_pkey" PRIMARY KEY ("surveyId", "slot"),
  CONSTRAINT "QuestionSlot_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "QuestionSlot_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "QuestionSlot_questionId_slot_idx" ON "QuestionSlot"("questionId", "slot");

-- A JSON number option, else the fallback (as respondent/answers.ts optionNumber).
CREATE FUNCTION "question_option_number"(options JSONB, key TEXT, fallback NUMERIC) RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(options -> key) = 'number' THEN (options ->> key)::numeric ELSE fallback END
$$;

-- The encoding of a question's answers. Smileys are one encoding whatever their buttons (S3b stores
-- twelfths, exact for 4 and 5 buttons); a slider's is its effective scale (respondent/answers.ts
-- sliderScale: min 0, max 10, step 1 by default; a max not above min is min + 10; a step not above 0 is 1).
CREATE FUNCTION "question_slot_encoding"(t "QuestionType", options JSONB) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t = 'slider' THEN (
    SELECT jsonb_build_object(
      'type', 'slider', 'min', s.lo,
      'max', CASE WHEN s.hi <= s.lo THEN s.lo + 10 ELSE s.hi END,
      'step', CASE WHEN s.step <= 0 THEN 1 ELSE s.step END)
    FROM (SELECT "question_option_number"(options, 'min', 0) AS lo, "question_option_number"(options, 'max', 10) AS hi,
                 "question_option_number"(options, 'step', 1) AS step) s)
  ELSE jsonb_build_object('type', t::text) END
$$;

-- The choice ids of a choice question in their order (first occurrence of each), and for emotions each
-- one's cluster value as respondent/answers.ts encodeAnswer stores it: options.clusters when it is an
-- object, else the default clusters; NULL when the choice has no cluster or its value is not a number.
CREATE FUNCTION "question_slot_choices"(t "QuestionType", options JSONB, choices JSONB, OUT ids TEXT[], OUT vals DOUBLE PRECISION[])
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(c.id ORDER BY c.o), '{}'),
         CASE WHEN t = 'emotion' THEN coalesce(array_agg(c.v ORDER BY c.o), '{}') END
  FROM (
    SELECT DISTINCT ON (e.c ->> 'id') e.c ->> 'id' AS id, e.o,
      CASE WHEN jsonb_typeof(cl.m -> (e.c ->> 'cluster')) = 'number' THEN (cl.m ->> (e.c ->> 'cluster'))::float8 END AS v
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(choices) = 'array' THEN choices ELSE '[]'::jsonb END) WITH ORDINALITY e(c, o),
      (SELECT CASE WHEN jsonb_typeof(options -> 'clusters') = 'object' THEN options -> 'clusters'
              ELSE '{"advocacy": 1, "trust": 0.66, "attention": 0.33, "destroying": -1}'::jsonb END AS m) cl
    WHERE t IN ('singleChoice', 'multipleChoice', 'emotion') AND jsonb_typeof(e.c -> 'id') = 'string'
    ORDER BY e.c ->> 'id', e.o
  ) c
$$;

-- Gives a question its slot, or keeps its slot up to date (see the head of this file).
CREATE FUNCTION "question_slot_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  enc JSONB := "question_slot_encoding"(NEW."type", NEW."options");
  ch RECORD;
  cur RECORD;
  added TEXT[];
  slot_no SMALLINT;
BEGIN
  SELECT * INTO ch FROM "question_slot_choices"(NEW."type", NEW."options", NEW."choices");
  SELECT * INTO cur FROM "QuestionSlot" WHERE "questionId" = NEW."id" AND "surveyId" = NEW."surveyId"
    ORDER BY "slot" DESC LIMIT 1 FOR UPDATE;
  IF FOUND THEN
    IF cur."encoding" = enc AND cur."choiceCodes" = ch.ids AND cur."choiceValues" IS NOT DISTINCT FROM ch.vals THEN
      RETURN NULL;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "Answer" WHERE "questionId" = NEW."id") THEN
      UPDATE "QuestionSlot" SET "encoding" = enc, "choiceCodes" = ch.ids, "choiceValues" = ch.vals
      WHERE "surveyId" = cur."surveyId" AND "slot" = cur."slot";
      RETURN NULL;
    END IF;
    -- Answered: the same encoding keeps its slot when every choice it has coded keeps its value;
    -- choices not coded yet are appended.
    IF cur."encoding" = enc AND NOT EXISTS (
      SELECT 1 FROM unnest(cur."choiceCodes", cur."choiceValues") WITH ORDINALITY k(id, v, i)
      JOIN unnest(ch.ids, ch.vals) n(id, v) ON n.id = k.id
      WHERE cur."choiceValues" IS NOT NULL AND n.v IS DISTINCT FROM k.v
    ) THEN
      added := ARRAY(SELECT n.id FROM unnest(ch.ids) WITH ORDINALITY n(id, o) WHERE n.id <> ALL (cur."choiceCodes") ORDER BY n.o);
      IF cardinality(added) > 0 THEN
        UPDATE "QuestionSlot" SET
          "choiceCodes" = cur."choiceCodes" || added,
          "choiceValues" = CASE WHEN cur."choiceValues" IS NULL THEN NULL ELSE cur."choiceValues" || ARRAY(
            SELECT n.v FROM unnest(ch.ids, ch.vals) WITH ORDINALITY n(id, v, o) WHERE n.id = ANY (added) ORDER BY n.o) END
        WHERE "surveyId" = cur."surveyId" AND "slot" = cur."slot";
      END IF;
      RETURN NULL;
    END IF;
  END IF;
  UPDATE "Survey" SET "nextSlot" = "nextSlot" + 1 WHERE "id" = NEW."surveyId" RETURNING "nextSlot" - 1 INTO slot_no;
  INSERT INTO "QuestionSlot" ("surveyId", "slot", "questionId", "encoding", "choiceCodes", "choiceValues")
  VALUES (NEW."surveyId", slot_no, NEW."id", enc, ch.ids, ch.vals);
  RETURN NULL;
END $$;

LOCK TABLE "Survey", "Question" IN SHARE ROW EXCLUSIVE MODE;

-- Every question there is gets one slot, in the order of its survey.
INSERT INTO "QuestionSlot" ("surveyId", "slot", "questionId", "encoding", "choiceCodes", "choiceValues")
SELECT q."surveyId", (row_number() OVER (PARTITION BY q."surveyId" ORDER BY q."position", q."id") - 1)::smallint, q."id",
       "question_slot_encoding"(q."type", q."options"), ch.ids, ch.vals
FROM "Question" q, LATERAL "question_slot_choices"(q."type", q."options", q."choices") ch;
UPDATE "Survey" s SET "nextSlot" = n.c FROM (SELECT "surveyId", count(*)::smallint AS c FROM "Question" GROUP BY "surveyId") n WHERE n."surveyId" = s."id";

CREATE TRIGGER "Question_slot_give" AFTER INSERT ON "Question" FOR EACH ROW EXECUTE FUNCTION "question_slot_keep"();
CREATE TRIGGER "Question_slot_keep" AFTER UPDATE OF "type", "options", "choices", "surveyId" ON "Question" FOR EACH ROW
  WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."options" IS DISTINCT FROM NEW."options"
        OR OLD."choices" IS DISTINCT FROM NEW."choices" OR OLD."surveyId" IS DISTINCT FROM NEW."surveyId")
  EXECUTE FUNCTION "question_slot_keep"();
