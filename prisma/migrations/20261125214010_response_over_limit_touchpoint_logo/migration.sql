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
