// Email campaigns end to end through the api's job runner (the named campaign-sending queue) and a
// real SMTP server: one message per contact with a personal link, a Message-ID of the record, the
// List-Unsubscribe headers; block-listed addresses skipped; the status moving forward only
// (DELIVERED → OPENED → CLICKED → RESPONDED) through the open routes; a second queueing sends nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../../test/fixtures.js";
import { startSmtpCapture, type SmtpCapture } from "../../../test/mail.js";
import { createCampaignFixture, type CampaignFixture } from "../../../test/campaign.js";
import { blockAddress } from "../block-list/index.js";
import { queueLaunchRun } from "./queue.js";
import { messageToken, runLaunch } from "./run.js";
import { createEmailTransport } from "./email-transport.js";
import { createSmsTransport } from "./sms-transport.js";

describe.skipIf(noDatabase)("email campaign sending", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let org: OrganizationFixture;
  let campaign: CampaignFixture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, CAMPAIGN_SEND_RATE: "0" } });
    org = await createOrganizationFixture(t.prisma, "Campaign");
    campaign = await createCampaignFixture(t.prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts: 5 });
    // Unsubscribed before the launch: never gets a record.
    await blockAddress(t.prisma, org.organization.id, ` ${campaign.recipients[1]!.toUpperCase()} `);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const recordsOf = () => t.prisma.messageRecord.findMany({ where: { launchId: campaign.launch.id }, orderBy: { recipient: "asc" } });

  it("sends each contact one message, skips the block-listed address, and a second queueing of the run sends nothing", async () => {
    await queueLaunchRun({ prisma: t.prisma, jobs: t.jobs }, { id: campaign.launch.id, runKey: "first" });
    await queueLaunchRun({ prisma: t.prisma, jobs: t.jobs }, { id: campaign.launch.id, runKey: "first" });
    await t.jobs.idle(30_000);
    const records = await recordsOf();
    expect(records.map((r) => r.recipient).sort()).toEqual([0, 2, 3, 4].map((i) => campaign.recipients[i]).sort());
    expect(records.every((r) => r.deliveryStatus === "DELIVERED" && r.sendState === "sent" && r.sentAt)).toBe(true);
    const mine = smtp.messages.filter((m) => campaign.recipients.includes(m.to[0]!));
    expect(mine).toHaveLength(4);
    expect(await t.prisma.launch.findUnique({ where: { id: campaign.launch.id } })).toMatchObject({ status: "sent" });

    const first = records[0]!;
    const mail = mine.find((m) => m.to[0] === first.recipient)!;
    expect(mail.parsed.messageId).toBe(`<${first.id}.campaign@127.0.0.1>`);
    expect(mail.subject).toBe(`Hello Person ${campaign.recipients.indexOf(first.recipient)}`);
    expect(mail.text).toContain(`${t.baseUrl}/r/m/${first.token}`);
    expect(mail.html).toContain(`${t.baseUrl}/r/m/${first.token}/open.gif`);
    // Folded header lines unfolded.
    const line = (key: string) => mail.parsed.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, " ");
    expect(line("list-unsubscribe")).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/v5\/unsubscribe\/one-click\?token=[^>]+>$/);
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // Queued again with the same run key: nothing more.
    await queueLaunchRun({ prisma: t.prisma, jobs: t.jobs }, { id: campaign.launch.id, runKey: "first" });
    await t.jobs.idle(30_000);
    expect(smtp.messages.filter((m) => campaign.recipients.includes(m.to[0]!))).toHaveLength(4);
    expect(await recordsOf()).toHaveLength(4);
  });

  it("moves the status forward only: opened, clicked, responded; a late pixel changes nothing", async () => {
    const record = (await recordsOf())[0]!;
    const status = async () => (await t.prisma.messageRecord.findUniqueOrThrow({ where: { id: record.id } })).deliveryStatus;

    const pixel = await fetch(`${t.baseUrl}/r/m/${record.token}/open.gif`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    expect(pixel.headers.get("cache-control")).toContain("no-store");
    expect(await status()).toBe("OPENED");

    const click = await fetch(`${t.baseUrl}/r/m/${record.token}`, { redirect: "manual" });
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe(`${t.baseUrl}/s/${campaign.touchpoint.id}?m=${record.token}`);
    expect(await status()).toBe("CLICKED");

    await fetch(`${t.baseUrl}/r/m/${record.token}/open.gif`);
    expect(await status()).toBe("CLICKED");

    const question = await t.prisma.question.findFirstOrThrow({ where: { surveyId: campaign.survey.id } });
    const answer = await fetch(`${t.baseUrl}/r/${campaign.touchpoint.id}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: `campaign-${record.id}`,
        surveyId: campaign.survey.id,
        answers: [{ questionId: question.id, value: 9 }],
        messageToken: record.token,
      }),
    });
    expect(answer.status).toBeLessThan(300);
    const { responseId } = (await answer.json()) as { responseId: string };
    expect(await status()).toBe("RESPONDED");
    expect(await t.prisma.response.findUniqueOrThrow({ where: { id: responseId } })).toMatchObject({ messageRecordId: record.id });

    await fetch(`${t.baseUrl}/r/m/${record.token}`, { redirect: "manual" });
    expect(await status()).toBe("RESPONDED");
  });

  it("links nothing for an unknown token or one of another touchpoint, and the open routes give nothing away", async () => {
    const pixel = await fetch(`${t.baseUrl}/r/m/AAAAAAAAAAAAAAAAAAAAAA/open.gif`);
    expect(pixel.status).toBe(200);
    expect((await fetch(`${t.baseUrl}/r/m/AAAAAAAAAAAAAAAAAAAAAA`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/r/m/not-a-token`, { redirect: "manual" })).status).toBe(404);

    // A response at another touchpoint carrying this campaign's token: the record is not touched.
    const other = await createCampaignFixture(t.prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts: 0 });
    const record = (await recordsOf())[1]!;
    const question = await t.prisma.question.findFirstOrThrow({ where: { surveyId: other.survey.id } });
    const answer = await fetch(`${t.baseUrl}/r/${other.touchpoint.id}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: `elsewhere-${record.id}`,
        surveyId: other.survey.id,
        answers: [{ questionId: question.id, value: 3 }],
        messageToken: record.token,
      }),
    });
    const { responseId } = (await answer.json()) as { responseId: string };
    expect(await t.prisma.response.findUniqueOrThrow({ where: { id: responseId } })).toMatchObject({ messageRecordId: null });
    expect((await t.prisma.messageRecord.findUniqueOrThrow({ where: { id: record.id } })).deliveryStatus).toBe("DELIVERED");
  });

  it("never sends to an address block-listed after the run was expanded; without SMTP the messages go to the outbox", async () => {
    const c = await createCampaignFixture(t.prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts: 3 });
    // Expanded already (the records exist), and then the third address unsubscribed.
    await t.prisma.launchRun.create({ data: { organizationId: org.organization.id, launchId: c.launch.id, runKey: "outbox", status: "sending" } });
    const contacts = await t.prisma.contact.findMany({ where: { contactListId: c.list.id } });
    await t.prisma.messageRecord.createMany({
      data: contacts.map((contact) => ({
        organizationId: org.organization.id,
        launchId: c.launch.id,
        runKey: "outbox",
        touchpointId: c.touchpoint.id,
        surveyId: c.survey.id,
        contactId: contact.id,
        channel: "email" as const,
        recipient: contact.email!,
        token: messageToken(),
      })),
    });
    await blockAddress(t.prisma, org.organization.id, c.recipients[2]!);
    const config = { ...t.config, smtpUrl: undefined, campaignSendRate: 0 };
    const outcome = await runLaunch(
      { prisma: t.prisma, config, email: createEmailTransport(config), sms: createSmsTransport(config) },
      { launchId: c.launch.id, runKey: "outbox" },
      { pageSize: 2 },
    );
    expect(outcome).toBe("done");
    const records = await t.prisma.messageRecord.findMany({ where: { launchId: c.launch.id } });
    const byRecipient = new Map(records.map((r) => [r.recipient, r]));
    expect(byRecipient.get(c.recipients[2]!)).toMatchObject({ deliveryStatus: "ERROR", error: "The address is on the block list", sendState: "failed" });
    const outbox = await t.prisma.mailOutbox.findMany({ where: { to: { in: c.recipients } } });
    expect(outbox.map((m) => m.to).sort()).toEqual([c.recipients[0], c.recipients[1]].sort());
    expect(outbox.length).toBe(records.filter((r) => r.deliveryStatus === "DELIVERED").length);
    expect(outbox.every((m) => m.kind === "campaign" && m.channel === "email")).toBe(true);
  });

  it("sends nothing to the contact list of a touchpoint deleted after the launch was made", async () => {
    const c = await createCampaignFixture(t.prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts: 2 });
    await t.prisma.touchpoint.update({ where: { id: c.touchpoint.id }, data: { deleted: true } });
    await t.prisma.launchRun.create({ data: { organizationId: org.organization.id, launchId: c.launch.id, runKey: "deleted" } });
    const config = { ...t.config, smtpUrl: undefined, campaignSendRate: 0 };
    const outcome = await runLaunch(
      { prisma: t.prisma, config, email: createEmailTransport(config), sms: createSmsTransport(config) },
      { launchId: c.launch.id, runKey: "deleted" },
    );
    expect(outcome).toBe("done");
    expect(await t.prisma.messageRecord.count({ where: { launchId: c.launch.id } })).toBe(0);
    expect(await t.prisma.mailOutbox.count({ where: { to: { in: c.recipients } } })).toBe(0);
  });
});
