-- The response's ordinal moves into "Response" and "ResponseOrdinal" goes (docs/analytics.md "The
-- ordinal in the response", stage S2 of "The staged path to the narrow layout"). At 1 M responses
-- "ResponseOrdinal" took 156 B per response: a row of 68 B, its primary key of 22.5 B and an index by
-- response of 65 B. The ordinal is now given when the response is stored, from a sequence of its
-- organisation (a sequence never waits for another transaction: ingestion from several processes does
-- not queue on a counter row), and found through one unique index (organisation, ordinal).
--
-- Before, the roll-up applier numbered a response when it added it, so "has an ordinal" meant "added";
-- now every response has one from the start, and the readers of the bit strings' blocks leave out the
-- responses still pending ("RollupPending") themselves (response-bits.ts).

-- The locks, in the order the writers take these tables, so that none deadlocks with this migration
-- (a review reproduced both with rollups first): "Organization" first (an organisation's delete
-- takes it, then the responses and the roll-ups through its cascades; and no organisation is created
-- while the sequences below are made, which would leave it without one); then "Response" (a team
-- move updates responses, then recomputes); then the recomputes' own lock, in their order
-- (rollups.ts lockRollups). The applier and the recomputes of processes still running the previous
-- code wait, then fail on the dropped table (their transaction rolls back: nothing pending is lost;
-- a recompute after a hide is lost, and its buckets stay as they were until the next one). No
-- response is stored meanwhile (the respondent page's queue retries); reads go on until the rewrite
-- below, which takes the table alone.
LOCK TABLE "Organization" IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE "Response" IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseOrdinal", "ResponseBits" IN SHARE ROW EXCLUSIVE MODE;

-- Every response's ordinal, worked out apart first: those already given, carried over; then the
-- responses not numbered yet (pending, or of an organisation whose bit strings are still to be built),
-- after every ordinal the organisation ever gave ("nextOrdinal" counts those of responses deleted
-- since), in order of creation.
CREATE TEMPORARY TABLE "ordinal_of" ("id" VARCHAR(24) PRIMARY KEY, "ordinal" INTEGER NOT NULL) ON COMMIT DROP;
INSERT INTO "ordinal_of" ("id", "ordinal")
SELECT x."responseId", x."ordinal"
FROM "ResponseOrdinal" x JOIN "Organization" o ON o."code" = x."organizationCode" JOIN "Response" r ON r."id" = x."responseId" AND r."organizationId" = o."id";
WITH base AS (
  SELECT o."id", greatest(coalesce(s."nextOrdinal", 0), coalesce(m.top + 1, 0)) AS next
  FROM "Organization" o
  LEFT JOIN "ResponseBitsState" s ON s."organizationId" = o."id"
  LEFT JOIN (SELECT g."id", max(x."ordinal") AS top FROM "ResponseOrdinal" x JOIN "Organization" g ON g."code" = x."organizationCode" GROUP BY 1) m ON m."id" = o."id"
)
INSERT INTO "ordinal_of" ("id", "ordinal")
SELECT r."id", b.next + (row_number() OVER (PARTITION BY r."organizationId" ORDER BY r."createdAt", r."id"))::int - 1
FROM "Response" r JOIN base b ON b."id" = r."organizationId"
WHERE NOT EXISTS (SELECT 1 FROM "ordinal_of" k WHERE k."id" = r."id");
ANALYZE "ordinal_of";

-- Then written in one rewrite of the table (a new column's values through ALTER ... TYPE ... USING):
-- an UPDATE of every row took 91 s at 1 M responses and left the heap twice its size (a dead version
-- of every row) until a VACUUM FULL.
CREATE FUNCTION pg_temp."ordinal_of"(response_id VARCHAR) RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT k."ordinal" FROM "ordinal_of" k WHERE k."id" = response_id
$$;
ALTER TABLE "Response" ADD COLUMN "ordinal" INTEGER;
ALTER TABLE "Response" ALTER COLUMN "ordinal" TYPE INTEGER USING pg_temp."ordinal_of"("id");
DROP FUNCTION pg_temp."ordinal_of"(VARCHAR);

-- An organisation's sequence, named after its id (ids are at most 24 characters). It starts after
-- every ordinal ever given ("nextOrdinal" also counts those of responses deleted since).
CREATE FUNCTION "response_ordinal_sequence"(organization_id TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%I', 'response_ordinal_' || organization_id)
$$;

DO $$
DECLARE o RECORD;
BEGIN
  FOR o IN
    SELECT g."id", greatest(coalesce(s."nextOrdinal", 0), coalesce(m.top + 1, 0)) AS next FROM "Organization" g
    LEFT JOIN "ResponseBitsState" s ON s."organizationId" = g."id"
    LEFT JOIN (SELECT r."organizationId", max(r."ordinal") AS top FROM "Response" r GROUP BY 1) m ON m."organizationId" = g."id"
  LOOP
    EXECUTE format('CREATE SEQUENCE %s AS integer MINVALUE 0 START WITH %s', "response_ordinal_sequence"(o."id"), o.next);
  END LOOP;
END $$;

-- A new organisation gets its sequence; a deleted one loses it. IF NOT EXISTS: a test database that
-- emptied "Organization" with TRUNCATE (no trigger) and creates the same id again continues the old
-- sequence, which still numbers its responses once each.
CREATE FUNCTION "response_ordinal_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %s AS integer MINVALUE 0 START WITH 0', "response_ordinal_sequence"(NEW."id"));
  RETURN NULL;
END $$;
CREATE TRIGGER "Organization_response_ordinal_create" AFTER INSERT ON "Organization" FOR EACH ROW EXECUTE FUNCTION "response_ordinal_create"();

CREATE FUNCTION "response_ordinal_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP SEQUENCE IF EXISTS %s', "response_ordinal_sequence"(OLD."id"));
  RETURN NULL;
END $$;
CREATE TRIGGER "Organization_response_ordinal_drop" AFTER DELETE ON "Organization" FOR EACH ROW EXECUTE FUNCTION "response_ordinal_drop"();

-- Every response stored without an ordinal gets the next of its organisation (ingestion gives it in
-- its own statement: respondent/insert-batch.ts; this covers the other writers: demo data, imports,
-- tests).
CREATE FUNCTION "response_ordinal_give"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ordinal" := nextval("response_ordinal_sequence"(NEW."organizationId")::regclass);
  RETURN NEW;
END $$;
CREATE TRIGGER "Response_ordinal_give" BEFORE INSERT ON "Response" FOR EACH ROW WHEN (NEW."ordinal" IS NULL) EXECUTE FUNCTION "response_ordinal_give"();

CREATE UNIQUE INDEX "Response_organizationId_ordinal_key" ON "Response"("organizationId", "ordinal");

DROP TABLE "ResponseOrdinal";
ALTER TABLE "ResponseBitsState" DROP COLUMN "nextOrdinal";

-- The bit strings' clean-up triggers (20261128180000) without "ResponseOrdinal" in their lock.
CREATE OR REPLACE FUNCTION "response_bits_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseBits" IN ROW EXCLUSIVE MODE;
  UPDATE "ResponseBits" x SET "bits" = x."bits" & ~s."bits"
  FROM "ResponseBits" s
  WHERE s."organizationId" = OLD."organizationId" AND s."field" = 's' AND s."value" = OLD."id"
    AND x."organizationId" = s."organizationId" AND x."block" = s."block";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 's' AND "value" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "response_bits_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseBits" IN ROW EXCLUSIVE MODE;
  UPDATE "ResponseBits" x SET "bits" = x."bits" & ~s."bits"
  FROM "ResponseBits" s
  WHERE s."organizationId" = OLD."organizationId" AND s."field" = 't' AND s."value" = OLD."id"
    AND x."organizationId" = s."organizationId" AND x."block" = s."block";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 't' AND "value" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "response_bits_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseBits" IN ROW EXCLUSIVE MODE;
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 'a:' || OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "response_bits_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseBits" IN ROW EXCLUSIVE MODE;
  DELETE FROM "ResponseBitsState" WHERE "organizationId" = OLD."id";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;

ANALYZE "Response";
