-- Numbers in their codes (docs/analytics.md "Numbers in their codes"). A numeric answer (smiley, NPS,
-- slider: a slot without choices) was an element (slot << 16) | 0 of "answerCodes" with its number, a
-- double, in "answerNumbers" (21 B of array header and 8 B a number: 41 B a response at 1 M). Now,
-- when the number is a multiple of 1/2520 (2,520 = the least common multiple of 1 to 10: halves,
-- thirds, quarters … tenths) rounded to 9 decimals as the respondent runtime rounds its numbers
-- (respondent/answers.ts: a 4-button smiley's 1/3 is 0.333333333), between -13 and 13, the element's
-- code holds it: (slot << 16) | (round(n × 2520) + 32768), and the number is that code's
-- round((code - 32768) / 2520 × 1e9) / 1e9, the very same double (the coding tests it: the decoding
-- gives back n or the number stays in the array). Any other number (an emotion's, which sits beside
-- its choice code; a slider value on a scale of hundredths; an exact third that was not rounded;
-- -0) stays in "answerNumbers". The elements whose number is there
-- come first, so "answerNumbers" pairs with the first elements of "answerCodes" as before; then the
-- rest in their order, the texts last. Rows stored the old way (every number in the array) read the
-- same: a code 0 holds no number.
--
-- A new function, "answer_elements_with_numbers", codes them; "answer_elements" stays as it was for
-- processes still running the previous code during a rolling deploy (they store numbers in the array,
-- which the new readers read). Those processes would read a coded number as none: they should be
-- replaced in the same maintenance window.
-- One SELECT without FROM, so the planner inlines it into the statements that call it (a function it
-- cannot inline is called once per answer: it made the 1 M data set's generation many times slower).
-- Its first branch is "answer_elements"' numeric case (a number alone, on a slot without choices of a
-- type without choices), with the number in the code when the code can hold it; else as before.
CREATE FUNCTION "answer_elements_with_numbers"(slot INTEGER, encoding JSONB, choice_codes TEXT[], n DOUBLE PRECISION, x TEXT, h TEXT[]) RETURNS INTEGER[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN slot >= 0 AND slot <= 32767 AND x IS NULL AND n IS NOT NULL AND coalesce(cardinality(h), 0) = 0
                   AND coalesce(cardinality(choice_codes), 0) = 0 AND (encoding ->> 'type') NOT IN ('singleChoice', 'multipleChoice', 'emotion')
                   AND CASE WHEN abs(n) <= 13 THEN round(round(n * 2520) / 2520 * 1e9) / 1e9 = n AND (n <> 0 OR n::text = '0') ELSE false END
              THEN ARRAY[(slot << 16) | (round(n * 2520)::int + 32768)]
              ELSE "answer_elements"(slot, encoding, choice_codes, n, x, h) END
$$;

LOCK TABLE "Survey", "Question", "QuestionSlot" IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE "Response" IN ACCESS EXCLUSIVE MODE;

DROP VIEW "EveryAnswer";

-- The slots without choices: a number paired with one of their elements is the answer's own.
CREATE TEMPORARY TABLE "number_slots" ON COMMIT DROP AS
SELECT DISTINCT "surveyId", "slot" FROM "QuestionSlot" WHERE coalesce(cardinality("choiceCodes"), 0) = 0;
ALTER TABLE "number_slots" ADD PRIMARY KEY ("surveyId", "slot");
ANALYZE "number_slots";

-- A response's elements recoded: k the element, nn its number if it stays in the array, i its place.
CREATE FUNCTION pg_temp."elements_recoded"(survey_id VARCHAR, codes INTEGER[], numbers DOUBLE PRECISION[])
RETURNS TABLE (k INTEGER, nn DOUBLE PRECISION, i BIGINT) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN c.coded THEN e.k | (round(e.n * 2520)::int + 32768) ELSE e.k END, CASE WHEN c.coded THEN NULL ELSE e.n END, e.i
  FROM unnest(codes, numbers) WITH ORDINALITY e(k, n, i)
  CROSS JOIN LATERAL (SELECT e.n IS NOT NULL AND (e.k & 65535) = 0
                             AND CASE WHEN abs(e.n) <= 13 THEN round(round(e.n * 2520) / 2520 * 1e9) / 1e9 = e.n AND (e.n <> 0 OR e.n::text = '0') ELSE false END
                             AND EXISTS (SELECT 1 FROM "number_slots" ns WHERE ns."surveyId" = survey_id AND ns."slot" = e.k >> 16) AS coded) c
$$;
CREATE FUNCTION pg_temp."codes_recoded"(survey_id VARCHAR, codes INTEGER[], numbers DOUBLE PRECISION[]) RETURNS INTEGER[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN numbers IS NULL OR codes IS NULL THEN codes
              ELSE ARRAY(SELECT x.k FROM pg_temp."elements_recoded"(survey_id, codes, numbers) x ORDER BY x.nn IS NULL, x.i) END $$;
CREATE FUNCTION pg_temp."numbers_recoded"(survey_id VARCHAR, codes INTEGER[], numbers DOUBLE PRECISION[]) RETURNS DOUBLE PRECISION[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN numbers IS NULL OR codes IS NULL THEN numbers
              ELSE (SELECT array_agg(x.nn ORDER BY x.i) FROM pg_temp."elements_recoded"(survey_id, codes, numbers) x WHERE x.nn IS NOT NULL) END $$;

-- One rewrite of "Response" (an UPDATE of every row would double its heap); each expression reads the
-- row as it was.
ALTER TABLE "Response"
  ALTER COLUMN "answerCodes" TYPE INTEGER[] USING pg_temp."codes_recoded"("surveyId", "answerCodes", "answerNumbers"),
  ALTER COLUMN "answerNumbers" TYPE DOUBLE PRECISION[] USING pg_temp."numbers_recoded"("surveyId", "answerCodes", "answerNumbers");
DROP FUNCTION pg_temp."codes_recoded"(VARCHAR, INTEGER[], DOUBLE PRECISION[]);
DROP FUNCTION pg_temp."numbers_recoded"(VARCHAR, INTEGER[], DOUBLE PRECISION[]);
DROP FUNCTION pg_temp."elements_recoded"(VARCHAR, INTEGER[], DOUBLE PRECISION[]);

ANALYZE "Response";

-- Every answer as a row, coded or not (as migration 20261129080000 made it, with the numbers in codes).
CREATE VIEW "EveryAnswer" AS
SELECT r."id" AS "responseId", s."questionId", r."createdAt",
       max(coalesce(e.n, CASE WHEN coalesce(cardinality(s."choiceCodes"), 0) = 0 AND (e.k & 65535) <> 0 THEN round(((e.k & 65535) - 32768)::float8 / 2520 * 1e9) / 1e9 END)) AS "numericValue",
       max(r."answerTexts"[e.i::int - cardinality(r."answerCodes") + cardinality(r."answerTexts")]) AS "textValue",
       CASE WHEN cardinality(s."choiceCodes") = 0 THEN '{}'::text[] ELSE array_agg(s."choiceCodes"[(e.k & 65535) + 1] ORDER BY e.i) END AS "choiceIds",
       coalesce(s."slot" = ANY (r."hiddenSlots"), false) AS "hidden"
FROM "Response" r
CROSS JOIN LATERAL unnest(r."answerCodes", r."answerNumbers") WITH ORDINALITY e(k, n, i)
JOIN "QuestionSlot" s ON s."surveyId" = r."surveyId" AND s."slot" = e.k >> 16
GROUP BY r."id", s."surveyId", s."slot"
UNION ALL
SELECT a."responseId", a."questionId", a."createdAt", a."numericValue", a."textValue", a."choiceIds", a."hidden" FROM "Answer" a;
