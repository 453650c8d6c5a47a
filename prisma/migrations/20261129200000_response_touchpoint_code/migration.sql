-- S4, its first column: a response names its touchpoint by the touchpoint's integer code
-- ("Touchpoint"."code", unique, given once by a sequence and never changed) instead of its 24-character
-- id: 4 B in the row instead of 25 (docs/analytics.md "S4: the touchpoint by its code"). Readers turn
-- ids into codes in SQL (api/src/domain/results-scope/codes.ts); Prisma keeps the relation through
-- the code, so a delete of a touchpoint still cascades to its responses.
--
-- One rewrite of "Response" (ALTER … TYPE … USING a lookup), which keeps the column's place and
-- rebuilds the table's indexes; it holds the table for the whole rewrite (17 s for the benchmark's
-- 1 M responses on the 2-core machine, measured; about ten times that at 10 M). Processes still running the previous code fail once it has run
-- (their statements name "touchpointId"): deploy it with the new code, in one maintenance window.
--
-- The foreign key means every response's touchpoint exists; a database where it does not (rows written
-- with the foreign keys off) stops here, changing nothing, rather than storing a response without its
-- touchpoint.
DO $$
DECLARE orphans bigint;
BEGIN
  SELECT count(*) INTO orphans FROM "Response" r WHERE NOT EXISTS (SELECT 1 FROM "Touchpoint" t WHERE t."id" = r."touchpointId");
  IF orphans > 0 THEN
    RAISE EXCEPTION '% response(s) name a touchpoint that does not exist: give them their touchpoint, or delete them, and run the migration again', orphans;
  END IF;
END $$;

ALTER TABLE "Response" DROP CONSTRAINT "Response_touchpointId_fkey";
DROP INDEX "Response_touchpointId_idx";

-- The codes come from one map of every touchpoint's id to its code, written into the statement as a
-- constant (a USING expression cannot hold a subquery): a lookup in it costs a fraction of a SQL
-- function's call per row (0.45 s against 1.7–3.6 s per 200,000 responses, measured by a review), and
-- the table is held for the whole rewrite.
DO $$
BEGIN
  EXECUTE format('ALTER TABLE "Response" ALTER COLUMN "touchpointId" TYPE INTEGER USING (%L::jsonb ->> "touchpointId")::integer',
    (SELECT coalesce(jsonb_object_agg("id", "code"), '{}'::jsonb) FROM "Touchpoint"));
END $$;
ALTER TABLE "Response" RENAME COLUMN "touchpointId" TO "touchpointCode";

-- Deduplicated, as before: for the foreign key's cascade and one touchpoint's recompute.
CREATE INDEX "Response_touchpointCode_idx" ON "Response"("touchpointCode");
ALTER TABLE "Response" ADD CONSTRAINT "Response_touchpointCode_fkey" FOREIGN KEY ("touchpointCode") REFERENCES "Touchpoint"("code") ON DELETE CASCADE ON UPDATE CASCADE;
ANALYZE "Response";
