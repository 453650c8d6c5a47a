-- AlterTable
ALTER TABLE "MessageRecord" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retryAt" TIMESTAMPTZ(6);
