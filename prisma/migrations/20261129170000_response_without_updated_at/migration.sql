-- A response has no updatedAt any more (docs/analytics.md "A response without updatedAt"). Nothing
-- read it: the results, exports, the REST API and GraphQL show createdAt and submittedAt; it only
-- told when ingestion stored a row (now()), or when a hide last changed it through Prisma. It took
-- 8 B of every response's row.
--
-- DROP COLUMN changes only the catalog: rows stored before keep their 8 bytes until the table is
-- rewritten (VACUUM FULL, or pg_repack without the long lock); rows stored after it do not have them.
ALTER TABLE "Response" DROP COLUMN "updatedAt";
