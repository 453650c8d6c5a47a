-- The answer roll-ups are daily only (docs/analytics.md "Daily answer roll-ups only", issue 18 item 7).
-- The hourly table took 588 B per stored response at 1 M responses, as much as the answers it summed:
-- at that rate an hour x touchpoint x value bucket holds about one answer. Reads take the whole UTC
-- days of a window from "RollupAnswerDay" and the hours at either end, the hours a series off UTC
-- moves to another local day and hour-of-day series from the raw rows (analytics/engine.ts). Nothing
-- to backfill: "RollupAnswerDay" holds every applied answer already.

-- The clean-up triggers' functions (20261128023036) without the hourly table; then the table.
CREATE OR REPLACE FUNCTION "rollup_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "surveyCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupAnswerDay" WHERE "questionCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "touchpointCode" = OLD."code";
  RETURN OLD;
END $$;

-- DropTable
DROP TABLE "RollupAnswerHour";
