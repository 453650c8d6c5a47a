-- S4, its first column: a response names its touchpoint by the touchpoint's integer code
-- ("Touchpoint"."code", unique, given once by a sequence and never changed) instead of its 24-character
-- id: 4 B in the row instead of 25 (docs/analytics.md "S4: the touchpoint by its code"). Readers turn
-- ids into codes in SQL (api/src/domain/results-scope/codes.ts); Prisma keeps the relation through
-- the code, so a delete of a touchpoint still cascades to its responses.
--
-- One rewrite of "Response" (ALTER … TYPE … USING a lookup), which keeps the column's place and
-- rebuilds the table's indexes; it holds the table for the whole rewrite (about a minute at 1 M on
-- the 2-core benchmark machine). Processes still running the previous code fail once it has run
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

CREATE FUNCTION pg_temp."touchpoint_code_of"(touchpoint_id VARCHAR) RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT "code" FROM "Touchpoint" WHERE "id" = touchpoint_id
$$;
ALTER TABLE "Response" ALTER COLUMN "touchpointId" TYPE INTEGER USING pg_temp."touchpoint_code_of"("touchpointId");
DROP FUNCTION pg_temp."touchpoint_code_of"(VARCHAR);
ALTER TABLE "Response" RENAME COLUMN "touchpointId" TO "touchpointCode";

-- Deduplicated, as before: for the foreign key's cascade and one touchpoint's recompute.
CREATE INDEX "Response_touchpointCode_idx" ON "Response"("touchpointCode");
ALTER TABLE "Response" ADD CONSTRAINT "Response_touchpointCode_fkey" FOREIGN KEY ("touchpointCode") REFERENCES "Touchpoint"("code") ON DELETE CASCADE ON UPDATE CASCADE;
ANALYZE "Response";
