// The paid SMS top-up's credit (domain/billing/sms-topup.ts): the "paid" marker and the ledger credit
// are one transaction, so a credit is never lost nor doubled, whether the process dies part-way or
// many deliveries of the same payment race. Against the real PostgreSQL.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { smsBalance } from "../sms-balance/ledger.js";
import { creditSmsTopUp } from "./sms-topup.js";

describe.skipIf(noDatabase)("the paid SMS top-up's credit", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;

  const intent = (id: string, amount: number) =>
    ({
      id,
      object: "payment_intent",
      status: "succeeded",
      created: 1_793_000_000,
      metadata: { kind: "sms_topup", organizationId: org.organization.id, amount: String(amount) },
    }) as unknown as Stripe.PaymentIntent;
  const credited = (paymentId: string) =>
    Promise.all([
      prisma.smsLedgerEntry.count({ where: { organizationId: org.organization.id, reference: paymentId } }),
      prisma.stripeEvent.count({ where: { id: `sms-topup:${paymentId}` } }),
    ]);

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 12 });
    org = await createOrganizationFixture(prisma, "Topup");
  });
  afterAll(async () => prisma?.$disconnect());

  it("a payment delivered many times at once (the call's answer and webhooks) is credited once", async () => {
    const before = await smsBalance(prisma, org.organization.id);
    const paymentId = `pi_race_${randomBytes(6).toString("hex")}`;
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => creditSmsTopUp(prisma, intent(paymentId, 15))));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await smsBalance(prisma, org.organization.id)).toBe(before + 15);
    expect(await credited(paymentId)).toEqual([1, 1]);
  });

  it("a process that dies between marking the payment and crediting it loses nothing: the redelivery credits it once", async () => {
    const before = await smsBalance(prisma, org.organization.id);
    const paymentId = `pi_crash_${randomBytes(6).toString("hex")}`;
    const tag = paymentId.replace(/\W/g, "_");
    // The process "dies" at the ledger write: the write fails, and nothing can be tidied up after it
    // (the marker cannot be deleted, as a dead process deletes nothing).
    await prisma.$executeRawUnsafe(`CREATE FUNCTION ${tag}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'process died'; END $$`);
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${tag}_ledger BEFORE INSERT ON "SmsLedgerEntry" FOR EACH ROW WHEN (NEW.reference = '${paymentId}') EXECUTE FUNCTION ${tag}()`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${tag}_marker BEFORE DELETE ON "StripeEvent" FOR EACH ROW WHEN (OLD.id = 'sms-topup:${paymentId}') EXECUTE FUNCTION ${tag}()`,
    );
    try {
      await expect(creditSmsTopUp(prisma, intent(paymentId, 20))).rejects.toThrow(/process died/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER ${tag}_ledger ON "SmsLedgerEntry"`);
      await prisma.$executeRawUnsafe(`DROP TRIGGER ${tag}_marker ON "StripeEvent"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION ${tag}()`);
    }
    // Neither the marker nor the credit stayed: the payment is not taken for credited.
    expect(await credited(paymentId)).toEqual([0, 0]);
    expect(await smsBalance(prisma, org.organization.id)).toBe(before);
    // The provider delivers payment_intent.succeeded again: credited now, and only once.
    expect(await creditSmsTopUp(prisma, intent(paymentId, 20))).toBe(true);
    expect(await creditSmsTopUp(prisma, intent(paymentId, 20))).toBe(false);
    expect(await smsBalance(prisma, org.organization.id)).toBe(before + 20);
    expect(await credited(paymentId)).toEqual([1, 1]);
  });
});
