-- The response bit strings gain the metadata keys ("k" strings, response-bits.ts): the feedback list's
-- meta_ columns are the keys of every matching response in the window, counted from them
-- (docs/analytics.md "The feedback list's meta_ columns from the bit strings"). The strings written
-- so far have none: the organisations that have strings are marked keysBuilt = false. Their other
-- strings keep serving; the list's meta_ columns sample the raw rows until the roll-up applier has
-- added their "k" strings in the background, a few blocks at a time from keysBlock
-- (response-bits.ts buildBitsStep). Processes of the version before must be stopped before this one
-- starts: they would go on writing blocks without "k" strings.
-- AlterTable
ALTER TABLE "ResponseBitsState" ADD COLUMN     "keysBlock" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "keysBuilt" BOOLEAN NOT NULL DEFAULT true;

UPDATE "ResponseBitsState" SET "keysBuilt" = false, "keysBlock" = 0;
