-- The hidden responses' partial index by hour, as the organisation's and the survey's time indexes
-- (migration 20261129100000_response_time_by_hour; docs/analytics.md "The time indexes by hour").
-- The results' scope names a window of whole UTC hours by the hour alone, so an index keyed by the
-- instant found the window's hidden responses by the organisation only: the hidden count and the
-- hidden part of the raw rows (a manager's view) read every hidden response of the organisation.
-- Keyed by the hour, the window's hours are found again. "Response_overLimit_…" keeps the instant:
-- its one reader (respondent/response-limit.ts overLimitNotice) names the instants.
DROP INDEX "Response_hidden_organizationId_createdAt_idx";
CREATE INDEX "Response_hidden_organizationId_hour_idx" ON "Response" ("organizationId", date_bin('1 hour'::interval, "createdAt", '2000-01-01 00:00:00+00'::timestamptz))
  WHERE "hidden";
