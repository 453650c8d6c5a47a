-- The answer roll-ups keyed by integer codes instead of 24-character ids (docs/analytics.md "Answer
-- roll-ups by codes"). Each organisation, unit, survey, question and touchpoint gets a `code` (a
-- sequence: existing rows are numbered now, new rows by the default). The two tables are rebuilt
-- with the fixed-width columns first and their rows carried over through the codes. A row of a team
-- deleted since (a response's unitId has no foreign key: its touchpoint moved without its responses,
-- then the team was deleted) keeps counting under unit code 0, which no unit filter names (the rows
-- of several deleted teams of one key are added together); the
-- question, touchpoint, survey and organisation of every row exist (their deletes cascade to the
-- answers, and their triggers delete the roll-up rows).

ALTER TABLE "Organization" ADD COLUMN "code" SERIAL NOT NULL;
ALTER TABLE "Unit" ADD COLUMN "code" SERIAL NOT NULL;
ALTER TABLE "Survey" ADD COLUMN "code" SERIAL NOT NULL;
ALTER TABLE "Question" ADD COLUMN "code" SERIAL NOT NULL;
ALTER TABLE "Touchpoint" ADD COLUMN "code" SERIAL NOT NULL;
CREATE UNIQUE INDEX "Organization_code_key" ON "Organization"("code");
CREATE UNIQUE INDEX "Unit_code_key" ON "Unit"("code");
CREATE UNIQUE INDEX "Survey_code_key" ON "Survey"("code");
CREATE UNIQUE INDEX "Question_code_key" ON "Question"("code");
CREATE UNIQUE INDEX "Touchpoint_code_key" ON "Touchpoint"("code");

CREATE TABLE "RollupAnswerHour_coded" (
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "questionCode" INTEGER NOT NULL,
    "touchpointCode" INTEGER NOT NULL,
    "unitCode" INTEGER NOT NULL,
    "surveyCode" INTEGER NOT NULL,
    "organizationCode" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "value" TEXT NOT NULL
) WITH (fillfactor = 85);
CREATE TABLE "RollupAnswerDay_coded" (LIKE "RollupAnswerHour_coded" INCLUDING DEFAULTS) WITH (fillfactor = 85);

INSERT INTO "RollupAnswerHour_coded" ("bucket", "sum", "questionCode", "touchpointCode", "unitCode", "surveyCode", "organizationCode", "count", "value")
SELECT x."bucket", sum(x."sum"), q."code", t."code", coalesce(u."code", 0), s."code", o."code", sum(x."count")::int, x."value"
FROM "RollupAnswerHour" x
JOIN "Question" q ON q."id" = x."questionId" JOIN "Touchpoint" t ON t."id" = x."touchpointId" LEFT JOIN "Unit" u ON u."id" = x."unitId"
JOIN "Survey" s ON s."id" = x."surveyId" JOIN "Organization" o ON o."id" = x."organizationId"
GROUP BY x."bucket", q."code", t."code", coalesce(u."code", 0), s."code", o."code", x."value";
INSERT INTO "RollupAnswerDay_coded" ("bucket", "sum", "questionCode", "touchpointCode", "unitCode", "surveyCode", "organizationCode", "count", "value")
SELECT x."bucket", sum(x."sum"), q."code", t."code", coalesce(u."code", 0), s."code", o."code", sum(x."count")::int, x."value"
FROM "RollupAnswerDay" x
JOIN "Question" q ON q."id" = x."questionId" JOIN "Touchpoint" t ON t."id" = x."touchpointId" LEFT JOIN "Unit" u ON u."id" = x."unitId"
JOIN "Survey" s ON s."id" = x."surveyId" JOIN "Organization" o ON o."id" = x."organizationId"
GROUP BY x."bucket", q."code", t."code", coalesce(u."code", 0), s."code", o."code", x."value";

DROP TABLE "RollupAnswerHour";
DROP TABLE "RollupAnswerDay";
ALTER TABLE "RollupAnswerHour_coded" RENAME TO "RollupAnswerHour";
ALTER TABLE "RollupAnswerDay_coded" RENAME TO "RollupAnswerDay";
ALTER TABLE "RollupAnswerHour" ADD CONSTRAINT "RollupAnswerHour_pkey" PRIMARY KEY ("questionCode", "bucket", "touchpointCode", "unitCode", "value", "surveyCode");
ALTER TABLE "RollupAnswerDay" ADD CONSTRAINT "RollupAnswerDay_pkey" PRIMARY KEY ("questionCode", "bucket", "touchpointCode", "unitCode", "value", "surveyCode");
CREATE INDEX "RollupAnswerHour_organizationCode_bucket_idx" ON "RollupAnswerHour"("organizationCode", "bucket");
CREATE INDEX "RollupAnswerDay_organizationCode_bucket_idx" ON "RollupAnswerDay"("organizationCode", "bucket");
ANALYZE "RollupAnswerHour";
ANALYZE "RollupAnswerDay";

-- The clean-up triggers' functions (20261122171024, 20261127081643) find the answer roll-ups' rows
-- by the deleted row's code: a question's by the primary key (it leads with the question), a survey's
-- and a touchpoint's within their organisation's rows (the index on organisation and bucket). When
-- the organisation itself is being deleted, its own trigger removes all of them (the others then find
-- no organisation, and delete nothing).
CREATE OR REPLACE FUNCTION "rollup_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The four tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerHour", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The four tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerHour", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "surveyCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "surveyCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The four tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerHour", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupAnswerHour" WHERE "questionCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "questionCode" = OLD."code";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The four tables in the order every recompute locks them (rollups.ts lockRollups): a survey's
  -- delete fires its questions' triggers (the cascade) before its own, and taking the answer tables
  -- first deadlocked with a recompute that held the response tables (seen in a CI run).
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerHour", "RollupAnswerDay" IN ROW EXCLUSIVE MODE;
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "touchpointCode" = OLD."code";
  DELETE FROM "RollupAnswerDay" WHERE "organizationCode" = (SELECT "code" FROM "Organization" WHERE "id" = OLD."organizationId") AND "touchpointCode" = OLD."code";
  RETURN OLD;
END $$;
