-- CreateTable
CREATE TABLE "RollupResponseHour" (
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "responses" INTEGER NOT NULL DEFAULT 0,
    "satSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "satCount" INTEGER NOT NULL DEFAULT 0,
    "promoters" INTEGER NOT NULL DEFAULT 0,
    "passives" INTEGER NOT NULL DEFAULT 0,
    "detractors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RollupResponseHour_pkey" PRIMARY KEY ("organizationId","bucket","surveyId","touchpointId","unitId")
);

-- CreateTable
CREATE TABLE "RollupResponseDay" (
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "responses" INTEGER NOT NULL DEFAULT 0,
    "satSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "satCount" INTEGER NOT NULL DEFAULT 0,
    "promoters" INTEGER NOT NULL DEFAULT 0,
    "passives" INTEGER NOT NULL DEFAULT 0,
    "detractors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RollupResponseDay_pkey" PRIMARY KEY ("organizationId","bucket","surveyId","touchpointId","unitId")
);

-- CreateTable
CREATE TABLE "RollupAnswerHour" (
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "questionId" VARCHAR(24) NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "RollupAnswerHour_pkey" PRIMARY KEY ("questionId","bucket","touchpointId","unitId","value","surveyId")
);

-- CreateTable
CREATE TABLE "RollupAnswerDay" (
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "questionId" VARCHAR(24) NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "RollupAnswerDay_pkey" PRIMARY KEY ("questionId","bucket","touchpointId","unitId","value","surveyId")
);

-- CreateIndex
CREATE INDEX "RollupAnswerHour_organizationId_bucket_idx" ON "RollupAnswerHour"("organizationId", "bucket");

-- CreateIndex
CREATE INDEX "RollupAnswerDay_organizationId_bucket_idx" ON "RollupAnswerDay"("organizationId", "bucket");

-- AddForeignKey
ALTER TABLE "RollupResponseHour" ADD CONSTRAINT "RollupResponseHour_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupResponseHour" ADD CONSTRAINT "RollupResponseHour_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupResponseHour" ADD CONSTRAINT "RollupResponseHour_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupResponseDay" ADD CONSTRAINT "RollupResponseDay_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupResponseDay" ADD CONSTRAINT "RollupResponseDay_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupResponseDay" ADD CONSTRAINT "RollupResponseDay_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupAnswerHour" ADD CONSTRAINT "RollupAnswerHour_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupAnswerHour" ADD CONSTRAINT "RollupAnswerHour_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupAnswerHour" ADD CONSTRAINT "RollupAnswerHour_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupAnswerDay" ADD CONSTRAINT "RollupAnswerDay_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupAnswerDay" ADD CONSTRAINT "RollupAnswerDay_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RollupAnswerDay" ADD CONSTRAINT "RollupAnswerDay_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the roll-ups of the responses stored before this migration (api/src/domain/analytics/rollups.ts backfillSql).
WITH src_r AS MATERIALIZED (
  SELECT r."id", r."organizationId" AS o, r."surveyId" AS s, r."touchpointId" AS t, r."unitId" AS u, r."createdAt" AS c
  FROM "Response" r WHERE r."hidden" = false AND true
), src_a AS MATERIALIZED (
  SELECT a."responseId" AS r, rs.o, rs.s, rs.t, rs.u, a."questionId" AS q, rs.c, a."numericValue" AS n, a."choiceIds" AS h, qq."type"::text AS y
  FROM "Answer" a JOIN src_r rs ON rs."id" = a."responseId" JOIN "Question" qq ON qq."id" = a."questionId"
)
, rollup_rs AS (
  SELECT rs.o, rs.s, rs.t, rs.u, rs.c,
    coalesce(sum(CASE WHEN an.y = 'smiley' THEN an.n WHEN an.y = 'nps' THEN an.n / 10.0 END), 0)::float8 AS sat_sum,
    count(CASE WHEN an.y = 'smiley' THEN an.n WHEN an.y = 'nps' THEN an.n / 10.0 END)::int AS sat_count,
    count(*) FILTER (WHERE an.y = 'nps' AND an.n >= 9)::int AS p,
    count(*) FILTER (WHERE an.y = 'nps' AND an.n >= 7 AND an.n < 9)::int AS pa,
    count(*) FILTER (WHERE an.y = 'nps' AND an.n < 7)::int AS d
  FROM src_r rs LEFT JOIN src_a an ON an.r = rs.id
  GROUP BY rs.id, rs.o, rs.s, rs.t, rs.u, rs.c
), rollup_av AS (
  SELECT an.o, an.s, an.t, an.u, an.q, an.c, v.value, an.n FROM src_a an CROSS JOIN LATERAL unnest(an.h) AS v(value) WHERE cardinality(an.h) > 0
  UNION ALL SELECT an.o, an.s, an.t, an.u, an.q, an.c, trim_scale(round(an.n::numeric, 6))::text, an.n FROM src_a an WHERE cardinality(an.h) = 0 AND an.n IS NOT NULL
  UNION ALL SELECT an.o, an.s, an.t, an.u, an.q, an.c, '*', an.n FROM src_a an
)
, rollup_rh AS (
  INSERT INTO "RollupResponseHour" AS x ("organizationId", "bucket", "surveyId", "touchpointId", "unitId", "responses", "satSum", "satCount", "promoters", "passives", "detractors")
  SELECT o, date_bin('1 hour', c, timestamptz '2000-01-01 00:00:00+00') AS b, s, t, u, count(*)::int, sum(sat_sum), sum(sat_count)::int, sum(p)::int, sum(pa)::int, sum(d)::int
  FROM rollup_rs GROUP BY o, b, s, t, u ORDER BY o, b, s, t, u
  ON CONFLICT ("organizationId", "bucket", "surveyId", "touchpointId", "unitId") DO UPDATE SET
    "responses" = x."responses" + EXCLUDED."responses", "satSum" = x."satSum" + EXCLUDED."satSum", "satCount" = x."satCount" + EXCLUDED."satCount",
    "promoters" = x."promoters" + EXCLUDED."promoters", "passives" = x."passives" + EXCLUDED."passives", "detractors" = x."detractors" + EXCLUDED."detractors"
)
, rollup_rd AS (
  INSERT INTO "RollupResponseDay" AS x ("organizationId", "bucket", "surveyId", "touchpointId", "unitId", "responses", "satSum", "satCount", "promoters", "passives", "detractors")
  SELECT o, date_bin('1 day', c, timestamptz '2000-01-01 00:00:00+00') AS b, s, t, u, count(*)::int, sum(sat_sum), sum(sat_count)::int, sum(p)::int, sum(pa)::int, sum(d)::int
  FROM rollup_rs GROUP BY o, b, s, t, u ORDER BY o, b, s, t, u
  ON CONFLICT ("organizationId", "bucket", "surveyId", "touchpointId", "unitId") DO UPDATE SET
    "responses" = x."responses" + EXCLUDED."responses", "satSum" = x."satSum" + EXCLUDED."satSum", "satCount" = x."satCount" + EXCLUDED."satCount",
    "promoters" = x."promoters" + EXCLUDED."promoters", "passives" = x."passives" + EXCLUDED."passives", "detractors" = x."detractors" + EXCLUDED."detractors"
)
, rollup_ah AS (
  INSERT INTO "RollupAnswerHour" AS x ("questionId", "bucket", "touchpointId", "unitId", "value", "surveyId", "organizationId", "count", "sum")
  SELECT q, date_bin('1 hour', c, timestamptz '2000-01-01 00:00:00+00') AS b, t, u, value, s, o, count(*)::int, coalesce(sum(n), 0)::float8
  FROM rollup_av GROUP BY q, b, t, u, value, s, o ORDER BY q, b, t, u, value, s
  ON CONFLICT ("questionId", "bucket", "touchpointId", "unitId", "value", "surveyId") DO UPDATE SET
    "count" = x."count" + EXCLUDED."count", "sum" = x."sum" + EXCLUDED."sum"
)
, rollup_ad AS (
  INSERT INTO "RollupAnswerDay" AS x ("questionId", "bucket", "touchpointId", "unitId", "value", "surveyId", "organizationId", "count", "sum")
  SELECT q, date_bin('1 day', c, timestamptz '2000-01-01 00:00:00+00') AS b, t, u, value, s, o, count(*)::int, coalesce(sum(n), 0)::float8
  FROM rollup_av GROUP BY q, b, t, u, value, s, o ORDER BY q, b, t, u, value, s
  ON CONFLICT ("questionId", "bucket", "touchpointId", "unitId", "value", "surveyId") DO UPDATE SET
    "count" = x."count" + EXCLUDED."count", "sum" = x."sum" + EXCLUDED."sum"
) SELECT 1;
