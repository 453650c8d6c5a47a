-- The co-occurrence roll-up no longer stores the "*" row (all answers) of a single-valued answered
-- question (smiley, NPS, slider, single choice, emotion): it is the sum of that question's value rows,
-- and the reader adds them up (api/src/domain/analytics/engine.ts coAnswerSql). Each response of a
-- survey like the demo's store visit adds 20 rows' worth of pairs to the applier instead of 36
-- (issue 18 items 3 and 7).
DELETE FROM "RollupCoAnswerDay" x
USING "Question" q
WHERE q."id" = x."questionId"
  AND x."value" = '*'
  AND q."type"::text IN ('smiley', 'nps', 'slider', 'singleChoice', 'emotion');
