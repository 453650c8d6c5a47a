// SMS campaigns through SMPP against a local SMSC (the smpp package's server): each message is
// submitted with its personal link, debited segments × the organisation's segment price, refunded
// when refused; delivery receipts move the records to DELIVERED or ERROR. Without balance nothing is
// submitted; the preflight answers the spec's messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../../test/harness.js";
import { createPrisma } from "../../../db/client.js";
import { loadConfig, type Config } from "../../../config.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../../test/fixtures.js";
import { createCampaignFixture } from "../../../test/campaign.js";
import { startSmppServer, type SmppServer } from "../../../test/smpp-server.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { smsBalance, topUpSms } from "../../sms-balance/ledger.js";
import { createCampaignSender } from "./sender.js";
import { assertLaunchSendable } from "./preflight.js";
import { smsSegments } from "./segments.js";
import { renderSms } from "../messages/render.js";
import { clickUrl, runLaunch } from "./run.js";
import { applyReceipt, expireSmsReceipts } from "./status.js";
import { createEmailTransport } from "./email-transport.js";
import { createSmsTransport } from "./sms-transport.js";

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(noDatabase)("SMS campaign sending over SMPP", () => {
  let prisma: PrismaClient;
  let smsc: SmppServer;
  let config: Config;
  let org: OrganizationFixture;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 4 });
    smsc = await startSmppServer();
    config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl!,
      PUBLIC_URL: "https://fb.example.com",
      SMPP_URL: smsc.url,
      SMS_SENDER: "Acme",
      LOG_LEVEL: "silent",
      CAMPAIGN_SEND_RATE: "0",
    });
    org = await createOrganizationFixture(prisma, "Sms");
  });
  afterAll(async () => {
    await smsc?.close();
    await prisma?.$disconnect();
  });

  it("submits each message, debits its segments, refunds a refused one, and applies the delivery receipts", async () => {
    const organizationId = org.organization.id;
    const content = `Hi {{firstName}}! ${"We would love to hear how your visit went. ".repeat(3)}{{link}}`;
    const c = await createCampaignFixture(prisma, { organizationId, unitId: org.units.unitA.id }, { channel: "sms", contacts: 0, content });
    const numbers = ["+358401111111", "+358402222229", "+358403333338"];
    await prisma.contact.createMany({
      data: numbers.map((phone, i) => ({ organizationId, contactListId: c.list.id, phone, variables: { firstName: `P${i}` } })),
    });
    await topUpSms(prisma, organizationId, 5, {});
    await assertLaunchSendable(prisma, { organizationId, surveyId: c.survey.id, touchpointIds: [c.touchpoint.id], messageTemplateId: c.template.id });

    await prisma.launchRun.create({ data: { organizationId, launchId: c.launch.id, runKey: "sms" } });
    const sender = createCampaignSender({ config, prisma });
    try {
      await sender.run({ launchId: c.launch.id, runKey: "sms" });
      const records = async () => new Map((await prisma.messageRecord.findMany({ where: { launchId: c.launch.id } })).map((r) => [r.recipient, r]));
      await waitFor(async () => [...(await records()).values()].every((r) => r.deliveryStatus !== "PENDING"));
      const byNumber = await records();
      const delivered = byNumber.get(numbers[0]!)!;
      expect(delivered).toMatchObject({ deliveryStatus: "DELIVERED", sendState: "sent" });
      expect(byNumber.get(numbers[1]!)).toMatchObject({ deliveryStatus: "ERROR", error: "UNDELIV (error 001)" });
      expect(byNumber.get(numbers[2]!)).toMatchObject({ deliveryStatus: "ERROR", sendState: "failed" });

      const sms = smsc.submitted.find((s) => s.id === delivered.providerMessageId)!;
      expect(sms).toMatchObject({ to: "358401111111", from: "Acme" });
      expect(sms.text).toBe(renderSms(content, { phone: numbers[0], variables: { firstName: "P0" } }, clickUrl(config, delivered.token!)));
      const { segments } = smsSegments(sms.text);
      expect(segments).toBe(2);
      expect(delivered.segments).toBe(2);
      // Two messages paid (2 segments × 0.08 each); the refused one was refunded.
      expect(await smsBalance(prisma, organizationId)).toBeCloseTo(5 - 2 * 2 * 0.08, 4);
      const refunds = await prisma.smsLedgerEntry.findMany({ where: { organizationId, kind: "refund" } });
      expect(refunds.map((r) => r.reference)).toEqual([`message:${byNumber.get(numbers[2]!)!.id}`]);
    } finally {
      await sender.close();
    }
  });

  it("applies a delivery receipt that overtakes the submit's answer", async () => {
    const fast = await startSmppServer(undefined, { receiptFirst: true });
    const quick = await createOrganizationFixture(prisma, "SmsQuickReceipt");
    const organizationId = quick.organization.id;
    const c = await createCampaignFixture(prisma, { organizationId, unitId: quick.units.unitA.id }, { channel: "sms", contacts: 2 });
    await topUpSms(prisma, organizationId, 5, {});
    await prisma.launchRun.create({ data: { organizationId, launchId: c.launch.id, runKey: "quick" } });
    const sender = createCampaignSender({ config: { ...config, smppUrl: fast.url, campaignSendRate: 50 }, prisma });
    try {
      await sender.run({ launchId: c.launch.id, runKey: "quick" });
      await waitFor(async () => (await prisma.messageRecord.count({ where: { launchId: c.launch.id, deliveryStatus: "DELIVERED" } })) === 2);
    } finally {
      await sender.close();
      await fast.close();
    }
  });

  it("without enough balance: the preflight refuses with the spec's message, and a run submits only what the balance pays for", async () => {
    const poor = await createOrganizationFixture(prisma, "SmsPoor");
    const organizationId = poor.organization.id;
    const c = await createCampaignFixture(prisma, { organizationId, unitId: poor.units.unitA.id }, { channel: "sms", contacts: 2 });
    await topUpSms(prisma, organizationId, 0.1, {});
    const input = { organizationId, surveyId: c.survey.id, touchpointIds: [c.touchpoint.id], messageTemplateId: c.template.id };
    await expect(assertLaunchSendable(prisma, input)).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS", message: "Not enough balance to send SMS" });

    const before = smsc.submitted.length;
    await prisma.launchRun.create({ data: { organizationId, launchId: c.launch.id, runKey: "poor" } });
    const sender = createCampaignSender({ config, prisma });
    try {
      await sender.run({ launchId: c.launch.id, runKey: "poor" });
    } finally {
      await sender.close();
    }
    const records = await prisma.messageRecord.findMany({ where: { launchId: c.launch.id } });
    // 0.1 pays for one one-segment message (0.08), not two.
    expect(records.filter((r) => r.error === "Not enough balance to send SMS")).toHaveLength(1);
    expect(smsc.submitted.length - before).toBe(1);
    expect(await smsBalance(prisma, organizationId)).toBeCloseTo(0.02, 4);

    // An SMS template without content.
    await prisma.messageTemplate.update({ where: { id: c.template.id }, data: { content: "  " } });
    await topUpSms(prisma, organizationId, 100, {});
    await expect(assertLaunchSendable(prisma, input)).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "The SMS message needs content" });
  });
});

describe.skipIf(noDatabase)("SMS campaign sending to the outbox (no SMPP_URL)", () => {
  let prisma: PrismaClient;
  let config: Config;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 4 });
    config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl!, PUBLIC_URL: "https://fb.example.com", LOG_LEVEL: "silent", CAMPAIGN_SEND_RATE: "0" });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
  });

  it("charges a message once when the process fails between the debit and the outbox write", async () => {
    const org = await createOrganizationFixture(prisma, "SmsOutbox");
    const organizationId = org.organization.id;
    const c = await createCampaignFixture(prisma, { organizationId, unitId: org.units.unitA.id }, { channel: "sms", contacts: 2 });
    await topUpSms(prisma, organizationId, 5, {});
    await prisma.launchRun.create({ data: { organizationId, launchId: c.launch.id, runKey: "outbox" } });
    // The database refuses the first outbox row of the second contact once (a crash at that point).
    let failed = false;
    const failing = prisma.$extends({
      query: {
        mailOutbox: {
          async create({ args, query }) {
            if (!failed && args.data.to === c.recipients[1]) {
              failed = true;
              throw new Error("connection lost");
            }
            return query(args);
          },
        },
      },
    }) as unknown as PrismaClient;
    const transports = { email: createEmailTransport(config), sms: createSmsTransport(config) };
    await expect(runLaunch({ prisma: failing, config, ...transports }, { launchId: c.launch.id, runKey: "outbox" })).rejects.toThrow("connection lost");
    expect(await runLaunch({ prisma: failing, config, ...transports }, { launchId: c.launch.id, runKey: "outbox" })).toBe("done");

    const records = await prisma.messageRecord.findMany({ where: { launchId: c.launch.id } });
    expect(records.map((r) => r.deliveryStatus)).toEqual(["DELIVERED", "DELIVERED"]);
    const debits = await prisma.smsLedgerEntry.findMany({ where: { organizationId, kind: "send" } });
    expect(debits.map((d) => d.reference).sort()).toEqual(records.map((r) => `message:${r.id}`).sort());
    expect(await smsBalance(prisma, organizationId)).toBeCloseTo(5 - 2 * 0.08, 4);
    expect(await prisma.mailOutbox.count({ where: { organizationId, channel: "sms" } })).toBe(2);
  });

  it("an SMS whose delivery receipt never comes becomes UNKNOWN after the timeout; a late receipt still lifts it", async () => {
    const org = await createOrganizationFixture(prisma, "SmsNoReceipt");
    const organizationId = org.organization.id;
    const now = new Date("2026-03-10T12:00:00Z");
    const sent = (minutesAgo: number, providerMessageId: string) =>
      prisma.messageRecord.create({
        data: {
          organizationId,
          channel: "sms",
          recipient: "+358401234567",
          sendState: "sent",
          providerMessageId,
          sentAt: new Date(now.getTime() - minutesAgo * 60_000),
        },
      });
    const old = await sent(121, `old-${organizationId}`);
    const recent = await sent(119, `recent-${organizationId}`);
    await expireSmsReceipts(prisma, { timeoutMinutes: 120, now });
    expect(await prisma.messageRecord.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
      deliveryStatus: "UNKNOWN",
      error: "No delivery receipt within 120 minutes",
    });
    expect((await prisma.messageRecord.findUniqueOrThrow({ where: { id: recent.id } })).deliveryStatus).toBe("PENDING");
    await applyReceipt(prisma, `old-${organizationId}`, { delivered: true });
    expect(await prisma.messageRecord.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ deliveryStatus: "DELIVERED", error: null });
  });
});
