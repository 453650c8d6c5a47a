-- The response roll-ups keyed by integer codes instead of 24-character ids, as the answer roll-ups
-- already are (20261128023036_answer_rollup_codes; docs/analytics.md "Response roll-ups by codes",
-- stage S1 of "The staged path to the narrow layout"). At 1 M responses "RollupResponseHour" took
-- 98 B per stored response: 274,000 rows of about 205 B, four ids of 25 B each in the row and again
-- in the primary key. The two tables are rebuilt with the fixed-width columns first (no alignment
-- padding) and their rows carried over through the codes. A row of a team deleted since (a response's
-- unitId has no foreign key) keeps counting under unit code 0, which no unit filter names, as in the
-- answer roll-ups.

-- First the recomputes' own lock, in their order (rollups.ts lockRollups): the applier and the
-- recomputes of processes still running the previous code wait, and then fail on the new columns
-- (their transaction rolls back: nothing pending is lost). Without it a write committed between the
-- copy and the DROP below would be dropped with the old table.
LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseOrdinal", "ResponseBits" IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE "RollupResponseHour_coded" (
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "satSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "organizationCode" INTEGER NOT NULL,
    "surveyCode" INTEGER NOT NULL,
    "touchpointCode" INTEGER NOT NULL,
    "unitCode" INTEGER NOT NULL,
    "responses" INTEGER NOT NULL DEFAULT 0,
    "satCount" INTEGER NOT NULL DEFAULT 0,
    "promoters" INTEGER NOT NULL DEFAULT 0,
    "passives" INTEGER NOT NULL DEFAULT 0,
    "detractors" INTEGER NOT NULL DEFAULT 0
) WITH (fillfactor = 85);
CREATE TABLE "RollupResponseDay_coded" (LIKE "RollupResponseHour_coded" INCLUDING DEFAULTS) WITH (fillfactor = 85);

INSERT INTO "RollupResponseHour_coded" ("bucket", "satSum", "organizationCode", "surveyCode", "touchpointCode", "unitCode", "responses", "satCount", "promoters", "passives", "detractors")
SELECT x."bucket", sum(x."satSum"), o."code", s."code", t."code", coalesce(u."code", 0), sum(x."responses")::int, sum(x."satCount")::int,
  sum(x."promoters")::int, sum(x."passives")::int, sum(x."detractors")::int
FROM "RollupResponseHour" x
JOIN "Organization" o ON o."id" = x."organizationId" JOIN "Survey" s ON s."id" = x."surveyId"
JOIN "Touchpoint" t ON t."id" = x."touchpointId" LEFT JOIN "Unit" u ON u."id" = x."unitId"
GROUP BY x."bucket", o."code", s."code", t."code", coalesce(u."code", 0);
INSERT INTO "RollupResponseDay_coded" ("bucket", "satSum", "organizationCode", "surveyCode", "touchpointCode", "unitCode", "responses", "satCount", "promoters", "passives", "detractors")
SELECT x."bucket", sum(x."satSum"), o."code", s."code", t."code", coalesce(u."code", 0), sum(x."responses")::int, sum(x."satCount")::int,
  sum(x."promoters")::int, sum(x."passives")::int, sum(x."detractors")::int
FROM "RollupResponseDay" x
JOIN "Organization" o ON o."id" = x."organizationId" JOIN "Survey" s ON s."id" = x."surveyId"
JOIN "Touchpoint" t ON t."id" = x."touchpointId" LEFT JOIN "Unit" u ON u."id" = x."unitId"
GROUP BY x."bucket", o."code", s."code", t."code", coalesce(u."code", 0);

DROP TABLE "RollupResponseHour";
DROP TABLE "RollupResponseDay";
ALTER TABLE "RollupResponseHour_coded" RENAME TO "RollupResponseHour";
ALTER TABLE "RollupResponseDay_coded" RENAME TO "RollupResponseDay";
ALTER TABLE "RollupResponseHour" ADD CONSTRAINT "RollupResponseHour_pkey" PRIMARY KEY ("organizationCode", "bucket", "surveyCode", "touchpointCode", "unitCode");
ALTER TABLE "RollupResponseDay" ADD CONSTRAINT "RollupResponseDay_pkey" PRIMARY KEY ("organizationCode", "bucket", "surveyCode", "touchpointCode", "unitCode");
ANALYZE "RollupResponseHour";
ANALYZE "RollupResponseDay";

-- The clean-up triggers' functions (20261128103259) find every roll-up's rows by the deleted row's
-- code; a survey's and a touchpoint's within their organisation's rows (the primary key leads with
-- the organisation). When the organisation itself is being deleted, its own trigger removes all of
-- them (the others then find no organisation, and delete nothing).
CREATE OR REPLACE FUNCTION "rollup_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationCode" = OLD."code";
  DELETE FROM "RollupResponseDay" WHERE "organizationCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "surveyCode" = OLD."code";
  DELETE FROM "RollupResponseDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "surveyCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "surveyCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "touchpointCode" = OLD."code";
  DELETE FROM "RollupResponseDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "touchpointCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "touchpointCode" = OLD."code";
  RETURN OLD;
END $$;
