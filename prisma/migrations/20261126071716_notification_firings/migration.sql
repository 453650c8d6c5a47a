-- CreateTable
CREATE TABLE "NotificationFiring" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "ruleId" VARCHAR(24) NOT NULL,
    "responseId" VARCHAR(24) NOT NULL,
    "dueAt" TIMESTAMPTZ(6) NOT NULL,
    "claimedUntil" TIMESTAMPTZ(6),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sentTo" TEXT[],
    "sentAt" TIMESTAMPTZ(6),
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationFiring_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationPending" (
    "responseId" VARCHAR(24) NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationPending_pkey" PRIMARY KEY ("responseId")
);

-- CreateIndex
CREATE INDEX "NotificationFiring_sentAt_dueAt_idx" ON "NotificationFiring"("sentAt", "dueAt");

-- CreateIndex
CREATE INDEX "NotificationFiring_organizationId_idx" ON "NotificationFiring"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "NotificationFiring_ruleId_responseId_key" ON "NotificationFiring"("ruleId", "responseId");

-- CreateIndex
CREATE INDEX "NotificationPending_createdAt_idx" ON "NotificationPending"("createdAt");

-- AddForeignKey
ALTER TABLE "NotificationFiring" ADD CONSTRAINT "NotificationFiring_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "NotificationRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
