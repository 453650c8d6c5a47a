-- The hidden responses of an organisation by time. A member who manages responses sees the hidden
-- ones of those units in the feedback list; under a restriction served by the co-occurrence
-- roll-up (which holds no hidden response) they are counted from the raw rows. Without this index
-- that count probed every response of the window: 86-156 ms at 1 M responses over 30 days, about a
-- third of the list's first page (docs/analytics.md "Filters at speed"). Hidden responses are few,
-- so the index is small; an insert of a response that is not hidden does not touch it.
CREATE INDEX "Response_hidden_organizationId_createdAt_idx" ON "Response" ("organizationId", "createdAt") WHERE "hidden";
