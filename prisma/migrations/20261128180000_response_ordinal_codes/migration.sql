-- The response ordinals keyed by the organisation's integer code instead of its 24-character id
-- (docs/analytics.md "Response ordinals by code"). At 1 M responses "ResponseOrdinal" took 208 B per
-- response: a row of 93 B and a primary key of 50 B (organisation id and ordinal), with the index
-- by response (65 B). The table is rebuilt with the code; the index by response stays as it was.
CREATE TABLE "ResponseOrdinal_coded" (
    "organizationCode" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "responseId" VARCHAR(24) NOT NULL
);
INSERT INTO "ResponseOrdinal_coded" ("organizationCode", "ordinal", "responseId")
SELECT o."code", x."ordinal", x."responseId" FROM "ResponseOrdinal" x JOIN "Organization" o ON o."id" = x."organizationId"
ORDER BY 1, 2;
DROP TABLE "ResponseOrdinal";
ALTER TABLE "ResponseOrdinal_coded" RENAME TO "ResponseOrdinal";
ALTER TABLE "ResponseOrdinal" ADD CONSTRAINT "ResponseOrdinal_pkey" PRIMARY KEY ("organizationCode", "ordinal");
CREATE INDEX "ResponseOrdinal_responseId_idx" ON "ResponseOrdinal"("responseId");
ANALYZE "ResponseOrdinal";

-- The response bit strings' clean-up triggers (20261127051000) first take the roll-up and bit-string
-- tables in the order every recompute takes them (rollups.ts lockRollups; ROW EXCLUSIVE, which the
-- applier shares). They wrote "ResponseBits" before the roll-up triggers (which fire after them: by
-- name) locked the roll-up tables, and deleted from the bit-string tables in the reverse order: an
-- organisation's delete deadlocked with a recompute (found by a review, reproduced by hand).
CREATE OR REPLACE FUNCTION "response_bits_forget_survey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseOrdinal", "ResponseBits" IN ROW EXCLUSIVE MODE;
  UPDATE "ResponseBits" x SET "bits" = x."bits" & ~s."bits"
  FROM "ResponseBits" s
  WHERE s."organizationId" = OLD."organizationId" AND s."field" = 's' AND s."value" = OLD."id"
    AND x."organizationId" = s."organizationId" AND x."block" = s."block";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 's' AND "value" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "response_bits_forget_touchpoint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseOrdinal", "ResponseBits" IN ROW EXCLUSIVE MODE;
  UPDATE "ResponseBits" x SET "bits" = x."bits" & ~s."bits"
  FROM "ResponseBits" s
  WHERE s."organizationId" = OLD."organizationId" AND s."field" = 't' AND s."value" = OLD."id"
    AND x."organizationId" = s."organizationId" AND x."block" = s."block";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 't' AND "value" = OLD."id";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION "response_bits_forget_question"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseOrdinal", "ResponseBits" IN ROW EXCLUSIVE MODE;
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."organizationId" AND "field" = 'a:' || OLD."id";
  RETURN OLD;
END $$;

-- The organisation's clean-up, by its code for the ordinals.
CREATE OR REPLACE FUNCTION "response_bits_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "RollupResponseHour", "RollupResponseDay", "RollupAnswerDay", "ResponseBitsState", "ResponseOrdinal", "ResponseBits" IN ROW EXCLUSIVE MODE;
  DELETE FROM "ResponseBitsState" WHERE "organizationId" = OLD."id";
  DELETE FROM "ResponseOrdinal" WHERE "organizationCode" = OLD."code";
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;
