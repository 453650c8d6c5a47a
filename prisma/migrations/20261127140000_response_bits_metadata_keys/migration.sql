-- The response bit strings gain the metadata keys ("k" strings, response-bits.ts): the feedback list's
-- meta_ columns are the keys of every matching response in the window, counted from them instead of
-- from a sample of the newest 20,000 matching rows (docs/analytics.md "The feedback list's meta_
-- columns from the bit strings"). The strings written so far have no "k" strings, so every
-- organisation's are built again: its ordinals and strings go, and it is marked not built. Reads use
-- the raw rows until the roll-up applier has built it again in the background, a step at a time
-- (buildBitsStep), as when the bit strings came (20261127044955).
DELETE FROM "ResponseBits";
DELETE FROM "ResponseOrdinal";
UPDATE "ResponseBitsState" SET "nextOrdinal" = 0, "built" = false, "buildAfter" = NULL, "buildAfterId" = NULL;
