-- AlterTable
ALTER TABLE "ExportJob" ADD COLUMN     "shareTokenId" VARCHAR(24);

-- CreateIndex
CREATE INDEX "ExportJob_shareTokenId_idx" ON "ExportJob"("shareTokenId");

-- AddForeignKey
ALTER TABLE "ExportJob" ADD CONSTRAINT "ExportJob_shareTokenId_fkey" FOREIGN KEY ("shareTokenId") REFERENCES "ShareToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;
