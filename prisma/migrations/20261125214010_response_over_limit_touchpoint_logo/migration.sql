-- AlterTable
ALTER TABLE "Response" ADD COLUMN     "overLimit" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "TouchpointLogo" (
    "touchpointId" VARCHAR(24) NOT NULL,
    "organizationId" VARCHAR(24) NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TouchpointLogo_pkey" PRIMARY KEY ("touchpointId")
);

-- CreateIndex
CREATE INDEX "TouchpointLogo_organizationId_idx" ON "TouchpointLogo"("organizationId");

-- AddForeignKey
ALTER TABLE "TouchpointLogo" ADD CONSTRAINT "TouchpointLogo_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The feedback list is now gated by the feedbackInbox feature (docs/decisions.md "Feature gates"):
-- plans that existed before kept their feedback list, so they get the feature.
UPDATE "FeatureSet" SET "features" = array_append("features", 'feedbackInbox') WHERE NOT ('feedbackInbox' = ANY("features"));
