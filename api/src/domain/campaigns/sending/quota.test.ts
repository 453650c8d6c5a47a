// "Email quota exceeded" where the plan limits campaign email: two launches expanded at the same
// time never pass the organisation's monthly limit together; the records beyond it are ERROR.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../../test/harness.js";
import { createPrisma } from "../../../db/client.js";
import { loadConfig } from "../../../config.js";
import { createOrganizationFixture } from "../../../test/fixtures.js";
import { createCampaignFixture } from "../../../test/campaign.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { runLaunch } from "./run.js";
import { createEmailTransport } from "./email-transport.js";
import { createSmsTransport } from "./sms-transport.js";

describe.skipIf(noDatabase)("the campaign email quota", () => {
  let prisma: PrismaClient;
  beforeAll(() => {
    prisma = createPrisma(databaseUrl!, { max: 6 });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
  });

  it("holds under two launches sending at once", async () => {
    const org = await createOrganizationFixture(prisma, "Quota");
    const organizationId = org.organization.id;
    await prisma.organization.update({ where: { id: organizationId }, data: { campaignEmailLimit: 5 } });
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl!,
      PUBLIC_URL: "https://fb.example.com",
      LOG_LEVEL: "silent",
      CAMPAIGN_SEND_RATE: "0",
    });
    const launches = await Promise.all(
      [0, 1].map(async (i) => {
        const c = await createCampaignFixture(prisma, { organizationId, unitId: org.units.unitA.id }, { channel: "email", contacts: 4 });
        await prisma.launchRun.create({ data: { organizationId, launchId: c.launch.id, runKey: `quota${i}` } });
        return { c, runKey: `quota${i}` };
      }),
    );
    const deps = { prisma, config, email: createEmailTransport(config), sms: createSmsTransport(config) };
    await Promise.all(launches.map(({ c, runKey }) => runLaunch(deps, { launchId: c.launch.id, runKey }, { pageSize: 2 })));
    const records = await prisma.messageRecord.findMany({ where: { organizationId } });
    expect(records).toHaveLength(8);
    expect(records.filter((r) => r.deliveryStatus === "DELIVERED")).toHaveLength(5);
    expect(records.filter((r) => r.deliveryStatus === "ERROR" && r.error === "Email quota exceeded")).toHaveLength(3);
    expect(await prisma.mailOutbox.count({ where: { organizationId } })).toBe(5);
  });
});
