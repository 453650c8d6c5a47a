-- The planner's number of answers per response. ANALYZE samples "Answer" by pages, and the answers
-- of one response are written together on the same page, so it counts far too few distinct
-- responseIds: 379,431 for 10 M responses, which it read as 99 answers per response. A check of a
-- restriction on a few responses (the feedback list's page by id, an answer restriction tested on a
-- response) then seeked the answers by question and time, a day's worth per response (45 ms for a
-- page of 50 at 10 M), instead of the response's own answers (3.5 ms). A fixed ratio of 5 answers
-- per response (-0.2: distinct responseIds are a fifth of the rows) holds for the data as it grows
-- (docs/analytics.md "The feedback list in one match of the filters"). Takes effect at the next
-- ANALYZE, which runs here.
ALTER TABLE "Answer" ALTER COLUMN "responseId" SET (n_distinct = -0.2);
ANALYZE "Answer";
