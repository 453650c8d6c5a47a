-- AlterTable
ALTER TABLE "User" ADD COLUMN     "tokensValidAfter" TIMESTAMPTZ(6);
