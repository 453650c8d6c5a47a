// Assembles the job runner of a process from its configuration: the job functions, and BullMQ on
// Redis (REDIS_URL) or the in-process runner (embedded mode).
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import type { EventBus } from "../pubsub/bus.js";
import { createJobHandlers } from "./handlers.js";
import { createJobRunner, type JobFailure, type JobRunner, type RetryPolicy } from "./runner.js";
import { logger, type Log } from "../log.js";
import { startRunSweeper } from "../domain/campaigns/sending/sender.js";
import { startNotificationSweeper } from "../domain/notifications/evaluation.js";

/** Every hour on the hour (digests are due from Monday 08:00 local, in any time zone). */
export const digestSchedule = { cron: "0 * * * *", everyMs: 3_600_000 } as const;

export function startJobRunner(deps: {
  config: Config;
  prisma: PrismaClient;
  /** The process's event bus: export jobs push their progress through it. */
  bus?: EventBus;
  /** Overrides RUN_WORKERS (the worker process always runs them). */
  runWorkers?: boolean;
  prefix?: string;
  removeOnClose?: boolean;
  retry?: RetryPolicy;
  onFailure?: (failure: JobFailure) => void;
  /** Where job failures are logged; the process's "jobs" logger by default. */
  log?: Log;
}): JobRunner {
  let self: JobRunner | undefined;
  const log = deps.log ?? logger(deps.config, "jobs");
  const { handlers, close } = createJobHandlers({ config: deps.config, prisma: deps.prisma, bus: deps.bus, jobs: () => self!, log });
  const runner = createJobRunner({
    redisUrl: deps.config.redisUrl,
    handlers,
    runWorkers: deps.runWorkers ?? deps.config.runWorkers,
    prefix: deps.prefix ?? deps.config.queuePrefix,
    removeOnClose: deps.removeOnClose,
    retry: deps.retry,
    onFailure:
      deps.onFailure ??
      ((f) => {
        const message = f.error instanceof Error ? f.error.message : String(f.error);
        log[f.final ? "error" : "warn"](
          { job: f.name, attempt: f.attempt, final: f.final },
          `${f.name} attempt ${f.attempt} failed${f.final ? " (giving up)" : ", will retry"}: ${message}`,
        );
      }),
  });
  // Campaign runs left unfinished by a crash (or an embedded process's restart) are queued again.
  const stopSweeper =
    (deps.runWorkers ?? deps.config.runWorkers) && !deps.removeOnClose
      ? startRunSweeper({ prisma: deps.prisma, jobs: runner, log, smsReceiptTimeoutMinutes: deps.config.smsReceiptTimeoutMinutes })
      : () => {};
  // The weekly digest: a tick every hour sends what is due (domain/digest/digest.ts). Declared by every
  // process that runs jobs; with Redis it is one job scheduler under this id.
  if ((deps.runWorkers ?? deps.config.runWorkers) && !deps.removeOnClose) {
    void runner
      .schedule?.("weekly-digest", digestSchedule, "digest.tick", {})
      .catch((error: unknown) => log.error({ err: error }, "could not schedule the weekly digest"));
  }
  // Notification evaluations and firings left behind by a stop are queued again (evaluation.ts).
  const stopNotificationSweeper =
    (deps.runWorkers ?? deps.config.runWorkers) && !deps.removeOnClose ? startNotificationSweeper({ prisma: deps.prisma, jobs: () => self!, log }) : () => {};
  self = {
    mode: runner.mode,
    schedule: runner.schedule ? (id, pattern, name, payload) => runner.schedule!(id, pattern, name, payload) : undefined,
    enqueue: (name, payload, opts) => runner.enqueue(name, payload, opts),
    idle: (timeoutMs) => runner.idle(timeoutMs),
    counts: () => runner.counts!(),
    close: async () => {
      stopSweeper();
      stopNotificationSweeper();
      await runner.close();
      close();
    },
  };
  return self;
}
