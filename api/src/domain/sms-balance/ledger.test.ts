// The SMS balance ledger: top-ups, debits and refunds as ledger entries beside the running balance,
// which never goes below zero, also under many debits at the same moment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { debitSms, maxSmsBalance, refundSms, smsBalance, topUpSms } from "./ledger.js";

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

  it("keeps balance = ledger sum and never below zero with debits, top-ups and refunds all at once", async () => {
    const other = await createOrganizationFixture(prisma, "LedgerMix");
    const id = other.organization.id;
    await topUpSms(prisma, id, 2, {});
    // A seeded sequence of amounts (no randomness between runs): 60 debits of 0.01–0.25, 4 top-ups of 0.5, 10 refunds of 0.02.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const debits = Array.from({ length: 60 }, (_, i) => () => debitSms(prisma, id, (1 + (next() % 25)) / 100, `mix:${i}`));
    const topUps = Array.from({ length: 4 }, () => () => topUpSms(prisma, id, 0.5, {}));
    const refunds = Array.from({ length: 10 }, (_, i) => () => refundSms(prisma, id, 0.02, `mix-refund:${i}`));
    // interleaved in a seeded order
    const all = [...debits, ...topUps, ...refunds]
      .map((f) => ({ f, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.f);
    let lowest = Number.POSITIVE_INFINITY;
    const watcher = (async () => {
      for (let i = 0; i < 30; i++) {
        lowest = Math.min(lowest, await smsBalance(prisma, id));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const outcomes = await Promise.allSettled(all.map((f) => f()));
    await watcher;
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as Error).message).toBe("Not enough balance to send SMS");
    const balance = await smsBalance(prisma, id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const sum = await prisma.smsLedgerEntry.aggregate({ where: { organizationId: id }, _sum: { amount: true } });
    expect(sum._sum.amount?.toNumber()).toBeCloseTo(balance, 4);
    const refused = outcomes.filter((o) => o.status === "rejected").length;
    expect(await prisma.smsLedgerEntry.count({ where: { organizationId: id } })).toBe(1 + all.length - refused);
  });

  it("refuses top-ups of zero, negative, non-numeric, sub-cent or huge amounts and changes nothing", async () => {
    const id = org.organization.id;
    const before = await smsBalance(prisma, id);
    const entries = await prisma.smsLedgerEntry.count({ where: { organizationId: id } });
    for (const amount of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, "5" as unknown as number, 0.001, 10_001]) {
      await expect(topUpSms(prisma, id, amount, {})).rejects.toMatchObject({ code: "BAD_USER_INPUT", field: "amount" });
    }
    // A top-up that would take the balance past the ceiling is refused too.
    await prisma.organization.update({ where: { id }, data: { smsBalance: maxSmsBalance - 1 } });
    await expect(topUpSms(prisma, id, 5, {})).rejects.toMatchObject({ message: `The balance can be at most ${maxSmsBalance}` });
    await prisma.organization.update({ where: { id }, data: { smsBalance: before } });
    expect(await smsBalance(prisma, id)).toBe(before);
    expect(await prisma.smsLedgerEntry.count({ where: { organizationId: id } })).toBe(entries);
  });

  it("refuses debits beyond the cap and refunds past the balance's ceiling, changing nothing", async () => {
    const other = await createOrganizationFixture(prisma, "LedgerCap");
    const id = other.organization.id;
    await expect(debitSms(prisma, id, 5e6, "message:x")).rejects.toMatchObject({ message: "The amount is at most 1000000" });
    await prisma.organization.update({ where: { id }, data: { smsBalance: maxSmsBalance - 1 } });
    await expect(refundSms(prisma, id, 5, "message:y")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: `The balance can be at most ${maxSmsBalance}`,
    });
    expect(await smsBalance(prisma, id)).toBe(maxSmsBalance - 1);
    expect(await prisma.smsLedgerEntry.count({ where: { organizationId: id } })).toBe(0);
  });
});
