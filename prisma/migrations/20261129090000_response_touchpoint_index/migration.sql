-- The touchpoint's index on "Response" without the time (docs/analytics.md "The touchpoint's index
-- without the time"). No read orders or ranges a touchpoint's responses by time through it: every
-- read by time names the survey or the organisation, whose (…, createdAt) indexes serve it; the
-- benchmarks' 41 filter cases, summaries and results at 1 M never scanned it. What needs it is the
-- touchpoint's foreign key (a delete of a touchpoint cascades to its responses) and a recompute of
-- one touchpoint's roll-ups: both find its responses by id alone. A key of the id alone repeats for
-- every response of a touchpoint, so b-tree deduplication stores it once with a list of rows: about
-- 7 B per response at 1 M instead of 59.
--
-- CREATE INDEX (not CONCURRENTLY: migrations run in a transaction) holds writes of "Response" while it
-- builds: seconds at 10 M.
DROP INDEX "Response_touchpointId_createdAt_idx";
CREATE INDEX "Response_touchpointId_idx" ON "Response"("touchpointId");
