-- The index by campaign message: only the responses that came through a campaign's message have one
-- (docs/analytics.md "The ordinal in the response", its last part). Its one reader is the foreign key's action
-- when a message record is deleted (`messageRecordId` = $1, which implies NOT NULL, so the partial
-- index serves it). Every other response held a NULL entry in it: 7 B per response at 1 M, and one
-- more index entry written for every response stored.
DROP INDEX "Response_messageRecordId_idx";
CREATE INDEX "Response_messageRecordId_idx" ON "Response" ("messageRecordId") WHERE "messageRecordId" IS NOT NULL;
