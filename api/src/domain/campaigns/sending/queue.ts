// A minimal stand-in for the sending part (its owner's version replaces this file): it records each
// queued run on the launch once, so queueing the same (launchId, runKey) twice queues it once. The
// message records and their sending are the sending part's.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { JobRunner } from "../../../jobs/runner.js";
import { notFound } from "../../errors.js";

/** Queue the sending of one run of a launch (an immediate launch has one run; a recurring launch one per firing).
 *  runKey makes it idempotent: queueing the same (launchId, runKey) twice sends once. */
export async function queueLaunchRun(deps: { prisma: PrismaClient; jobs: JobRunner }, launch: { id: string; runKey: string }): Promise<void> {
  const found = await deps.prisma.launch.findUnique({ where: { id: launch.id }, select: { id: true } });
  if (!found) throw notFound("Launch not found");
  // one statement: the run key is added only when it is not there yet
  await deps.prisma.$executeRaw`
    update "Launch" set options = jsonb_set(options, '{queuedRuns}', coalesce(options->'queuedRuns', '[]'::jsonb) || to_jsonb(${launch.runKey}::text))
    where id = ${launch.id} and not coalesce(options->'queuedRuns', '[]'::jsonb) ? ${launch.runKey}`;
}
