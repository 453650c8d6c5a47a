-- AlterTable
ALTER TABLE "ShareToken" ADD COLUMN     "journeyId" VARCHAR(24);

-- CreateIndex
CREATE INDEX "ShareToken_journeyId_idx" ON "ShareToken"("journeyId");

-- AddForeignKey
ALTER TABLE "ShareToken" ADD CONSTRAINT "ShareToken_journeyId_fkey" FOREIGN KEY ("journeyId") REFERENCES "CustomerJourney"("id") ON DELETE CASCADE ON UPDATE CASCADE;
