-- The roll-up applier updates today's buckets again and again (issue 18 item 3). With pages packed
-- full, every such update wrote its new row version to another page and a new entry into the
-- primary key (eight text columns on RollupCoAnswerDay). With 15 % of each new page left free, the
-- update stays on its page (a HOT update) and no index entry is written: an apply of 2,000 responses
-- into existing buckets took ~450 ms instead of ~800 ms (docs/analytics.md "Ingestion cost").
-- Only pages written from now on keep the room; finished days, never updated again, keep it too,
-- which costs their tables about 18 % more disk.
ALTER TABLE "RollupResponseHour" SET (fillfactor = 85);
ALTER TABLE "RollupResponseDay" SET (fillfactor = 85);
ALTER TABLE "RollupAnswerHour" SET (fillfactor = 85);
ALTER TABLE "RollupAnswerDay" SET (fillfactor = 85);
ALTER TABLE "RollupCoAnswerDay" SET (fillfactor = 85);
