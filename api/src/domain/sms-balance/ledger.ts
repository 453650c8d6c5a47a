// The organisation's SMS balance: Organization.smsBalance is the running total and every change is a
// SmsLedgerEntry (topup +, send −, refund +) written in the same transaction. A debit is one
// conditional UPDATE (… WHERE "smsBalance" >= amount), so concurrent debits serialise on the
// organisation's row and the balance never goes below zero.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { badInput, DomainError, notFound } from "../errors.js";

/**
 * Ledger writes of one organisation queue on its row: under many sends at once a transaction may wait
 * for a pooled connection and the row lock longer than Prisma's defaults (2 s, 5 s) allow.
 */
const ledgerTransaction = { maxWait: 15_000, timeout: 20_000 } as const;

const isWholeClient = (db: PrismaClient | Prisma.TransactionClient): db is PrismaClient => typeof (db as { $disconnect?: unknown }).$disconnect === "function";

export const notEnoughBalanceMessage = "Not enough balance to send SMS";

/** One debit or refund stays well inside the column (Decimal(12, 4): below 100,000,000); the balance's ceiling is maxSmsBalance below. */
export const maxLedgerAmount = 1_000_000;

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
  // A transaction client (the sender's claim) has no $disconnect: the debit joins that transaction.
  if (isWholeClient(db)) await db.$transaction(debit, ledgerTransaction);
  else await debit(db);
}

async function credit(db: PrismaClient, organizationId: string, amount: number, kind: "refund", reference: string | null, userId: string | null) {
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
      throw badInput(topUpMessages.balanceTooLarge, "amount");
    }
    await tx.smsLedgerEntry.create({ data: { organizationId, amount: value, kind, reference, createdByUserId: userId } });
  }, ledgerTransaction);
}

export async function refundSms(db: PrismaClient, organizationId: string, amount: number, reference: string): Promise<void> {
  await credit(db, organizationId, amount, "refund", reference, null);
}

/** The largest single top-up (in the organisation's currency): a typo of a few zeros is refused, not credited. */
export const maxTopUpAmount = 10_000;
/** The balance a top-up may reach (the column holds Decimal(12, 4); far above any real balance). */
export const maxSmsBalance = 1_000_000;

export const topUpMessages = {
  notANumber: "The amount must be a number",
  notPositive: "The amount must be more than 0",
  tooLarge: `The amount can be at most ${maxTopUpAmount}`,
  cents: "The amount can have at most 2 decimals",
  balanceTooLarge: `The balance can be at most ${maxSmsBalance}`,
} as const;

/**
 * A top-up amount as a caller sent it (the JSON body's `amount`): a number more than 0, at most
 * maxTopUpAmount, with at most two decimals (cents). Anything else (zero, negative, text, NaN,
 * huge) is refused with a clear message and nothing changes. Both top-up paths (the super-admin's
 * and the customer's paid one) take their amount through here.
 */
export function parseTopUpAmount(amount: unknown): number {
  if (typeof amount !== "number" || !Number.isFinite(amount)) throw badInput(topUpMessages.notANumber, "amount");
  if (amount <= 0) throw badInput(topUpMessages.notPositive, "amount");
  if (amount > maxTopUpAmount) throw badInput(topUpMessages.tooLarge, "amount");
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) throw badInput(topUpMessages.cents, "amount");
  return Math.round(amount * 100) / 100;
}

/**
 * Credits a top-up. `within` runs in the same transaction after the entry is written, with the
 * balance after it (the super-admin's audit row, a payment's record): all or nothing.
 */
export async function topUpSms(
  db: PrismaClient,
  organizationId: string,
  amount: number,
  by: { userId?: string; reference?: string; within?: (tx: Prisma.TransactionClient, balanceAfter: number) => Promise<void> },
): Promise<void> {
  const value = parseTopUpAmount(amount);
  await db.$transaction(async (tx) => {
    const changed = await tx.$executeRawUnsafe(
      `UPDATE "Organization" SET "smsBalance" = "smsBalance" + $2::numeric WHERE "id" = $1 AND "smsBalance" + $2::numeric <= $3::numeric`,
      organizationId,
      value,
      maxSmsBalance,
    );
    if (changed === 0) {
      const exists = await tx.organization.count({ where: { id: organizationId } });
      if (!exists) throw notFound("No organization found");
      throw badInput(topUpMessages.balanceTooLarge, "amount");
    }
    await tx.smsLedgerEntry.create({
      data: { organizationId, amount: value, kind: "topup", reference: by.reference ?? null, createdByUserId: by.userId ?? null },
    });
    if (by.within) {
      const after = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { smsBalance: true } });
      await by.within(tx, after.smsBalance.toNumber());
    }
  }, ledgerTransaction);
}
