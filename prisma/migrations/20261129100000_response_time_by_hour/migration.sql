-- The organisation's and the survey's indexes on "Response" by the hour of "createdAt", not the
-- instant (docs/analytics.md "The time indexes by hour"). A key of (organisation, hour) or (survey,
-- hour) repeats for every response of that hour, so b-tree deduplication stores it once with a list
-- of rows: about 8 B per response at 1 M (a year of a busy organisation) instead of 59 for a key
-- of a 24-character id and an instant, which never repeats. The hour is written as
-- answers/answer-hours.ts writes it (the origin fixed in UTC), and every read of an organisation's or
-- a survey's responses by time names it there (`answerTimeWithin`, `createdSince`, `timeOrder`): the index
-- finds the hours, the rows' own instants cut an end inside an hour; newest first is the hours
-- newest first, each hour's few rows sorted by instant (an incremental sort).
--
-- A quiet organisation (about one response an hour) gains nothing and loses nothing: a key per
-- response, as before. "Response_hidden_…" and "Response_overLimit_…" (partial, a few rows each) keep
-- the instant.
--
-- CREATE INDEX (not CONCURRENTLY: migrations run in a transaction) holds writes of "Response" while it
-- builds: about 2 s each at 1 M.
CREATE INDEX "Response_organizationId_hour_idx" ON "Response" ("organizationId", date_bin('1 hour'::interval, "createdAt", '2000-01-01 00:00:00+00'::timestamptz));
CREATE INDEX "Response_surveyId_hour_idx" ON "Response" ("surveyId", date_bin('1 hour'::interval, "createdAt", '2000-01-01 00:00:00+00'::timestamptz));
DROP INDEX "Response_organizationId_createdAt_idx";
DROP INDEX "Response_surveyId_createdAt_idx";
-- The planner's statistics of the two expressions (an expression index has its own).
ANALYZE "Response";
