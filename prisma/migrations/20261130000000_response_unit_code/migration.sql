-- S4, its second column: a response names its team (unit) by the team's integer code ("Unit"."code",
-- unique, given once by a sequence and never changed) instead of its 24-character id: 4 B in the row
-- instead of 25 (docs/analytics.md "S4: the team by its code"). Readers turn ids into codes in SQL
-- (api/src/domain/results-scope/codes.ts); Prisma reads take the codes from the caller's access
-- (api/src/permissions/access.ts unitCodesAmong).
--
-- There is no foreign key, as before: a touchpoint moved to another team without its responses leaves
-- them in the team they were given in, which may be deleted later. Responses whose team no longer
-- exists when this runs get code 0, which no team has (codes start at 1) and which the roll-ups already
-- use for a response without a team; a team deleted after this keeps its code in its responses, which
-- then no longer names a team (the roll-ups and the readers treat it as code 0 is treated).
--
-- One rewrite of "Response" (ALTER … TYPE … USING a map of every team's id to its code, written into
-- the statement as a constant, as 20261129200000_response_touchpoint_code does), which keeps the
-- column's place and rebuilds the table's indexes; it holds the table for the whole rewrite. Processes
-- still running the previous code fail once it has run (their statements name "unitId"): deploy it
-- with the new code, in one maintenance window.
DO $$
BEGIN
  EXECUTE format('ALTER TABLE "Response" ALTER COLUMN "unitId" TYPE INTEGER USING coalesce((%L::jsonb ->> "unitId")::integer, 0)',
    (SELECT coalesce(jsonb_object_agg("id", "code"), '{}'::jsonb) FROM "Unit"));
END $$;
ALTER TABLE "Response" RENAME COLUMN "unitId" TO "unitCode";
ANALYZE "Response";
