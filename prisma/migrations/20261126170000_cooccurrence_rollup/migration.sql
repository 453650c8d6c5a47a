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

-- Backfill from the raw rows (rollups.ts coBackfillSql): every response not hidden, not over the limit and
-- not pending (the applier adds those).
WITH src_r AS MATERIALIZED (
  SELECT r."id", r."organizationId" AS o, r."surveyId" AS s, r."touchpointId" AS t, r."unitId" AS u, r."createdAt" AS c
  FROM "Response" r WHERE r."hidden" = false AND r."overLimit" = false AND NOT EXISTS (SELECT 1 FROM "RollupPending" pp WHERE pp."responseId" = r."id") AND true
), src_a AS MATERIALIZED (
  SELECT a."responseId" AS r, rs.o, rs.s, rs.t, rs.u, a."questionId" AS q, rs.c, a."numericValue" AS n, a."choiceIds" AS h, qq."type"::text AS y
  FROM "Answer" a JOIN src_r rs ON rs."id" = a."responseId" JOIN "Question" qq ON qq."id" = a."questionId"
)
, rollup_av AS (
  SELECT an.r, an.o, an.s, an.t, an.u, an.q, an.c, v.value, an.n FROM src_a an CROSS JOIN LATERAL unnest(an.h) AS v(value) WHERE cardinality(an.h) > 0
  UNION ALL SELECT an.r, an.o, an.s, an.t, an.u, an.q, an.c, trim_scale(round(an.n::numeric, 6))::text, an.n FROM src_a an WHERE cardinality(an.h) = 0 AND an.n IS NOT NULL
  UNION ALL SELECT an.r, an.o, an.s, an.t, an.u, an.q, an.c, '*', an.n FROM src_a an
)
, rollup_co AS (
  INSERT INTO "RollupCoAnswerDay" AS x ("organizationId", "restrictQuestionId", "restrictValue", "day", "questionId", "value", "touchpointId", "unitId", "count", "sum")
  SELECT ra.o, ra.q, rv.value, (ra.c AT TIME ZONE 'UTC')::date AS d, tv.q, tv.value, tv.t, tv.u, count(*)::int, coalesce(sum(tv.n), 0)::float8
  FROM src_a ra CROSS JOIN LATERAL unnest(CASE WHEN ra.y IN ('singleChoice', 'emotion') THEN ra.h WHEN ra.y IN ('smiley', 'nps', 'slider') AND ra.n IS NOT NULL THEN ARRAY[ra.n::float8::text] ELSE '{}'::text[] END) AS rv(value) JOIN rollup_av tv ON tv.r = ra.r
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) SELECT 1;
