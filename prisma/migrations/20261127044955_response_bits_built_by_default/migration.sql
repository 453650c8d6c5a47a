-- Response bit strings for every organisation from its first response: an organisation without a
-- ResponseBitsState row (none of its responses numbered yet) has all its bits, so new organisations
-- (signup, the super-admin area) read them at once, and the applier's first row for them says built.
-- Those that already had responses when the bit strings came, and no row yet, are marked not built:
-- they read the raw rows until rebuildRollups builds them (docs/analytics.md "Response bit strings").
ALTER TABLE "ResponseBitsState" ALTER COLUMN "built" SET DEFAULT true;

INSERT INTO "ResponseBitsState" ("organizationId", "nextOrdinal", "built")
SELECT o."id", 0, false FROM "Organization" o
WHERE EXISTS (SELECT 1 FROM "Response" r WHERE r."organizationId" = o."id")
ON CONFLICT ("organizationId") DO NOTHING;
