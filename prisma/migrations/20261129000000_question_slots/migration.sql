-- Stage S0 of the narrow layout (docs/analytics.md "Stable question slots"): every question of a
-- survey gets a number, its slot, that never changes once the question has answers, and the choices
-- of a choice question get codes that are only ever appended. Stage S3b will store a response's
-- answers by slot in its own row; until then nothing reads the slots.
--
-- A slot describes one encoding of a question's answers ("encoding": the type, and a slider's
-- scale). A change of encoding on a question that has answers makes another slot its current one, so
-- the answers already stored keep the meaning they were stored with; readers of a question will sum
-- over its slots. While the question has no answers, its current slot is rewritten in place. Triggers
-- keep the table, so every writer of questions (the survey editor, copies, templates, demo data, test
-- fixtures) gets slots without knowing of them.
--
-- Lock order: the triggers lock the question's slots, then the survey's row (its next slot). A writer
-- that changes questions of an existing survey locks the survey's row first (updateSurvey updates it
-- before its questions), or it can deadlock with the survey's delete.

-- The next slot of the survey: slots are never reused, even after their question is deleted.
ALTER TABLE "Survey" ADD COLUMN "nextSlot" INTEGER NOT NULL DEFAULT 0;

-- Kept out of schema.prisma (codegen/migrate.ts filters): written by the triggers below only.
CREATE TABLE "QuestionSlot" (
  "surveyId" VARCHAR(24) NOT NULL,
  "slot" INTEGER NOT NULL,
  "questionId" VARCHAR(24) NOT NULL,
  -- the slot new answers of the question go to (one per question)
  "current" BOOLEAN NOT NULL DEFAULT true,
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
CREATE UNIQUE INDEX "QuestionSlot_questionId_current_key" ON "QuestionSlot"("questionId") WHERE "current";

-- A JSON number option, else the fallback (as respondent/answers.ts optionNumber).
CREATE FUNCTION "question_option_number"(options JSONB, key TEXT, fallback NUMERIC) RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(options -> key) = 'number' THEN (options ->> key)::numeric ELSE fallback END
$$;

-- A JSON number as a double, NULL when it is not a number or has no double (1e400, 1e-400: only
-- hand-written SQL can store those; the survey editor's input cannot).
CREATE FUNCTION "question_json_double"(v JSONB) RETURNS DOUBLE PRECISION LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' AND ((v #>> '{}')::numeric = 0 OR abs((v #>> '{}')::numeric) BETWEEN 1e-300 AND 1e300)
    THEN (v #>> '{}')::float8 END
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
-- object, else the default clusters; NULL when the choice has no cluster (a string) or its value is
-- not a number.
CREATE FUNCTION "question_slot_choices"(t "QuestionType", options JSONB, choices JSONB, OUT ids TEXT[], OUT vals DOUBLE PRECISION[])
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(c.id ORDER BY c.o), '{}'),
         CASE WHEN t = 'emotion' THEN coalesce(array_agg(c.v ORDER BY c.o), '{}') END
  FROM (
    SELECT DISTINCT ON (e.c ->> 'id') e.c ->> 'id' AS id, e.o,
      CASE WHEN jsonb_typeof(e.c -> 'cluster') = 'string' THEN "question_json_double"(cl.m -> (e.c ->> 'cluster')) END AS v
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(choices) = 'array' THEN choices ELSE '[]'::jsonb END) WITH ORDINALITY e(c, o),
      (SELECT CASE WHEN jsonb_typeof(options -> 'clusters') = 'object' THEN options -> 'clusters'
              ELSE '{"advocacy": 1, "trust": 0.66, "attention": 0.33, "destroying": -1}'::jsonb END AS m) cl
    WHERE t IN ('singleChoice', 'multipleChoice', 'emotion') AND jsonb_typeof(e.c -> 'id') = 'string'
    ORDER BY e.c ->> 'id', e.o
  ) c
$$;

-- Gives a question its slot, or keeps its slots up to date (see the head of this file).
CREATE FUNCTION "question_slot_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF NOT EXISTS (SELECT 1 FROM "Answer" WHERE "questionId" = NEW."id") THEN
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

-- A question stays in its survey: its slots are the survey's (no code moves questions).
CREATE FUNCTION "question_stays_in_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A question cannot move to another survey' USING ERRCODE = 'check_violation';
END $$;

LOCK TABLE "Survey", "Question" IN SHARE ROW EXCLUSIVE MODE;

-- Every question there is gets one slot, in the order of its survey. The codes of a choice question
-- are its choices, then the choice ids its answers hold that it no longer lists (removed before
-- slots existed), in id order; an emotion's removed choice takes the value its answers were stored
-- with when they all agree, else NULL. Answers stored under an earlier type or slider scale are not
-- told apart here: S3b's migration must give them slots of their own.
INSERT INTO "QuestionSlot" ("surveyId", "slot", "questionId", "current", "encoding", "choiceCodes", "choiceValues")
SELECT q."surveyId", (row_number() OVER (PARTITION BY q."surveyId" ORDER BY q."position", q."id") - 1)::int, q."id", true,
       "question_slot_encoding"(q."type", q."options"), ch.ids || coalesce(gone.ids, '{}'),
       CASE WHEN ch.vals IS NOT NULL THEN ch.vals || coalesce(gone.vals, '{}') END
FROM "Question" q
CROSS JOIN LATERAL "question_slot_choices"(q."type", q."options", q."choices") ch
LEFT JOIN LATERAL (
  SELECT array_agg(g.c ORDER BY g.c) AS ids, array_agg(g.v ORDER BY g.c) AS vals
  FROM (SELECT x.c, CASE WHEN min(a."numericValue") = max(a."numericValue") THEN min(a."numericValue") END AS v
        FROM "Answer" a CROSS JOIN LATERAL unnest(a."choiceIds") x(c)
        WHERE a."questionId" = q."id" AND x.c <> ALL (ch.ids)
        GROUP BY x.c) g
) gone ON q."type" IN ('singleChoice', 'multipleChoice', 'emotion');
UPDATE "Survey" s SET "nextSlot" = n.c FROM (SELECT "surveyId", count(*)::int AS c FROM "Question" GROUP BY "surveyId") n WHERE n."surveyId" = s."id";

CREATE TRIGGER "Question_slot_give" AFTER INSERT ON "Question" FOR EACH ROW EXECUTE FUNCTION "question_slot_keep"();
CREATE TRIGGER "Question_slot_keep" AFTER UPDATE OF "type", "options", "choices" ON "Question" FOR EACH ROW
  WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."options" IS DISTINCT FROM NEW."options" OR OLD."choices" IS DISTINCT FROM NEW."choices")
  EXECUTE FUNCTION "question_slot_keep"();
CREATE TRIGGER "Question_stays_in_survey" BEFORE UPDATE OF "surveyId" ON "Question" FOR EACH ROW
  WHEN (OLD."surveyId" IS DISTINCT FROM NEW."surveyId")
  EXECUTE FUNCTION "question_stays_in_survey"();
