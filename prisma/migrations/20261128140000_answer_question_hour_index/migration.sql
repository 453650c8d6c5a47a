-- One question's answers in a window by the hour of their createdAt instead of the instant
-- (docs/analytics.md "Answers by question and hour"). The key (questionId, hour) repeats for every
-- answer of a question in one hour, so b-tree deduplication stores it once with a list of row
-- pointers: at 1 M responses the index took 32 B per response, against 223 B for
-- (questionId, createdAt) whose keys never repeat. Readers name the window through the hours
-- (api/src/domain/results-scope/answer-hours.ts), and the rows' own instants cut an end inside an
-- hour. date_bin with a fixed origin in UTC is immutable: the hours do not depend on the session's
-- time zone.
-- The new index is built first and the old one dropped last: the build locks out writes of answers
-- only (about 8 s at 1 M responses), and DROP INDEX takes its exclusive lock just before the
-- migration's transaction commits, so reads of answers wait only for that moment. (Migrations run
-- in one transaction each, so CONCURRENTLY is not available here.)

CREATE INDEX "Answer_questionId_hour_idx" ON "Answer" ("questionId", date_bin('1 hour'::interval, "createdAt", '2000-01-01 00:00:00+00'::timestamptz));

DROP INDEX "Answer_questionId_createdAt_idx";
