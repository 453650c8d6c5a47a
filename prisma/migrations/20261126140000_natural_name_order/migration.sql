-- Names sort as a person expects: "alpha", "Beta", "Émile", "gamma", "Survey 2", "Survey 10".
-- The database's default collation here is C (byte order: every capital before every small letter,
-- accented letters after "z", "10" before "2"). The name columns that lists sort by get an ICU
-- collation on the Unicode root order (CLDR), with digits compared as numbers: case and accents
-- only break ties. It is deterministic (equal only when the bytes are equal), so equality, unique
-- keys, LIKE/ILIKE searches and the indexes behave as before; ORDER BY name and the indexes on these
-- columns use the collation of the column. PostgreSQL and the embedded PGlite both have ICU.
-- The same order as the web client's own sorts (Intl.Collator, sensitivity "base", numeric).
CREATE COLLATION IF NOT EXISTS "natural_name" (provider = icu, locale = 'und@colNumeric=yes');

-- The touchpoint trigger's WHEN clause reads "name": PostgreSQL refuses to change the type of a
-- column a trigger definition uses, so it is made again, unchanged (20261126110000_access_changed_notify).
DROP TRIGGER access_changed_upd ON "Touchpoint";

ALTER TABLE "Organization" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "FeatureSet" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "User" ALTER COLUMN "displayName" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "Unit" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "Survey" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "Touchpoint" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "ContactList" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";
ALTER TABLE "MessageTemplate" ALTER COLUMN "name" TYPE TEXT COLLATE "natural_name";

CREATE TRIGGER access_changed_upd AFTER UPDATE ON "Touchpoint" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.type IS DISTINCT FROM NEW.type OR OLD.deleted IS DISTINCT FROM NEW.deleted
        OR OLD."unitId" IS DISTINCT FROM NEW."unitId" OR OLD."organizationId" IS DISTINCT FROM NEW."organizationId")
  EXECUTE FUNCTION access_changed_notify_row('o', 'organizationId');
