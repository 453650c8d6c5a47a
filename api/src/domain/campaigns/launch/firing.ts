// Firing launches (docs/campaigns.md "Launching"): a launch fires once when it is immediate or
// scheduled later, once per occurrence when it is recurring. What a firing does:
// - terminals, links, QR codes and web widgets (and the campaign touchpoints) get the survey as
//   their active survey;
// - an email or SMS campaign is checked (assertLaunchSendable) and its run queued (queueLaunchRun)
//   under the firing's runKey.
//
// Exactly once per firing, with any number of processes and across restarts, without timers in
// memory: scheduled launches live in PostgreSQL (Launch.status scheduled, nextRunAt) and every
// process polls them (`runLaunchScheduler`). A firing is claimed by one conditional update that
// moves nextRunAt on (only one process can move it from the planned time), in the same
// transaction that writes its LaunchFiring row (unique launchId + runKey). The firing is then
// dispatched; a process that dies before finishing leaves the firing undispatched, and after its
// lease another process dispatches it again: activating is idempotent and queueLaunchRun is
// idempotent per runKey, so nothing is sent twice.
//
// Failures: a refusal (DomainError: no balance, a template gone, every touchpoint deleted) is final:
// a one-off launch becomes failed with the error, a recurring one keeps its schedule and shows the
// error of its last firing. Other errors (the database or Redis away) are retried by the sweep up to
// `maxAttempts` times, then recorded the same way.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { JobRunner } from "../../../jobs/runner.js";
import { badInput, DomainError } from "../../errors.js";
import { assertLaunchSendable } from "../sending/preflight.js";
import { queueLaunchRun } from "../sending/queue.js";
import { nextOccurrence, storedRecurrence } from "./schedule.js";

export type FiringDeps = { prisma: PrismaClient; jobs: JobRunner };

export const leaseMs = 5 * 60_000;
export const maxAttempts = 3;
export const genericFailure = "A generic error occurred";
export const noTouchpointsLeft = "None of the launch's touchpoints exist any more";

/** Which part of a wizard launch a Launch row is: activation (terminal, link/QR, widget), email or SMS. */
export type LaunchChannel = "activation" | "email" | "sms";

type LaunchForFiring = {
  id: string;
  organizationId: string;
  kind: string;
  recurrence: unknown;
  nextRunAt: Date | null;
};

const channelOf = (options: unknown): LaunchChannel => {
  const c = (options as { channel?: unknown } | null)?.channel;
  return c === "email" || c === "sms" ? c : "activation";
};

/**
 * Claims the firing of a scheduled launch planned at its nextRunAt: one caller wins, the others get
 * null. A recurring launch moves on to its next occurrence after now (missed ones, e.g. while every
 * process was down, fire once, not once each).
 */
export async function claimFiring(prisma: PrismaClient, launch: LaunchForFiring, now: Date): Promise<{ id: string; runKey: string } | null> {
  const plannedAt = launch.nextRunAt;
  if (!plannedAt) return null;
  const recurrence = launch.kind === "recurring" ? storedRecurrence(launch.recurrence) : null;
  const next = recurrence ? nextOccurrence(recurrence, plannedAt > now ? plannedAt : now) : null;
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.launch.updateMany({
      where: { id: launch.id, status: "scheduled", nextRunAt: plannedAt },
      data: { nextRunAt: next, lastRunAt: plannedAt, ...(next ? {} : { status: "sending" }) },
    });
    if (claimed.count !== 1) return null;
    const runKey = plannedAt.toISOString();
    const firing = await tx.launchFiring.create({
      data: { organizationId: launch.organizationId, launchId: launch.id, runKey, plannedAt, claimedUntil: new Date(now.getTime() + leaseMs), attempts: 1 },
      select: { id: true, runKey: true },
    });
    return firing;
  });
}

/**
 * Does what the firing stands for. Answers the error when it failed (recorded on the firing and the
 * launch when it is final), else null.
 */
export async function dispatchFiring(deps: FiringDeps, firingId: string, now: Date, opts: { finalOnAnyError?: boolean } = {}): Promise<unknown> {
  const { prisma } = deps;
  const firing = await prisma.launchFiring.findUniqueOrThrow({
    where: { id: firingId },
    select: {
      id: true,
      runKey: true,
      attempts: true,
      dispatchedAt: true,
      launch: {
        select: { id: true, organizationId: true, surveyId: true, kind: true, status: true, touchpointIds: true, messageTemplateId: true, options: true },
      },
    },
  });
  if (firing.dispatchedAt) return null;
  const launch = firing.launch;
  if (launch.status === "cancelled") {
    await prisma.launchFiring.update({ where: { id: firing.id }, data: { dispatchedAt: now, error: "launch cancelled" } });
    return null;
  }
  const channel = channelOf(launch.options);
  try {
    const touchpoints = await prisma.touchpoint.findMany({
      where: { organizationId: launch.organizationId, id: { in: launch.touchpointIds }, deleted: false },
      select: { id: true },
    });
    if (touchpoints.length === 0) throw badInput(noTouchpointsLeft, "touchpointIds");
    const ids = touchpoints.map((t) => t.id);
    if (channel !== "activation") {
      await assertLaunchSendable(prisma, {
        organizationId: launch.organizationId,
        surveyId: launch.surveyId,
        touchpointIds: ids,
        messageTemplateId: launch.messageTemplateId,
      });
    }
    await prisma.touchpoint.updateMany({ where: { organizationId: launch.organizationId, id: { in: ids } }, data: { activeSurveyId: launch.surveyId } });
    if (channel !== "activation") await queueLaunchRun(deps, { id: launch.id, runKey: firing.runKey });
    else if (launch.kind !== "recurring") await prisma.launch.updateMany({ where: { id: launch.id, status: "sending" }, data: { status: "sent" } });
    await prisma.$transaction([
      prisma.launchFiring.update({ where: { id: firing.id }, data: { dispatchedAt: now, error: null } }),
      // a recurring launch's error is that of its last firing
      prisma.launch.updateMany({ where: { id: launch.id, kind: "recurring" }, data: { error: null } }),
    ]);
    return null;
  } catch (error) {
    const final = error instanceof DomainError || opts.finalOnAnyError || firing.attempts >= maxAttempts;
    if (final) {
      const message = error instanceof DomainError ? error.message : genericFailure;
      await prisma.$transaction([
        prisma.launchFiring.update({ where: { id: firing.id }, data: { dispatchedAt: now, error: message } }),
        launch.kind === "recurring"
          ? prisma.launch.updateMany({ where: { id: launch.id }, data: { error: message } })
          : prisma.launch.updateMany({ where: { id: launch.id, status: { not: "cancelled" } }, data: { status: "failed", error: message } }),
      ]);
    }
    return error;
  }
}

/**
 * One pass of the scheduler: fires the launches due at `now`, then dispatches again the firings a
 * process left undispatched (its lease ran out). Safe to run in any number of processes at once.
 */
export async function runDueLaunches(deps: FiringDeps, now: Date, limit = 100): Promise<{ fired: number; resumed: number }> {
  const due = await deps.prisma.launch.findMany({
    where: { status: "scheduled", nextRunAt: { lte: now } },
    select: { id: true, organizationId: true, kind: true, recurrence: true, nextRunAt: true },
    orderBy: { nextRunAt: "asc" },
    take: limit,
  });
  let fired = 0;
  for (const launch of due) {
    const firing = await claimFiring(deps.prisma, launch, now);
    if (!firing) continue;
    fired++;
    await dispatchFiring(deps, firing.id, now);
  }
  const stale = await deps.prisma.launchFiring.findMany({
    where: { dispatchedAt: null, claimedUntil: { lt: now } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let resumed = 0;
  for (const { id } of stale) {
    // take over the lease: one process wins
    const taken = await deps.prisma.launchFiring.updateMany({
      where: { id, dispatchedAt: null, claimedUntil: { lt: now } },
      data: { claimedUntil: new Date(now.getTime() + leaseMs), attempts: { increment: 1 } },
    });
    if (taken.count !== 1) continue;
    resumed++;
    await dispatchFiring(deps, id, now);
  }
  return { fired, resumed };
}

/**
 * Polls every `intervalMs` in the processes that run jobs (the api with workers, `npm run worker`).
 * Answers a stop function that waits for a pass under way.
 */
export function runLaunchScheduler(
  deps: FiringDeps & { log?: { error(obj: unknown, msg: string): void } },
  opts: { intervalMs?: number; now?: () => Date } = {},
): () => Promise<void> {
  const intervalMs = opts.intervalMs ?? 15_000;
  const now = opts.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runDueLaunches(deps, now()).catch((error: unknown) => deps.log?.error({ err: error }, "the launch scheduler's pass failed"));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
