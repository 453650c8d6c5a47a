-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "pdfToken" TEXT,
ADD COLUMN     "stripeEventAt" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "collectingStopsAt" TIMESTAMPTZ(6),
ADD COLUMN     "firstSubscribedAt" TIMESTAMPTZ(6),
ADD COLUMN     "paymentFailedAt" TIMESTAMPTZ(6),
ADD COLUMN     "stripeEventAt" TIMESTAMPTZ(6),
ADD COLUMN     "stripeItemId" TEXT,
ADD COLUMN     "stripePriceId" TEXT;

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL,
    "processedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);
