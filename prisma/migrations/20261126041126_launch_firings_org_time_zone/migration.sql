-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'Europe/Helsinki';

-- CreateTable
CREATE TABLE "LaunchFiring" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "launchId" VARCHAR(24) NOT NULL,
    "runKey" TEXT NOT NULL,
    "plannedAt" TIMESTAMPTZ(6) NOT NULL,
    "claimedUntil" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "dispatchedAt" TIMESTAMPTZ(6),
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LaunchFiring_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LaunchFiring_dispatchedAt_claimedUntil_idx" ON "LaunchFiring"("dispatchedAt", "claimedUntil");

-- CreateIndex
CREATE UNIQUE INDEX "LaunchFiring_launchId_runKey_key" ON "LaunchFiring"("launchId", "runKey");

-- AddForeignKey
ALTER TABLE "LaunchFiring" ADD CONSTRAINT "LaunchFiring_launchId_fkey" FOREIGN KEY ("launchId") REFERENCES "Launch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
