// Exports (spec 001 §7): the feedback-list file poll (`cacheId` from POST /results/list with a file
// format), POST /results-pdf and its poll, and the download of a finished file (the person who made
// it only). Files are kept 24 hours. A share link's visitor (?token=, no bearer) starts, polls and
// downloads the files of that link only (docs/sharing-and-exports.md).
import { createReadStream } from "node:fs";
import { z } from "zod";
import { defineRoute, fileResponse } from "./route.js";
import { downloadPath, exportContentTypes, exportFileForDownload, getExportJobOfKinds } from "../../domain/exports/jobs.js";
import { startPdfExport } from "../../domain/exports/pdf.js";
import type { ExportJob } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";

const pollShape = z
  .object({
    status: z.enum(["generating", "finished", "failed"]).describe("spec 001 §4; poll again while generating"),
    progress: z.number().int().describe("0–100"),
    url: z.string().nullable().describe("the download address once finished (same sign-in, or carrying the same share token), null otherwise"),
    error: z.string().nullable().describe("why it failed, when it did"),
  })
  .meta({ id: "ExportState" });

const pollAnswer = (config: Config, job: ExportJob, shareToken: string | undefined): z.input<typeof pollShape> => {
  const path = downloadPath(job);
  const token = shareToken ? `?token=${encodeURIComponent(shareToken)}` : "";
  return { status: job.status, progress: job.progress, url: path ? `${config.publicUrl}/api/v5${path}${token}` : null, error: job.error };
};

export const exportRoutes = [
  defineRoute({
    method: "GET",
    path: "/results-feedbacklist/poll",
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
    },
    tag: "Results",
    summary: "The state of a feedback-list file (csv, xlsx) started by POST /results/list",
    auth: "bearerOrQueryToken",
    query: z.object({ cacheId: z.string({ message: "cacheId is required" }) }),
    response: pollShape,
    handler: async ({ ctx, query, queryToken }) =>
      pollAnswer(ctx.config, await getExportJobOfKinds(ctx, query.cacheId, ["csv", "xlsx", "pdf"], queryToken), queryToken),
  }),
  defineRoute({
    method: "POST",
    path: "/results-pdf",
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
      429: "the share link is already making a file",
    },
    tag: "Results",
    summary:
      "Print the results as PDF, with the charts as on screen, in a queued job: data lists the components; type customerJourney prints landscape. Answers the id to poll",
    auth: "bearerOrQueryToken",
    body: z.object({
      data: z.unknown().describe("the components to print: names or objects with an id"),
      filters: z.unknown().optional().describe("the results filters (spec 001 §3)"),
      type: z.unknown().optional().describe("results (default) or customerJourney"),
      printMode: z.unknown().optional().describe("portrait or landscape"),
      journeyId: z.unknown().optional(),
      locale: z.unknown().optional().describe("en, es or fi"),
    }),
    status: 202,
    response: z.object({ id: z.string(), status: z.literal("generating") }),
    handler: async ({ ctx, body, queryToken }) => ({ id: await startPdfExport(ctx, body, { shareToken: queryToken }), status: "generating" as const }),
  }),
  defineRoute({
    method: "GET",
    path: "/results-pdf/poll",
    errors: {
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the share link has expired",
    },
    tag: "Results",
    summary: "The state of a PDF started by POST /results-pdf",
    auth: "bearerOrQueryToken",
    query: z.object({ id: z.string({ message: "id is required" }) }),
    response: pollShape,
    handler: async ({ ctx, query, queryToken }) => pollAnswer(ctx.config, await getExportJobOfKinds(ctx, query.id, ["pdf"], queryToken), queryToken),
  }),
  defineRoute({
    method: "GET",
    path: "/exports/{id}/download",
    errors: { 410: "the file has expired (kept 24 hours), or the share link has" },
    tag: "Results",
    summary: "Download a finished export file (only the person who made it, or the share link it was made through; 410 once it expired after 24 hours)",
    auth: "bearerOrQueryToken",
    params: z.object({ id: z.string() }),
    response: fileResponse(
      ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/pdf"],
      "The file, as an attachment: CSV (UTF-8), Excel workbook or PDF",
    ),
    handler: async ({ ctx, params, reply, queryToken }) => {
      const { job, filePath, fileName } = await exportFileForDownload(ctx, params.id, queryToken);
      const stream = createReadStream(filePath);
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
      reply
        .header("content-type", exportContentTypes[job.kind])
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store");
      return reply.send(stream);
    },
  }),
];
