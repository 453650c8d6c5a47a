// Running a feedback-list file export for a job (the producers in ./exports.ts): the stored request
// (the filters in their wire shape and the language of the labels) becomes the plan input as the
// exporting member sees it when the job runs (files leave hidden responses out and blank hidden
// answers), or, for a job started through a share link, as the link shows it then (the link's
// filters with the visitor's allowed changes, bounded by its creator's teams, its hideTimestamps,
// smileyScale and hidden columns; fewer rows than hideResultsIfLessThan: no rows), then the file is written
//   - with a DATABASE_URL: in an export process of its own (./export-child.ts through
//     ../exports/export-process.ts), which plans, counts and streams on its own connection and
//     reports progress back, so the job's process does not grow with the export;
//   - on the embedded database (PGlite has one backend: a second connection holding a cursor open
//     would share the api's session): here, over Prisma.
// Either way the progress reaches the job in whole percents (ExportJob row, `exportStatusChanged`).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import type { ExportProducerJob } from "../exports/producers.js";
import { runInExportProcess } from "../exports/export-process.js";
import { parseResultsFilters, type ResultsFilters } from "../results-scope/filters.js";
import { responseScope, type ResponseScope } from "../results-scope/response-scope.js";
import { resolveShareScopeById } from "../results-scope/share-link.js";
import { requireShareLinkOpen } from "../../permissions/locked.js";
import { parseInput } from "../validation.js";
import { localeSchema, shareListView } from "./list.js";
import type { PlanInput } from "./query.js";
import { streamRows } from "./stream.js";
import { writeFeedbackListFile, type FileKind, type FileResult, type FileSpec } from "./export-file.js";
import type { ChildInput } from "./export-child.js";

export const exportRequestSchema = z.object({
  filters: z.unknown().optional(),
  locale: localeSchema.default("en"),
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

/** The entry module of the export process, beside this one (.ts under tsx and Vitest, .js if compiled). */
const exportChildEntry = fileURLToPath(new URL(`./export-child${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** What a file is made of: the plan input (plain data) and the fewest rows it may show. */
export type FilePlan = { planInput: PlanInput; minRows: number | null };

/**
 * The plan input of a file: the member's results scope under the request's filters, or with
 * `shareTokenId` the link's scope (resolved again now: a link removed or expired since fails the job).
 */
export async function filePlanInput(ctx: DomainContext, request: ExportRequest, shareTokenId?: string | null): Promise<FilePlan> {
  const planInput = (scope: ResponseScope, filters: ResultsFilters, extra: Partial<FilePlan["planInput"]> = {}): FilePlan["planInput"] => ({
    scope: { sql: scope.sql, params: scope.params, organizationId: scope.organizationId, unitIds: scope.unitIds },
    filters: {
      surveyIds: filters.surveyIds,
      utcOffset: filters.utcOffset,
      feedbackListHiddenColumns: filters.feedbackListHiddenColumns,
      options: filters.options,
    },
    locale: request.locale,
    blankHiddenAnswers: true,
    ...extra,
  });
  if (shareTokenId) {
    const visitor =
      request.filters && typeof request.filters === "object" && !Array.isArray(request.filters) ? (request.filters as Record<string, unknown>) : undefined;
    const share = await resolveShareScopeById(ctx.prisma, shareTokenId, visitor);
    // A link's organisation locked since the export started: the link is closed (permissions/locked.ts).
    await requireShareLinkOpen(ctx, share.organizationId);
    const view = await shareListView(ctx, share);
    return {
      planInput: planInput(
        view.scope,
        { ...view.filters, feedbackListHiddenColumns: view.hiddenColumns },
        {
          hideTimestamps: view.hideTimestamps,
          blankHiddenAnswers: view.blankHiddenAnswers,
          smileyScale: view.smileyScale,
        },
      ),
      minRows: share.options.hideResultsIfLessThan,
    };
  }
  const filters = parseResultsFilters(request.filters);
  return { planInput: planInput(await responseScope(ctx, filters), filters), minRows: null };
}

export type FileExportRun = FileResult & {
  /** The export process, when there was one: its pid and peak RSS (kB). */
  process: { pid: number; peakRssKb: number } | null;
};

type FileJob = Pick<ExportProducerJob, "ctx" | "request" | "outputPath" | "reportProgress"> & { id?: string; shareTokenId?: string | null };

/** Writes the job's file (see the top of this module); answers the row count and the export process's figures. */
export async function runFeedbackListFile(job: FileJob, kind: FileKind, opts: { heapMb?: number } = {}): Promise<FileExportRun> {
  const request = parseInput(exportRequestSchema, job.request);
  const { planInput, minRows } = await filePlanInput(job.ctx, request, job.shareTokenId);
  const spec: FileSpec = { kind, planInput, outputPath: job.outputPath, minRows };
  const databaseUrl = job.ctx.config.databaseUrl;
  if (databaseUrl) {
    const input: ChildInput = { ...spec, databaseUrl };
    const outcome = await runInExportProcess<FileResult>({
      entry: exportChildEntry,
      input,
      onProgress: job.reportProgress,
      heapMb: opts.heapMb,
      label: `${kind} export${job.id ? ` ${job.id}` : ""}`,
    });
    return { ...outcome.result, process: { pid: outcome.pid, peakRssKb: outcome.peakRssKb } };
  }
  // In this process: progress calls chained in order, their failures kept (never an unhandled
  // rejection while the cursor waits) and surfacing at the end.
  let reports: Promise<void> = Promise.resolve();
  let failed: unknown;
  const result = await writeFeedbackListFile(
    job.ctx.prisma,
    (plan, onBatch) => streamRows(job.ctx.prisma, plan, onBatch),
    spec,
    (pct) => {
      reports = reports
        .then(() => job.reportProgress(pct))
        .catch((error: unknown) => {
          failed ??= error;
        });
    },
  );
  await reports;
  if (failed) throw failed;
  return { ...result, process: null };
}
