// The organisation's SMS balance: Organization.smsBalance is the running total and every change is a
// SmsLedgerEntry (topup +, send −, refund +) written in the same transaction. A debit is one
// conditional UPDATE (… WHERE "smsBalance" >= amount), so concurrent debits serialise on the
// organisation's row and the balance never goes below zero.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { badInput, DomainError, notFound } from "../errors.js";

export const notEnoughBalanceMessage = "Not enough balance to send SMS";

/** One change, and the balance, stay well inside the column (Decimal(12, 4): below 100,000,000). */
export const maxLedgerAmount = 1_000_000;
export const maxSmsBalance = 10_000_000;

const checkAmount = (amount: number) => {
  if (!Number.isFinite(amount) || amount < 0) throw badInput("The amount is a number of at least 0", "amount");
  if (amount > maxLedgerAmount) throw badInput(`The amount is at most ${maxLedgerAmount}`, "amount");
  // Decimal(12, 4): four decimals.
  return Math.round(amount * 10_000) / 10_000;
};

export async function smsBalance(db: PrismaClient, organizationId: string): Promise<number> {
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { smsBalance: true } });
  if (!org) throw notFound("No organization found");
  return org.smsBalance.toNumber();
}

/**
 * Atomic; never lets the balance go below zero, also under concurrent debits (throws "Not enough
 * balance to send SMS"). Given a transaction client it writes inside that transaction, so the caller
 * can make the debit one with its own change (the sender claims the message record in it).
 */
export async function debitSms(db: PrismaClient | Prisma.TransactionClient, organizationId: string, amount: number, reference: string): Promise<void> {
  const value = checkAmount(amount);
  const debit = async (tx: Prisma.TransactionClient) => {
    const changed = await tx.$executeRawUnsafe(
      `UPDATE "Organization" SET "smsBalance" = "smsBalance" - $2::numeric WHERE "id" = $1 AND "smsBalance" >= $2::numeric`,
      organizationId,
      value,
    );
    if (changed === 0) {
      const exists = await tx.organization.count({ where: { id: organizationId } });
      if (!exists) throw notFound("No organization found");
      throw new DomainError("INSUFFICIENT_FUNDS", notEnoughBalanceMessage);
    }
    await tx.smsLedgerEntry.create({ data: { organizationId, amount: -value, kind: "send", reference } });
  };
  if ("$transaction" in db) await db.$transaction(debit);
  else await debit(db);
}

async function credit(db: PrismaClient, organizationId: string, amount: number, kind: "topup" | "refund", reference: string | null, userId: string | null) {
  const value = checkAmount(amount);
  await db.$transaction(async (tx) => {
    const changed = await tx.$executeRawUnsafe(
      `UPDATE "Organization" SET "smsBalance" = "smsBalance" + $2::numeric WHERE "id" = $1 AND "smsBalance" + $2::numeric <= $3`,
      organizationId,
      value,
      maxSmsBalance,
    );
    if (changed === 0) {
      if (!(await tx.organization.count({ where: { id: organizationId } }))) throw notFound("No organization found");
      throw badInput(`The SMS balance is at most ${maxSmsBalance}`, "amount");
    }
    await tx.smsLedgerEntry.create({ data: { organizationId, amount: value, kind, reference, createdByUserId: userId } });
  });
}

export async function refundSms(db: PrismaClient, organizationId: string, amount: number, reference: string): Promise<void> {
  await credit(db, organizationId, amount, "refund", reference, null);
}

export async function topUpSms(db: PrismaClient, organizationId: string, amount: number, by: { userId?: string; reference?: string }): Promise<void> {
  await credit(db, organizationId, amount, "topup", by.reference ?? null, by.userId ?? null);
}
