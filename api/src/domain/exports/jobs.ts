// Export jobs (spec 001 §4 "File and PDF generation: generating, finished, failed", §7 cacheId / pdf id
// and the poll calls, §8 "File generation failed", "file export not allowed on the plan").
//
// `startExport` checks the caller's rights and plan, stores an ExportJob (generating, 0 %), queues an
// `export.run` job (BullMQ with REDIS_URL, in process otherwise) and answers the job's id at once.
// The job (./run.ts) runs the producer, which streams the file to `outputPath` under the data
// directory while reporting progress; every stored change is pushed to `exportStatusChanged`
// subscribers. Files live 24 hours (exportTtlMs), then the download answers 410 and the file goes.
// Only the one who started an export sees it (its maker): anyone else, in the same or another
// organisation, gets "Export not found". A share link's visitor exports too (no session): the job's
// maker is then the link (ExportJob.shareTokenId, with userId its creator), so only a caller holding
// that same link's token reaches the job, while the link works (expired: 410, removed or tampered:
// 404) and for 24 hours; a member's own jobs have no link and are never reached through a token.
// The plan check applies to the link's organisation, and the link's creator must hold the
// exportResults right (a link never exports more than its creator could).
import path from "node:path";
import { rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import type { DomainContext } from "../context.js";
import type { ExportJob, ExportKind, PrismaClient } from "../../generated/prisma/client.js";
import { organizationDb, tenantDb } from "../tenancy.js";
import { DomainError, forbidden, notFound } from "../errors.js";
import { requireOrganization, type Viewer } from "../viewer.js";
import { anyUnitHasRight } from "../../permissions/rights.js";
import type { ExportStatusEvent } from "../../pubsub/bus.js";
import { loadViewer } from "../viewer.js";
import { callerOf } from "../results-scope/caller.js";
import { shareMessages, shareScopeOf, type ShareScope } from "../results-scope/share-link.js";
import type { ExportProducer, ExportProducerFn } from "./producers.js";

export type { ExportProducer, ExportProducerFn, ExportProducerJob } from "./producers.js";
export { defineExportProducer } from "./producers.js";

/** How long a finished file can be downloaded. */
export const exportTtlMs = 24 * 60 * 60 * 1000;
/** A job still generating after this long lost its process (a restart): it reads as failed. */
const stalledAfterMs = 2 * 60 * 60 * 1000;

export const exportMessages = {
  notFound: "Export not found",
  /** Spec 001 §8 "file export not allowed on the plan". */
  notOnPlan: "File export not allowed on the plan. Upgrade your plan or contact support.",
  noRights: "You do not have the rights to export results",
  /** A share link whose creator may not export results (viewers). */
  linkNoRights: "This share link does not allow exports: its creator may not export results",
  /** Spec 001 §8 "File generation failed". */
  fileFailed: "File generation failed. Contact support.",
  /** Spec 001 §8 "PDF generation failed (contact support)". */
  pdfFailed: "PDF generation failed. Contact support.",
  expired: "This export has expired. Generate it again.",
  notReady: "This export is not ready yet",
  /** A share link makes one file at a time (visitors are anonymous: no unbounded exports). */
  linkBusy: "An export through this share link is already being made: wait for it to finish",
  failed: "This export failed: generate it again",
} as const;

/** Spec 000 §6 "file exports (csv, pdf, xlsx, all)": the feature constants that allow each kind. */
const exportFeatures: Record<ExportKind, readonly string[]> = {
  csv: ["fileExportCsv", "fileExportAll"],
  xlsx: ["fileExportXlsx", "fileExportAll"],
  pdf: ["fileExportPdf", "fileExportAll"],
};

export const exportContentTypes: Record<ExportKind, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** The directory of an organisation's export files. */
export function exportDirectory(dataDir: string, organizationId: string): string {
  return path.join(dataDir, "exports", organizationId);
}

export function exportFilePath(dataDir: string, job: { id: string; organizationId: string; kind: ExportKind }): string {
  return path.join(exportDirectory(dataDir, job.organizationId), `${job.id}.${job.kind}`);
}

/** Refuses unless the viewer may export results and the plan allows this kind of file. */
export function assertMayExport(viewer: Viewer, kind: ExportKind, opts: { viaLink?: boolean } = {}): void {
  if (!exportFeatures[kind].some((f) => viewer.features.includes(f))) throw new DomainError("FORBIDDEN", exportMessages.notOnPlan);
  if (!viewer.organizationAdmin && !anyUnitHasRight(viewer.grants, "exportResults")) {
    throw forbidden(opts.viaLink ? exportMessages.linkNoRights : exportMessages.noRights);
  }
}

/** The kinds of file `viewer` may export (assertMayExport passes): none without the right. */
export function exportKindsAllowed(viewer: Viewer): ExportKind[] {
  if (!viewer.organizationAdmin && !anyUnitHasRight(viewer.grants, "exportResults")) return [];
  return (Object.keys(exportFeatures) as ExportKind[]).filter((kind) => exportFeatures[kind].some((f) => viewer.features.includes(f)));
}

/** The kinds of file a share link's visitors may export: its creator's (a link never exports more). */
export async function linkExportKinds(ctx: Pick<DomainContext, "prisma">, link: { createdByUserId: string; organizationId: string }): Promise<ExportKind[]> {
  const creator = await loadViewer(ctx.prisma, link.createdByUserId, "accessToken", { organizationId: link.organizationId });
  return creator ? exportKindsAllowed(creator) : [];
}

/**
 * Who an export belongs to: the signed-in member, or (no session, a share token) the link, acting
 * with its creator's membership in the link's organisation.
 */
export type ExportMaker = {
  organizationId: string;
  /** The member; for a link, the link's creator. */
  userId: string;
  /** The link a visitor exports through; null for a member's own export. */
  shareTokenId: string | null;
  /** The member, or the link's creator (plan features and rights). */
  viewer: Viewer;
  /** The link's scope (filters with the visitor's allowed changes, options); null for members. */
  share: ShareScope | null;
  /** The database scoped to the maker's organisation (the member's current one, or the link's). */
  db: PrismaClient;
};

/** The caller's maker: a member, else the share token's link (refused as any link is: 404, 410). */
export async function exportMakerOf(ctx: DomainContext, shareToken?: string | null, visitorFilters?: unknown): Promise<ExportMaker> {
  const caller = await callerOf(ctx, shareToken);
  if (caller.kind === "shareLink") {
    const filters =
      visitorFilters && typeof visitorFilters === "object" && !Array.isArray(visitorFilters) ? (visitorFilters as Record<string, unknown>) : undefined;
    const share = shareScopeOf(caller.link, filters);
    const viewer = await loadViewer(ctx.prisma, share.createdByUserId, "accessToken", { organizationId: share.organizationId });
    if (!viewer) throw notFound(shareMessages.invalid);
    const db = organizationDb(ctx, share.organizationId);
    return { organizationId: share.organizationId, userId: share.createdByUserId, shareTokenId: share.shareTokenId, viewer, share, db };
  }
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  return { organizationId, userId: viewer.userId, shareTokenId: null, viewer, share: null, db: tenantDb(ctx) };
}

// Producers given as plain functions run in this process: kept here by job id until the job runs.
const inlineProducers = new Map<string, ExportProducerFn>();
export function takeInlineProducer(exportJobId: string): ExportProducerFn | undefined {
  const fn = inlineProducers.get(exportJobId);
  inlineProducers.delete(exportJobId);
  return fn;
}

export type StartExportInput = {
  kind: ExportKind;
  /** JSON the producer reads (filters, columns, locale…); stored with the job. */
  request: unknown;
  /**
   * A producer from defineExportProducer (works in any process that runs jobs), or a plain function
   * (runs only in this process: fine for the in-process runner and a single api process).
   */
  producer: ExportProducer | ExportProducerFn;
  /** Optional: must be the caller's own (the job always belongs to the caller). */
  organizationId?: string;
  userId?: string;
  /** A journey's PDF (startPdfExport checked the journey is the link's): the one export a journey's link may start. */
  journeyPdf?: boolean;
  /** A share link's token (no session): the job belongs to the link (see the top of this module). */
  shareToken?: string | null;
};

/**
 * Starts an export for the signed-in caller and answers the ExportJob id (the spec's cacheId or PDF
 * id) at once. Refused with the plan message when the organisation's plan lacks the kind's feature,
 * and without the exportResults right (viewers).
 */
export async function startExport(ctx: DomainContext, input: StartExportInput): Promise<string> {
  const maker = await exportMakerOf(ctx, input.shareToken);
  const { organizationId, db } = maker;
  if ((input.organizationId && input.organizationId !== organizationId) || (input.userId && input.userId !== maker.userId)) {
    throw forbidden();
  }
  assertMayExport(maker.viewer, input.kind, { viaLink: maker.shareTokenId !== null });
  // A journey's link exports its journey's PDF only, never the results it was made from.
  if (maker.share?.journeyId && !input.journeyPdf) throw forbidden(shareMessages.journeyOnly);
  if (maker.shareTokenId) {
    // Anyone holding a link can start exports, so a link makes one at a time (each holds a database
    // connection and, with a DATABASE_URL, an export process while it runs).
    const busy = await db.exportJob.count({
      where: { shareTokenId: maker.shareTokenId, status: "generating", createdAt: { gt: new Date(Date.now() - stalledAfterMs) } },
    });
    if (busy > 0) throw new DomainError("RATE_LIMITED", exportMessages.linkBusy);
  }
  await sweepExpiredExports(db).catch(() => {});
  const job = await db.exportJob.create({
    data: {
      organizationId,
      userId: maker.userId,
      shareTokenId: maker.shareTokenId,
      kind: input.kind,
      request: (input.request ?? {}) as object,
    },
    select: { id: true },
  });
  let producerName: string;
  if (typeof input.producer === "function") {
    inlineProducers.set(job.id, input.producer);
    producerName = `inline:${job.id}`;
  } else {
    producerName = input.producer.name;
  }
  try {
    await ctx.jobs.enqueue("export.run", { exportJobId: job.id, producer: producerName });
  } catch (error) {
    inlineProducers.delete(job.id);
    await db.exportJob.update({
      where: { id: job.id },
      data: { status: "failed", error: input.kind === "pdf" ? exportMessages.pdfFailed : exportMessages.fileFailed, finishedAt: new Date() },
    });
    throw error;
  }
  return job.id;
}

/**
 * The caller's own export job, or "Export not found" (any other id, person, link or organisation).
 * With a share token (no session): the jobs started through that link only.
 */
export async function getExportJob(ctx: DomainContext, id: string, shareToken?: string | null): Promise<ExportJob> {
  const { db, userId, shareTokenId } = await exportMakerOf(ctx, shareToken);
  const job = /^[0-9a-f]{24}$/.test(id) ? await db.exportJob.findFirst({ where: { id, userId, shareTokenId } }) : null;
  if (!job) throw notFound(exportMessages.notFound);
  if (job.status === "generating" && Date.now() - job.createdAt.getTime() > stalledAfterMs) {
    // Its process went away (an in-process job does not survive a restart): say so instead of spinning.
    const error = job.kind === "pdf" ? exportMessages.pdfFailed : exportMessages.fileFailed;
    const failed = await db.exportJob.updateMany({
      where: { id: job.id, status: "generating" },
      data: { status: "failed", error, finishedAt: new Date() },
    });
    if (failed.count) {
      const row = { ...job, status: "failed" as const, error, finishedAt: new Date() };
      ctx.bus.publish("export:status", row.id, statusEvent(row));
      return row;
    }
    return db.exportJob.findFirstOrThrow({ where: { id: job.id } });
  }
  return job;
}

/** The same, for one kind only (the PDF poll does not answer a CSV job's id and the other way round). */
export async function getExportJobOfKinds(ctx: DomainContext, id: string, kinds: readonly ExportKind[], shareToken?: string | null): Promise<ExportJob> {
  const job = await getExportJob(ctx, id, shareToken);
  if (!kinds.includes(job.kind)) throw notFound(exportMessages.notFound);
  return job;
}

function isExpired(job: Pick<ExportJob, "finishedAt" | "createdAt">, now = new Date()): boolean {
  return now.getTime() - (job.finishedAt ?? job.createdAt).getTime() > exportTtlMs;
}

/** The download path under /api/v5 of a finished, unexpired job; null otherwise. */
export function downloadPath(job: Pick<ExportJob, "id" | "status" | "finishedAt" | "createdAt" | "filePath">): string | null {
  if (job.status !== "finished" || !job.filePath || isExpired(job)) return null;
  return `/exports/${job.id}/download`;
}

export function statusEvent(job: Pick<ExportJob, "id" | "kind" | "status" | "progress" | "error" | "finishedAt">): ExportStatusEvent {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    error: job.error,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** The file of the caller's finished export, for the download route. */
export async function exportFileForDownload(
  ctx: DomainContext,
  id: string,
  shareToken?: string | null,
): Promise<{ job: ExportJob; filePath: string; fileName: string }> {
  const job = await getExportJob(ctx, id, shareToken);
  if (job.status === "generating") throw new DomainError("CONFLICT", exportMessages.notReady);
  if (job.status === "failed" || !job.filePath) throw new DomainError("CONFLICT", job.error ?? exportMessages.failed);
  if (isExpired(job) || !existsSync(job.filePath)) throw new DomainError("GONE", exportMessages.expired);
  const day = (job.finishedAt ?? job.createdAt).toISOString().slice(0, 10);
  // A PDF of the results (POST /results-pdf) carries the components it prints; the feedback list's does not.
  const isResultsPdf = job.kind === "pdf" && !!job.request && typeof job.request === "object" && "data" in (job.request as object);
  const base = isResultsPdf ? "results" : "feedback-list";
  return { job, filePath: job.filePath, fileName: `${base}-${day}.${job.kind}` };
}

/** Removes the files visitors exported through a share link (called as the link is removed; its jobs go with it). */
export async function removeExportFilesOfLink(prisma: DomainContext["prisma"], shareTokenId: string): Promise<void> {
  const files = await prisma.exportJob.findMany({ where: { shareTokenId, filePath: { not: null } }, select: { filePath: true } });
  for (const f of files) if (f.filePath) await rm(f.filePath, { force: true }).catch(() => {});
}

/** Removes the expired export files of the organisation `db` is scoped to (called when a new export starts). */
export async function sweepExpiredExports(db: PrismaClient, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - exportTtlMs);
  const expired = await db.exportJob.findMany({
    where: { filePath: { not: null }, OR: [{ finishedAt: { lt: before } }, { finishedAt: null, createdAt: { lt: before } }] },
    select: { id: true, filePath: true },
    take: 500,
  });
  for (const job of expired) {
    if (job.filePath) await rm(job.filePath, { force: true });
    await db.exportJob.update({ where: { id: job.id }, data: { filePath: null } });
  }
  return expired.length;
}
