-- The answers lose the copies of their response's organisation, survey and touchpoint (read from
-- "Response" through responseId; docs/analytics.md "Answers without the response's ids"). DROP COLUMN
-- only marks them dropped: new rows store no values for them (only NULL bits), existing rows keep
-- theirs until the table is rewritten (VACUUM FULL "Answer", or pg_repack), an operator's choice.

-- DropForeignKey
ALTER TABLE "Answer" DROP CONSTRAINT "Answer_organizationId_fkey";

-- AlterTable
ALTER TABLE "Answer" DROP COLUMN "organizationId",
DROP COLUMN "surveyId",
DROP COLUMN "touchpointId";
