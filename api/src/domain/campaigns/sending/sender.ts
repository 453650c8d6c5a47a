// The campaign sender of a process that runs jobs: its SMTP and SMPP transports (opened on first
// use, shared by its runs), the `campaign.run` job function, SMS receipts, and the sweep that
// re-queues runs nobody holds (a crashed worker's, or the runs of an embedded process that restarted).
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { Config } from "../../../config.js";
import type { JobRunner } from "../../../jobs/runner.js";
import type { Log } from "../../../log.js";
import { createEmailTransport } from "./email-transport.js";
import { createSmsTransport } from "./sms-transport.js";
import { runLaunch, type RunOptions } from "./run.js";
import { applyReceipt, expireSmsReceipts } from "./status.js";
import { campaignRunJobId } from "./queue.js";

export type CampaignSender = {
  run(payload: { launchId: string; runKey: string }): Promise<void>;
  close(): Promise<void>;
};

export function createCampaignSender(deps: { config: Config; prisma: PrismaClient; log?: Log }, opts: RunOptions = {}): CampaignSender {
  const { config, prisma } = deps;
  const email = createEmailTransport(config);
  const sms = createSmsTransport(config, {
    onReceipt: async (receipt) => {
      const outcome = receipt.delivered ? ({ delivered: true } as const) : { delivered: false as const, reason: receipt.reason ?? "not delivered" };
      // A receipt can overtake the write of the message's id (it comes right after the submit, or even
      // before the submit's answer): try again for about ten seconds before giving up on it.
      for (let attempt = 0; attempt < 10; attempt++) {
        if ((await applyReceipt(prisma, receipt.messageId, outcome)) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
    },
  });
  return {
    async run(payload) {
      const outcome = await runLaunch({ prisma, config, email, sms, log: deps.log }, payload, opts);
      deps.log?.debug({ ...payload, outcome }, "campaign run");
    },
    async close() {
      email.close();
      await sms.close();
    },
  };
}

/** Queues every unfinished run that no live worker holds. */
export async function requeueUnheldRuns(deps: { prisma: PrismaClient; jobs: JobRunner }): Promise<number> {
  const runs = await deps.prisma.$queryRawUnsafe<{ launchId: string; runKey: string }[]>(
    `SELECT "launchId", "runKey" FROM "LaunchRun" WHERE "status" IN ('expanding', 'sending') AND ("leaseUntil" IS NULL OR "leaseUntil" < now()) ORDER BY "createdAt" LIMIT 1000`,
  );
  // The run's own job id: a run whose job is still waiting (or running, or retrying) is not queued twice.
  for (const run of runs) await deps.jobs.enqueue("campaign.run", run, { jobId: campaignRunJobId(run.launchId, run.runKey) });
  return runs.length;
}

/** At start and then every intervalMs: requeueUnheldRuns, and SMS without a receipt in time become UNKNOWN. Returns the stop function. */
export function startRunSweeper(
  deps: { prisma: PrismaClient; jobs: JobRunner; log?: Log; smsReceiptTimeoutMinutes?: number },
  intervalMs = 60_000,
): () => void {
  const sweep = () => {
    void requeueUnheldRuns(deps).catch((error: unknown) => deps.log?.warn({ err: error }, "could not re-queue unfinished campaign runs"));
    void expireSmsReceipts(deps.prisma, { timeoutMinutes: deps.smsReceiptTimeoutMinutes ?? 2880 }).catch((error: unknown) =>
      deps.log?.warn({ err: error }, "could not expire SMS without delivery receipts"),
    );
  };
  const first = setTimeout(sweep, 1_000);
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
