-- The responses stored over the organisation's response limit, by time. Every summary, results and
-- feedback-list request asks whether its window holds any (the notice "Response limit exceeded",
-- respondent/response-limit.ts overLimitNotice). Without this index that EXISTS read every response
-- of the window when there was none, which is the usual case: 105-120 ms of a 7-day summary and
-- ~200 ms of a 30-day one at 10 M responses (docs/analytics.md "Measured at 10 M"). Over-limit
-- responses are few, so the index is small; storing a response within the limit does not touch it.
CREATE INDEX "Response_overLimit_organizationId_createdAt_idx" ON "Response" ("organizationId", "createdAt") WHERE "overLimit";
