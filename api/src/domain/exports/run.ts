// The `export.run` job: runs an export's producer and keeps its ExportJob row and subscribers up to
// date (generating with progress → finished with the file, or failed with a message). A failure is
// final (no retry): the person sees "failed" and can start again. A job found already finished or
// failed (a redelivered BullMQ job) is left alone.
import { mkdir, rm, stat } from "node:fs/promises";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";
import type { EventBus } from "../../pubsub/bus.js";
import type { JobRunner } from "../../jobs/runner.js";
import type { Log } from "../../log.js";
import { DomainError } from "../errors.js";
import { loadViewer } from "../viewer.js";
import { exportDirectory, exportFilePath, exportMessages, statusEvent, takeInlineProducer } from "./jobs.js";
import { findExportProducer, type ExportProducerFn } from "./producers.js";

export type ExportRunDeps = {
  prisma: PrismaClient;
  config: Config;
  bus: EventBus;
  /** The process's job runner (a producer's domain context may queue work). */
  jobs: () => JobRunner;
  /** Where a failure's cause is logged (the person sees only the message). */
  log?: Log;
};

/** Progress is stored and pushed at most this often (and always at 100). */
const progressIntervalMs = 200;

export async function runExportJob(deps: ExportRunDeps, payload: { exportJobId: string; producer: string }): Promise<void> {
  const { prisma, config, bus } = deps;
  const job = await prisma.exportJob.findUnique({ where: { id: payload.exportJobId } });
  if (job?.status !== "generating") return;
  const failedMessage = job.kind === "pdf" ? exportMessages.pdfFailed : exportMessages.fileFailed;

  const publish = (row: Parameters<typeof statusEvent>[0]) => bus.publish("export:status", row.id, statusEvent(row));
  const fail = async (message: string, cause?: unknown) => {
    if (cause !== undefined) {
      deps.log?.error({ err: cause, exportJobId: job.id, kind: job.kind }, `${job.kind} export ${job.id} failed`);
    }
    const row = await prisma.exportJob.update({
      where: { id: job.id },
      data: { status: "failed", error: message, finishedAt: new Date() },
    });
    publish(row);
  };

  const producer: ExportProducerFn | undefined = payload.producer.startsWith("inline:")
    ? takeInlineProducer(job.id)
    : findExportProducer(payload.producer)?.run;
  if (!producer) return fail(failedMessage, new Error(`no export producer '${payload.producer}' in this process`));

  const viewer = await loadViewer(prisma, job.userId, "accessToken", { organizationId: job.organizationId });
  if (!viewer) return fail(failedMessage, new Error("the person who asked is no longer a member"));

  const outputPath = exportFilePath(config.dataDir, job);
  await mkdir(exportDirectory(config.dataDir, job.organizationId), { recursive: true });

  let stored = 0;
  let lastWrite = 0;
  const reportProgress = async (pct: number) => {
    const value = Math.max(0, Math.min(100, Math.floor(Number.isFinite(pct) ? pct : 0)));
    if (value <= stored) return;
    const now = Date.now();
    if (value < 100 && now - lastWrite < progressIntervalMs) return;
    stored = value;
    lastWrite = now;
    // Progress never reaches 100 while generating: 100 is "finished".
    const row = await prisma.exportJob.update({ where: { id: job.id }, data: { progress: Math.min(value, 99) } });
    publish(row);
  };

  publish(job);
  try {
    await producer({
      id: job.id,
      organizationId: job.organizationId,
      userId: job.userId,
      shareTokenId: job.shareTokenId,
      kind: job.kind,
      request: job.request,
      outputPath,
      reportProgress,
      viewer,
      ctx: { prisma, bus, config, jobs: deps.jobs(), viewer },
    });
    await stat(outputPath);
  } catch (error) {
    await rm(outputPath, { force: true }).catch(() => {});
    // A domain error's message is meant for the person (e.g. "PDF export needs Chromium…").
    return fail(error instanceof DomainError ? error.message : failedMessage, error);
  }
  const row = await prisma.exportJob.update({
    where: { id: job.id },
    data: { status: "finished", progress: 100, filePath: outputPath, finishedAt: new Date(), error: null },
  });
  publish(row);
}
