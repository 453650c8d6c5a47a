-- CreateTable
CREATE TABLE "RollupPending" (
    "responseId" VARCHAR(24) NOT NULL,

    CONSTRAINT "RollupPending_pkey" PRIMARY KEY ("responseId")
);
