-- The response bit strings read by block: a field's strings in the window's blocks (the metadata-key
-- "k" strings of the feedback list, a numeric restriction's values), or in one block of a join (the
-- survey "s" strings of the list, the groups by touchpoint and by metadata value). The primary key
-- (organizationId, field, value, block) seeks such a read only by the field, then walks every value's
-- entries in every block of the organisation (8,343 buffers and 47 ms for the window's survey strings
-- at 10 M), and the index (organizationId, block) leaves the field to the heap. This index seeks the
-- block and the field: the feedback list's one statement under a restriction went from 93 ms to 7.5 ms
-- (docs/analytics.md "The feedback list in one match of the filters"). It replaces the index
-- (organizationId, block), whose reads it serves as well.
CREATE INDEX "ResponseBits_organizationId_block_field_idx" ON "ResponseBits"("organizationId", "block", "field");
DROP INDEX "ResponseBits_organizationId_block_idx";
