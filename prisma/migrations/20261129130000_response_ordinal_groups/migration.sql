-- The responses' ordinals found by group of 16 (docs/analytics.md "Ordinals by group of 16").
-- "Response_organizationId_ordinal_key", unique on (organizationId, ordinal), took 49.8 B a response at
-- 1 M: a 24-character id and an ordinal, a key that never repeats. The ordinals come from each
-- organisation's own sequence (migration 20261128200000), which gives a number once, so the index
-- only checked what the sequence already ensures (a writer that sets ordinals itself, as the 1 M
-- benchmark generator does, must give distinct ones). Keyed by (organizationId, ordinal / 16), sixteen
-- responses share a key and b-tree deduplication stores it once with their row pointers: 9.8 B a
-- response. Every read by ordinal names the group as the index does (analytics/response-ordinals.ts)
-- and tests the ordinal itself among the group's rows (which sit side by side in the heap: they are
-- numbered as they are stored).
DROP INDEX "Response_organizationId_ordinal_key";
CREATE INDEX "Response_organizationId_ordinalGroup_idx" ON "Response" ("organizationId", (("ordinal" / 16)));
-- Statistics of the new expression now, not when autovacuum comes: the planner estimates the groups'
-- ranges from them.
ANALYZE "Response";
