-- CreateEnum
CREATE TYPE "MessageSendState" AS ENUM ('pending', 'sending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "MessageRecord" ADD COLUMN     "cost" DECIMAL(12,4),
ADD COLUMN     "runKey" TEXT,
ADD COLUMN     "segments" INTEGER,
ADD COLUMN     "sendState" "MessageSendState" NOT NULL DEFAULT 'pending',
ADD COLUMN     "sendingAt" TIMESTAMPTZ(6),
ADD COLUMN     "token" TEXT;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "campaignEmailLimit" INTEGER,
ADD COLUMN     "smsSegmentPrice" DECIMAL(12,4) NOT NULL DEFAULT 0.08;

-- CreateTable
CREATE TABLE "LaunchRun" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "launchId" VARCHAR(24) NOT NULL,
    "runKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'expanding',
    "expandedAt" TIMESTAMPTZ(6),
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMPTZ(6),
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(6),

    CONSTRAINT "LaunchRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LaunchRun_status_idx" ON "LaunchRun"("status");

-- CreateIndex
CREATE UNIQUE INDEX "LaunchRun_launchId_runKey_key" ON "LaunchRun"("launchId", "runKey");

-- CreateIndex
CREATE UNIQUE INDEX "MessageRecord_token_key" ON "MessageRecord"("token");

-- CreateIndex
CREATE INDEX "MessageRecord_launchId_runKey_sendState_id_idx" ON "MessageRecord"("launchId", "runKey", "sendState", "id");

-- CreateIndex
CREATE UNIQUE INDEX "MessageRecord_launchId_runKey_touchpointId_contactId_key" ON "MessageRecord"("launchId", "runKey", "touchpointId", "contactId");

-- AddForeignKey
ALTER TABLE "LaunchRun" ADD CONSTRAINT "LaunchRun_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LaunchRun" ADD CONSTRAINT "LaunchRun_launchId_fkey" FOREIGN KEY ("launchId") REFERENCES "Launch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
