-- AlterTable
ALTER TABLE "MessageRecord" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retryAt" TIMESTAMPTZ(6);

-- CreateIndex
CREATE INDEX "MessageRecord_deliveryStatus_channel_sentAt_idx" ON "MessageRecord"("deliveryStatus", "channel", "sentAt");
