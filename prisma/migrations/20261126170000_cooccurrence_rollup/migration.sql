-- CreateTable
CREATE TABLE "RollupCoAnswerDay" (
    "organizationId" VARCHAR(24) NOT NULL,
    "restrictQuestionId" VARCHAR(24) NOT NULL,
    "restrictValue" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "questionId" VARCHAR(24) NOT NULL,
    "value" TEXT NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "RollupCoAnswerDay_pkey" PRIMARY KEY ("organizationId","restrictQuestionId","restrictValue","day","questionId","value","touchpointId","unitId")
);

-- As the other roll-ups: no foreign keys; these triggers forget a deleted organisation's, question's
-- (a survey's questions go with it) or touchpoint's rows (docs/analytics.md "Roll-ups").
CREATE OR REPLACE FUNCTION "rollup_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."id";
  DELETE FROM "RollupCoAnswerDay" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupAnswerHour" WHERE "questionId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "questionId" = OLD."id";
  -- Its rows as the restricting question, and as the answered one under its survey's other questions.
  DELETE FROM "RollupCoAnswerDay" WHERE "organizationId" = OLD."organizationId"
    AND "restrictQuestionId" = ANY(ARRAY(SELECT q."id" FROM "Question" q WHERE q."surveyId" = OLD."surveyId") || OLD."id"::text)
    AND ("restrictQuestionId" = OLD."id" OR "questionId" = OLD."id");
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "rollup_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "RollupResponseHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupResponseDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerHour" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupAnswerDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  DELETE FROM "RollupCoAnswerDay" WHERE "organizationId" = OLD."organizationId" AND "touchpointId" = OLD."id";
  RETURN OLD;
END $$;
