-- Response bit strings (docs/analytics.md "Response bit strings", prisma/schema.prisma): the
-- filters the roll-ups cannot serve as bit arithmetic over blocks of 8,192 responses. Created empty:
-- an organisation's reads use them once it is built (ResponseBitsState.built: rebuildRollups, the
-- demo seed, the benchmark generator); until then they read the raw rows as before. The applier
-- numbers and adds every response it applies from now on.
-- CreateTable
CREATE TABLE "ResponseBits" (
    "organizationId" VARCHAR(24) NOT NULL,
    "field" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "block" INTEGER NOT NULL,
    "bits" BIT(8192) NOT NULL,

    CONSTRAINT "ResponseBits_pkey" PRIMARY KEY ("organizationId","field","value","block")
);

-- CreateTable
CREATE TABLE "ResponseOrdinal" (
    "organizationId" VARCHAR(24) NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "responseId" VARCHAR(24) NOT NULL,

    CONSTRAINT "ResponseOrdinal_pkey" PRIMARY KEY ("organizationId","ordinal")
);

-- CreateTable
CREATE TABLE "ResponseBitsState" (
    "organizationId" VARCHAR(24) NOT NULL,
    "nextOrdinal" INTEGER NOT NULL DEFAULT 0,
    "built" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ResponseBitsState_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE INDEX "ResponseBits_organizationId_block_idx" ON "ResponseBits"("organizationId", "block");

-- CreateIndex
CREATE INDEX "ResponseOrdinal_responseId_idx" ON "ResponseOrdinal"("responseId");
