// The SMS balance ledger: top-ups, debits and refunds as ledger entries beside the running balance,
// which never goes below zero, also under many debits at the same moment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { debitSms, refundSms, smsBalance, topUpSms } from "./ledger.js";

describe.skipIf(noDatabase)("SMS balance ledger", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 12 });
    org = await createOrganizationFixture(prisma, "Ledger");
  });
  afterAll(async () => prisma?.$disconnect());

  it("tops up, debits and refunds, with a ledger entry for each", async () => {
    const id = org.organization.id;
    await topUpSms(prisma, id, 10, { userId: org.users.admin.id, reference: "manual" });
    await debitSms(prisma, id, 2.5, "message:a");
    await refundSms(prisma, id, 0.5, "message:a");
    expect(await smsBalance(prisma, id)).toBe(8);
    const entries = await prisma.smsLedgerEntry.findMany({ where: { organizationId: id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => [e.kind, e.amount.toNumber(), e.reference])).toEqual([
      ["topup", 10, "manual"],
      ["send", -2.5, "message:a"],
      ["refund", 0.5, "message:a"],
    ]);
  });

  it("refuses a debit larger than the balance with the spec's message and changes nothing", async () => {
    const id = org.organization.id;
    const before = await smsBalance(prisma, id);
    await expect(debitSms(prisma, id, before + 0.0001, "message:too-much")).rejects.toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      message: "Not enough balance to send SMS",
    });
    expect(await smsBalance(prisma, id)).toBe(before);
    expect(await prisma.smsLedgerEntry.count({ where: { organizationId: id, reference: "message:too-much" } })).toBe(0);
    await expect(debitSms(prisma, id, -1, "negative")).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("never goes below zero when 40 debits race for a balance that pays for 15", async () => {
    const other = await createOrganizationFixture(prisma, "LedgerRace");
    const id = other.organization.id;
    await topUpSms(prisma, id, 1.5, {});
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => debitSms(prisma, id, 0.1, `race:${i}`)));
    const done = outcomes.filter((o) => o.status === "fulfilled").length;
    expect(done).toBe(15);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as Error).message).toBe("Not enough balance to send SMS");
    expect(await smsBalance(prisma, id)).toBe(0);
    const sum = await prisma.smsLedgerEntry.aggregate({ where: { organizationId: id }, _sum: { amount: true } });
    expect(sum._sum.amount?.toNumber()).toBe(0);
  });

  it("refuses amounts beyond the cap and a balance beyond its maximum, changing nothing", async () => {
    const other = await createOrganizationFixture(prisma, "LedgerCap");
    const id = other.organization.id;
    await expect(topUpSms(prisma, id, 1e12, {})).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "The amount is at most 1000000" });
    await expect(debitSms(prisma, id, 5e6, "message:x")).rejects.toMatchObject({ message: "The amount is at most 1000000" });
    for (let i = 0; i < 10; i++) await topUpSms(prisma, id, 1_000_000, {});
    await expect(topUpSms(prisma, id, 1, {})).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "The SMS balance is at most 10000000" });
    expect(await smsBalance(prisma, id)).toBe(10_000_000);
    expect(await prisma.smsLedgerEntry.count({ where: { organizationId: id } })).toBe(10);
  });
});
