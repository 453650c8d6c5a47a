// The job functions by name, built from the process's dependencies. The api process and
// `npm run worker` build the same map.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import { createMailSender } from "../mail/send.js";
import { createEventBus, type EventBus } from "../pubsub/bus.js";
import { runExportJob } from "../domain/exports/run.js";
import "../domain/export-producers.js";
import type { JobHandlers, JobRunner } from "./runner.js";
import { createCampaignSender } from "../domain/campaigns/sending/sender.js";
import { logger, type Log } from "../log.js";
import { sendDueDigests } from "../domain/digest/digest.js";
import { evaluateResponses, sendFiring } from "../domain/notifications/evaluation.js";
import { deliverWebhook } from "../domain/notifications/webhooks.js";

export function createJobHandlers(deps: {
  config: Config;
  prisma: PrismaClient;
  /** The process's event bus (export progress is pushed through it); a worker process makes its own. */
  bus?: EventBus;
  /** The process's job runner, once it exists (a job's domain context may queue more work). */
  jobs?: () => JobRunner;
  log?: Log;
}): { handlers: JobHandlers; close(): void } {
  const log = deps.log ?? logger(deps.config, "jobs");
  const mail = createMailSender(deps);
  const campaigns = createCampaignSender({ config: deps.config, prisma: deps.prisma, log });
  let ownBus: EventBus | undefined;
  const bus = () => deps.bus ?? (ownBus ??= createEventBus(deps.config.redisUrl));
  const jobs = () => {
    const runner = deps.jobs?.();
    if (!runner) throw new Error("no job runner in this process");
    return runner;
  };
  return {
    handlers: {
      "mail.send": (payload) => mail.send(payload),
      "export.run": (payload) => runExportJob({ prisma: deps.prisma, config: deps.config, bus: bus(), jobs, log }, payload),
      "campaign.run": (payload) => campaigns.run(payload),
      "digest.tick": async (payload) => {
        await sendDueDigests({ prisma: deps.prisma, config: deps.config, jobs: jobs(), log }, payload.at ? new Date(payload.at) : new Date());
      },
      "notification.evaluate": async (payload) => void (await evaluateResponses({ prisma: deps.prisma, jobs, log }, payload)),
      "notification.send": async (payload) => void (await sendFiring({ prisma: deps.prisma, config: deps.config, mail, jobs, log }, payload)),
      "notification.webhook": async (payload, info) => void (await deliverWebhook({ prisma: deps.prisma, config: deps.config }, payload, info)),
    },
    close: () => {
      mail.close();
      void campaigns.close();
      void ownBus?.close();
    },
  };
}
