-- A response keeps the digest of its idempotency key, not the key (docs/analytics.md "The idempotency
-- key as its digest"). The key is made by the client (the respondent page sends 32 hex characters;
-- the API takes 8 to 100 printable characters) and serves only to recognise a retry: the unique index
-- on (touchpoint, key) took 86.5 B per response at 1 M with 32-character keys and the key 34 B of
-- the row. Its MD5 as a uuid is 16 bytes in the row and in the index, whatever the key's length.
-- Two different keys of one touchpoint with the same digest would make the second response look like
-- a retry of the first: about n² / 2^129 for n responses of the touchpoint, 10^-21 at a billion.
--
-- Existing rows get the digest of their key (an UPDATE of every row that has one: on a large table,
-- run it in a quiet hour; the old row versions are reclaimed by VACUUM, the dropped column's bytes
-- only by a rewrite of the table, which is left to the operator).
ALTER TABLE "Response" ADD COLUMN "idempotencyDigest" UUID;
UPDATE "Response" SET "idempotencyDigest" = md5("idempotencyKey")::uuid WHERE "idempotencyKey" IS NOT NULL;
CREATE UNIQUE INDEX "Response_touchpointId_idempotencyDigest_key" ON "Response"("touchpointId", "idempotencyDigest");
DROP INDEX "Response_touchpointId_idempotencyKey_key";
ALTER TABLE "Response" DROP COLUMN "idempotencyKey";
