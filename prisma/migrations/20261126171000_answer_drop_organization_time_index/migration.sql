-- Answer(organizationId, createdAt): no read uses it (every read of answers by time names the
-- question, through Answer(questionId, createdAt), or the response, through Answer(responseId));
-- 87 bytes per stored response at 1 M responses (bench storage, docs/analytics.md).
DROP INDEX IF EXISTS "Answer_organizationId_createdAt_idx";
