// The sweep queues every unfinished run nobody holds, but a run whose job is still waiting is not
// queued a second time: the job id is the run's own (campaignRunJobId).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase, redisUrl } from "../../../test/harness.js";
import { createPrisma } from "../../../db/client.js";
import { createOrganizationFixture } from "../../../test/fixtures.js";
import { createCampaignFixture } from "../../../test/campaign.js";
import { createJobRunner, type JobRunner } from "../../../jobs/runner.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { requeueUnheldRuns } from "./sender.js";
import { queueLaunchRun } from "./queue.js";

describe.skipIf(noDatabase || !redisUrl)("the campaign run sweep", () => {
  let prisma: PrismaClient;
  let jobs: JobRunner;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    jobs = createJobRunner({ redisUrl: redisUrl!, handlers: {}, runWorkers: false, prefix: `sweep-${randomBytes(4).toString("hex")}`, removeOnClose: true });
  });
  afterAll(async () => {
    await jobs?.close();
    await prisma?.$disconnect();
  });

  it("does not queue a run again while its job is waiting", async () => {
    const org = await createOrganizationFixture(prisma, "Sweep");
    const c = await createCampaignFixture(prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts: 1 });
    await queueLaunchRun({ prisma, jobs }, { id: c.launch.id, runKey: "sweep" });
    const waiting = async () => (await jobs.counts!()).waiting;
    expect(await waiting()).toBe(1);
    const first = await requeueUnheldRuns({ prisma, jobs });
    expect(first).toBeGreaterThan(0);
    const afterFirst = await waiting();
    await requeueUnheldRuns({ prisma, jobs });
    expect(await waiting()).toBe(afterFirst);
  });
});
