-- DropForeignKey
ALTER TABLE "RollupAnswerDay" DROP CONSTRAINT "RollupAnswerDay_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "RollupAnswerDay" DROP CONSTRAINT "RollupAnswerDay_questionId_fkey";

-- DropForeignKey
ALTER TABLE "RollupAnswerDay" DROP CONSTRAINT "RollupAnswerDay_touchpointId_fkey";

-- DropForeignKey
ALTER TABLE "RollupAnswerHour" DROP CONSTRAINT "RollupAnswerHour_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "RollupAnswerHour" DROP CONSTRAINT "RollupAnswerHour_questionId_fkey";

-- DropForeignKey
ALTER TABLE "RollupAnswerHour" DROP CONSTRAINT "RollupAnswerHour_touchpointId_fkey";

-- DropForeignKey
ALTER TABLE "RollupResponseDay" DROP CONSTRAINT "RollupResponseDay_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "RollupResponseDay" DROP CONSTRAINT "RollupResponseDay_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "RollupResponseDay" DROP CONSTRAINT "RollupResponseDay_touchpointId_fkey";

-- DropForeignKey
ALTER TABLE "RollupResponseHour" DROP CONSTRAINT "RollupResponseHour_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "RollupResponseHour" DROP CONSTRAINT "RollupResponseHour_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "RollupResponseHour" DROP CONSTRAINT "RollupResponseHour_touchpointId_fkey";

-- The roll-ups have no foreign keys (each would cost ingestion a lookup and a parent-row lock per new
-- roll-up row); these triggers delete the roll-up rows of a deleted organisation, survey, question or
-- touchpoint, as the cascades of the raw rows do (docs/analytics.md "Roll-ups").
CREATE FUNCTION "rollup_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Organization_rollup_forget" AFTER DELETE ON "Organization" FOR EACH ROW EXECUTE FUNCTION "rollup_forget_organization"();

CREATE FUNCTION "rollup_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."organizationId" AND "surveyId" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Survey_rollup_forget" AFTER DELETE ON "Survey" FOR EACH ROW EXECUTE FUNCTION "rollup_forget_survey"();

CREATE FUNCTION "rollup_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupAnswerHour" WHERE "questionId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "questionId" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Question_rollup_forget" AFTER DELETE ON "Question" FOR EACH ROW EXECUTE FUNCTION "rollup_forget_question"();

CREATE FUNCTION "rollup_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "Touchpoint_rollup_forget" AFTER DELETE ON "Touchpoint" FOR EACH ROW EXECUTE FUNCTION "rollup_forget_touchpoint"();
