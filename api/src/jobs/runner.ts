// The job runner: named jobs with a retry policy. With REDIS_URL the jobs go through a BullMQ queue
// on Redis and a Worker (in the api process unless RUN_WORKERS=false, or `npm run worker`) runs them;
// without it (embedded mode) the same job functions run in this process, asynchronously, with the
// same retry policy. Callers only ever see `enqueue`.
import { Queue, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import type { QueuedMail } from "../mail/queue-mail.js";
import type { EvaluatedResponse } from "../domain/notifications/evaluation.js";

/** Every job by name, with its payload. Payloads are JSON (they travel through Redis). */
export type JobPayloads = {
  "mail.send": QueuedMail;
  /** Produce an export file (api/src/domain/exports/run.ts). producer: a registered producer's name. */
  "export.run": { exportJobId: string; producer: string };
  /** Send one run of a campaign launch (api/src/domain/campaigns/sending/run.ts). */
  "campaign.run": { launchId: string; runKey: string };
  /** Send the weekly digests that are due (api/src/domain/digest/digest.ts); run every hour by a job scheduler. */
  "digest.tick": { /** ISO instant to tick at (tests, a manual run); the scheduler's ticks use the clock. */ at?: string };
  /** Check stored responses (one insert group's) against their surveys' notification rules (api/src/domain/notifications/evaluation.ts). */
  "notification.evaluate": {
    responseIds: string[];
    /** Some of them as just stored (the ingestion hands them on), so they are not read back; the others are read. */
    responses?: EvaluatedResponse[];
  };
  /** Send one firing of a notification rule: the alert to each recipient (same file). */
  "notification.send": { firingId: string };
  /** Post one signed webhook delivery of a firing (api/src/domain/notifications/webhooks.ts). */
  "notification.webhook": { deliveryId: string };
};
export type JobName = keyof JobPayloads;

/** The job functions. `attempt` counts from 1. Throwing makes the job retry until attempts run out. */
export type JobHandlers = { [N in JobName]: (payload: JobPayloads[N], info: { attempt: number }) => Promise<void> };

/** Exponential backoff: a failed attempt n waits `backoffMs * 2^(n-1)` before the next. */
export type RetryPolicy = { attempts: number; backoffMs: number };
const defaultRetryPolicy: RetryPolicy = { attempts: 3, backoffMs: 1_000 };

export type JobCounts = { waiting: number; active: number; delayed: number; failed: number };

export type JobFailure = { name: string; attempt: number; final: boolean; error: unknown };

export interface JobRunner {
  readonly mode: "redis" | "in-process";
  /**
   * `jobId`: a job with this id that is still waiting, running or waiting for a retry makes this call
   * add nothing (the campaign sweep re-queues a run only once); once it ended the id is free again.
   */
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts?: { jobId?: string }): Promise<void>;
  /**
   * Runs a job on a cron pattern. With Redis: a BullMQ job scheduler (queue.upsertJobScheduler),
   * one schedule under this id however many processes declare it, kept across restarts; in process:
   * a timer of this process.
   */
  schedule?<N extends JobName>(id: string, pattern: { cron: string; everyMs: number }, name: N, payload: JobPayloads[N]): Promise<void>;
  /** Resolves once no job is waiting, running or waiting for a retry (tests and shutdown). */
  idle(timeoutMs?: number): Promise<void>;
  /**
   * Jobs by state, for /metrics: waiting (queued, not started), active (running), delayed (waiting
   * for a retry), failed (given up, kept by BullMQ; the in-process runner keeps none).
   */
  counts?(): Promise<JobCounts>;
  close(): Promise<void>;
}

export type JobRunnerOptions = {
  redisUrl: string | undefined;
  /** A job without a function here fails ("No job function named …"); tests pass only the ones they use. */
  handlers: Partial<JobHandlers>;
  /** Run the job functions here (the Worker, or the in-process runner). Only false with Redis. */
  runWorkers?: boolean;
  retry?: RetryPolicy;
  /** Redis key prefix of the queue; the api and `npm run worker` must agree. Tests use their own. */
  prefix?: string;
  /** Remove the queue's keys on close (tests with a throwaway prefix). */
  removeOnClose?: boolean;
  concurrency?: number;
  onFailure?: (failure: JobFailure) => void;
};

export const queueName = "jobs";
/**
 * Jobs that have a named queue of their own (with its own workers), so a long campaign never holds up
 * the other jobs. Every other job goes to `queueName`.
 */
export const namedQueues: { [N in JobName]?: { queue: string; concurrency: number; keep?: { completed: number; failed: number } } } = {
  "campaign.run": { queue: "campaign-sending", concurrency: 2 },
  // its payload carries up to 200 stored responses with their answers (tens of kB): Redis keeps few once done
  "notification.evaluate": { queue: "notifications", concurrency: 4, keep: { completed: 20, failed: 200 } },
  "notification.send": { queue: "notifications", concurrency: 4 },
  "notification.webhook": { queue: "notifications", concurrency: 4 },
};
const keepOf = (name: string) => (namedQueues as Record<string, { keep?: { completed: number; failed: number } } | undefined>)[name]?.keep;
const queueOf = (name: string) => (namedQueues as Record<string, { queue: string } | undefined>)[name]?.queue ?? queueName;
export const defaultQueuePrefix = "fbk";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  return options.redisUrl ? createRedisRunner({ ...options, redisUrl: options.redisUrl }) : createInProcessRunner(options);
}

function dispatch(handlers: Partial<JobHandlers>, name: string, payload: unknown, attempt: number): Promise<void> {
  const handler = (handlers as Record<string, ((p: unknown, i: { attempt: number }) => Promise<void>) | undefined>)[name];
  if (!handler) return Promise.reject(new Error(`No job function named ${name}`));
  return handler(payload, { attempt });
}

function createInProcessRunner(options: JobRunnerOptions): JobRunner {
  if (options.runWorkers === false) {
    throw new Error("RUN_WORKERS=false needs REDIS_URL: without Redis the jobs run in the api process");
  }
  const retry = options.retry ?? defaultRetryPolicy;
  const timers = new Set<NodeJS.Timeout>();
  let pending = 0;
  let queued = 0;
  let active = 0;
  let closed = false;
  const idleWaiters: (() => void)[] = [];
  /** The jobIds of jobs not yet ended (queued, running, waiting for a retry). */
  const liveIds = new Set<string>();
  const settle = (jobId?: string) => {
    if (jobId) liveIds.delete(jobId);
    pending--;
    if (pending === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
  };

  const attempt = (name: string, payload: unknown, n: number, jobId?: string) => {
    active++;
    const done = dispatch(options.handlers, name, payload, n).finally(() => void active--);
    done.then(
      () => settle(jobId),
      (error: unknown) => {
        const final = n >= retry.attempts || closed;
        options.onFailure?.({ name, attempt: n, final, error });
        if (final) return settle(jobId);
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            attempt(name, payload, n + 1, jobId);
          },
          retry.backoffMs * 2 ** (n - 1),
        );
        timers.add(timer);
      },
    );
  };

  const intervals = new Set<NodeJS.Timeout>();
  return {
    mode: "in-process",
    async schedule(_id, pattern, name, payload) {
      const interval = setInterval(() => {
        if (!closed) void this.enqueue(name, payload).catch(() => {});
      }, pattern.everyMs);
      interval.unref();
      intervals.add(interval);
    },
    async enqueue(name, payload, opts) {
      if (closed) throw new Error("The job runner is closed");
      if (opts?.jobId) {
        if (liveIds.has(opts.jobId)) return;
        liveIds.add(opts.jobId);
      }
      // A copy through JSON, as through Redis: a job never shares objects with its caller.
      const copy = JSON.parse(JSON.stringify(payload)) as unknown;
      pending++;
      queued++;
      setImmediate(() => {
        queued--;
        attempt(name, copy, 1, opts?.jobId);
      });
    },
    async counts() {
      return { waiting: queued, active, delayed: timers.size, failed: 0 };
    },
    async idle(timeoutMs = 30_000) {
      if (pending === 0) return;
      await Promise.race([
        new Promise<void>((resolve) => idleWaiters.push(resolve)),
        sleep(timeoutMs).then(() => {
          throw new Error(`jobs still pending after ${timeoutMs} ms`);
        }),
      ]);
    },
    async close() {
      closed = true;
      for (const interval of intervals) clearInterval(interval);
      intervals.clear();
      // Retries not yet due are dropped: the in-process runner keeps nothing across restarts.
      for (const timer of timers) clearTimeout(timer);
      pending -= timers.size;
      timers.clear();
      if (pending > 0) await this.idle(10_000).catch(() => {});
    },
  };
}

function createRedisRunner(options: JobRunnerOptions & { redisUrl: string }): JobRunner {
  const retry = options.retry ?? defaultRetryPolicy;
  const prefix = options.prefix ?? defaultQueuePrefix;
  // BullMQ needs maxRetriesPerRequest: null on connections that block.
  const queueConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const names = [queueName, ...new Set(Object.values(namedQueues).map((q) => q.queue))];
  const queues = new Map(names.map((name) => [name, new Queue(name, { connection: queueConnection, prefix })]));
  const workers: Worker[] = [];
  const workerConnections: Redis[] = [];
  if (options.runWorkers !== false) {
    for (const name of names) {
      const workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      workerConnections.push(workerConnection);
      const named = Object.values(namedQueues).find((q) => q.queue === name);
      const worker = new Worker(name, (job: Job) => dispatch(options.handlers, job.name, job.data, job.attemptsMade + 1), {
        connection: workerConnection,
        prefix,
        concurrency: named?.concurrency ?? options.concurrency ?? 5,
      });
      worker.on("failed", (job, error) => {
        if (!job) return;
        const attempt = job.attemptsMade;
        options.onFailure?.({ name: job.name, attempt, final: attempt >= (job.opts.attempts ?? 1), error });
      });
      // Connection errors are retried by ioredis; without a listener they would crash the process.
      worker.on("error", () => {});
      workers.push(worker);
    }
  }
  for (const queue of queues.values()) queue.on("error", () => {});
  const everyQueue = () => [...queues.values()];

  return {
    mode: "redis",
    async schedule(id, pattern, name, payload) {
      await queues.get(queueOf(name))!.upsertJobScheduler(
        id,
        { pattern: pattern.cron },
        {
          name,
          data: payload,
          opts: { attempts: retry.attempts, backoff: { type: "exponential", delay: retry.backoffMs }, removeOnComplete: 100, removeOnFail: 500 },
        },
      );
    },
    async enqueue(name, payload, opts) {
      await queues.get(queueOf(name))!.add(name, payload, {
        attempts: retry.attempts,
        backoff: { type: "exponential", delay: retry.backoffMs },
        // BullMQ adds nothing while a job with the same id exists, also a finished one it keeps:
        // a job with an id is removed when it ends, so the id is free for the next time.
        ...(opts?.jobId
          ? { jobId: opts.jobId, removeOnComplete: true, removeOnFail: true }
          : { removeOnComplete: keepOf(name)?.completed ?? 1_000, removeOnFail: keepOf(name)?.failed ?? 5_000 }),
      });
    },
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const all = await Promise.all(everyQueue().map((q) => q.getJobCounts("waiting", "active", "delayed", "prioritized", "waiting-children")));
        if (all.every((counts) => Object.values(counts).every((n) => n === 0))) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms: ${JSON.stringify(all)}`);
        await sleep(50);
      }
    },
    async counts() {
      const all = await Promise.all(everyQueue().map((q) => q.getJobCounts("waiting", "prioritized", "active", "delayed", "failed")));
      const sum = (f: (c: Record<string, number>) => number) => all.reduce((n, c) => n + f(c), 0);
      return {
        waiting: sum((c) => (c.waiting ?? 0) + (c.prioritized ?? 0)),
        active: sum((c) => c.active ?? 0),
        delayed: sum((c) => c.delayed ?? 0),
        failed: sum((c) => c.failed ?? 0),
      };
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      for (const queue of everyQueue()) {
        if (options.removeOnClose) await queue.obliterate({ force: true }).catch(() => {});
        await queue.close();
      }
      queueConnection.disconnect();
      for (const c of workerConnections) c.disconnect();
    },
  };
}
