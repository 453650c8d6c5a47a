-- CreateTable
CREATE TABLE "DigestDelivery" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "userId" VARCHAR(24) NOT NULL,
    "organizationId" VARCHAR(24) NOT NULL,
    "week" VARCHAR(10) NOT NULL,
    "claimedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DigestDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DigestDelivery_organizationId_idx" ON "DigestDelivery"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "DigestDelivery_userId_week_key" ON "DigestDelivery"("userId", "week");

-- AddForeignKey
ALTER TABLE "DigestDelivery" ADD CONSTRAINT "DigestDelivery_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigestDelivery" ADD CONSTRAINT "DigestDelivery_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
