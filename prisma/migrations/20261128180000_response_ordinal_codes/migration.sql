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

-- The organisation's clean-up (20261127051000) by its code.
CREATE OR REPLACE FUNCTION "response_bits_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ResponseBits" WHERE "organizationId" = OLD."id";
  DELETE FROM "ResponseOrdinal" WHERE "organizationCode" = OLD."code";
  DELETE FROM "ResponseBitsState" WHERE "organizationId" = OLD."id";
  RETURN OLD;
END $$;
