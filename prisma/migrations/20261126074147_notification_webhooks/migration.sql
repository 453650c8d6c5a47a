-- AlterTable
ALTER TABLE "NotificationRule" ADD COLUMN     "webhookSecret" TEXT,
ADD COLUMN     "webhookUrls" TEXT[];

-- CreateTable
CREATE TABLE "NotificationWebhookDelivery" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "ruleId" VARCHAR(24) NOT NULL,
    "responseId" VARCHAR(24) NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMPTZ(6),

    CONSTRAINT "NotificationWebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NotificationWebhookDelivery_ruleId_createdAt_idx" ON "NotificationWebhookDelivery"("ruleId", "createdAt");

-- CreateIndex
CREATE INDEX "NotificationWebhookDelivery_organizationId_idx" ON "NotificationWebhookDelivery"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "NotificationWebhookDelivery_ruleId_responseId_url_key" ON "NotificationWebhookDelivery"("ruleId", "responseId", "url");

-- AddForeignKey
ALTER TABLE "NotificationWebhookDelivery" ADD CONSTRAINT "NotificationWebhookDelivery_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "NotificationRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
