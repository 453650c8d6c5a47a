-- The daily answer roll-ups: one row per question, UTC day, touchpoint and unit (and its survey)
-- instead of one per stored value (docs/analytics.md "Answer roll-ups with their values in arrays").
-- At 1 M responses "RollupAnswerDay" held 499,311 rows, about 6 values for each such key, each row
-- repeating the key's five codes and its day, and each with its own primary-key entry: 81.2 B a
-- response. Now "count" and "sum" are the question's totals (what the value "*" was: every answer,
-- the sum of their numbers), and the other values' counts and sums are three arrays side by side,
-- sorted by value: "values" (a choice id or a stored number as text, as "value" was), "counts",
-- "sums". Readers unnest them (analytics/rollups.ts answerRollupValues).
-- First the recomputes' own lock, in their order (rollups.ts lockRollups): the applier and the
-- recomputes of processes still running the previous code wait, and then fail on the missing "value"
-- column (their transaction rolls back: nothing pending is lost; their readers of the answer roll-ups
-- fail likewise until they are replaced, as for the earlier steps: a maintenance window). Without it
-- an apply committed between the copy and the DROP below would be dropped with the old table.
LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseBits" IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE "RollupAnswerDay_values" (
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "questionCode" INTEGER NOT NULL,
    "touchpointCode" INTEGER NOT NULL,
    "unitCode" INTEGER NOT NULL,
    "surveyCode" INTEGER NOT NULL,
    "organizationCode" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "values" TEXT[],
    "counts" INTEGER[],
    "sums" DOUBLE PRECISION[]
) WITH (fillfactor = 85);

INSERT INTO "RollupAnswerDay_values" ("bucket", "sum", "questionCode", "touchpointCode", "unitCode", "surveyCode", "organizationCode", "count", "values", "counts", "sums")
SELECT x."bucket",
  coalesce(sum(x."sum") FILTER (WHERE x."value" = '*'), 0), x."questionCode", x."touchpointCode", x."unitCode", x."surveyCode", min(x."organizationCode"),
  coalesce(sum(x."count") FILTER (WHERE x."value" = '*'), 0)::int,
  coalesce(array_agg(x."value" ORDER BY x."value") FILTER (WHERE x."value" <> '*'), '{}'),
  coalesce(array_agg(x."count" ORDER BY x."value") FILTER (WHERE x."value" <> '*'), '{}'),
  coalesce(array_agg(x."sum" ORDER BY x."value") FILTER (WHERE x."value" <> '*'), '{}')
FROM "RollupAnswerDay" x
GROUP BY x."bucket", x."questionCode", x."touchpointCode", x."unitCode", x."surveyCode";

DROP TABLE "RollupAnswerDay";
ALTER TABLE "RollupAnswerDay_values" RENAME TO "RollupAnswerDay";
ALTER TABLE "RollupAnswerDay" ADD CONSTRAINT "RollupAnswerDay_pkey" PRIMARY KEY ("questionCode", "bucket", "touchpointCode", "unitCode", "surveyCode");
CREATE INDEX "RollupAnswerDay_organizationCode_bucket_idx" ON "RollupAnswerDay"("organizationCode", "bucket");
ANALYZE "RollupAnswerDay";
