// Queueing a launch's run for sending. The LaunchRun row is the run's one identity: a second call
// with the same (launchId, runKey) finds it and queues nothing more.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { JobRunner } from "../../../jobs/runner.js";
import { notFound } from "../../errors.js";

/** The BullMQ job id of a run: one waiting or running job per run, whoever queues it (the sweep too). */
export const campaignRunJobId = (launchId: string, runKey: string) => `campaign.run-${launchId}-${Buffer.from(runKey).toString("base64url")}`;

/** Queue the sending of one run of a launch (an immediate launch has one run; a recurring launch one per firing).
 *  runKey makes it idempotent: queueing the same (launchId, runKey) twice sends once. */
export async function queueLaunchRun(deps: { prisma: PrismaClient; jobs: JobRunner }, launch: { id: string; runKey: string }): Promise<void> {
  const found = await deps.prisma.launch.findUnique({ where: { id: launch.id }, select: { organizationId: true } });
  if (!found) throw notFound("Launch not found");
  const created = await deps.prisma.launchRun.createMany({
    data: [{ organizationId: found.organizationId, launchId: launch.id, runKey: launch.runKey }],
    skipDuplicates: true,
  });
  // Queued before: its job (or the sweep, if that job was lost) sends it.
  if (created.count === 0) return;
  await deps.jobs.enqueue("campaign.run", { launchId: launch.id, runKey: launch.runKey }, { jobId: campaignRunJobId(launch.id, launch.runKey) });
}
