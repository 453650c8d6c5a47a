// Exports (spec 001 §7): the feedback-list file poll (`cacheId` from POST /results/list with a file
// format), POST /results-pdf and its poll, and the download of a finished file (the person who made
// it only). Files are kept 24 hours.
import { createReadStream } from "node:fs";
import { z } from "zod";
import { defineRoute } from "./route.js";
import { downloadPath, exportContentTypes, exportFileForDownload, getExportJobOfKinds } from "../../domain/exports/jobs.js";
import { startPdfExport } from "../../domain/exports/pdf.js";
import type { ExportJob } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";

const pollShape = z.object({
  status: z.enum(["generating", "finished", "failed"]).describe("spec 001 §4; poll again while generating"),
  progress: z.number().int().describe("0–100"),
  url: z.string().nullable().describe("the download address once finished (same sign-in), null otherwise"),
  error: z.string().nullable().describe("why it failed, when it did"),
});

const pollAnswer = (config: Config, job: ExportJob): z.input<typeof pollShape> => {
  const path = downloadPath(job);
  return { status: job.status, progress: job.progress, url: path ? `${config.publicUrl}/api/v5${path}` : null, error: job.error };
};

export const exportRoutes = [
  defineRoute({
    method: "GET",
    path: "/results-feedbacklist/poll",
    tag: "Results",
    summary: "The state of a feedback-list file (csv, xlsx) started by POST /results/list",
    auth: "bearer",
    query: z.object({ cacheId: z.string({ message: "cacheId is required" }) }),
    response: pollShape,
    handler: async ({ ctx, query }) => pollAnswer(ctx.config, await getExportJobOfKinds(ctx, query.cacheId, ["csv", "xlsx"])),
  }),
  defineRoute({
    method: "POST",
    path: "/results-pdf",
    tag: "Results",
    summary:
      "Print the results as PDF, with the charts as on screen, in a queued job: data lists the components; type customerJourney prints landscape. Answers the id to poll",
    auth: "bearer",
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
    handler: async ({ ctx, body }) => ({ id: await startPdfExport(ctx, body), status: "generating" as const }),
  }),
  defineRoute({
    method: "GET",
    path: "/results-pdf/poll",
    tag: "Results",
    summary: "The state of a PDF started by POST /results-pdf",
    auth: "bearer",
    query: z.object({ id: z.string({ message: "id is required" }) }),
    response: pollShape,
    handler: async ({ ctx, query }) => pollAnswer(ctx.config, await getExportJobOfKinds(ctx, query.id, ["pdf"])),
  }),
  defineRoute({
    method: "GET",
    path: "/exports/{id}/download",
    tag: "Results",
    summary: "Download a finished export file (only the person who made it; 410 once it expired after 24 hours)",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: z.unknown().describe("the file (text/csv, xlsx or application/pdf)"),
    handler: async ({ ctx, params, reply }) => {
      const { job, filePath, fileName } = await exportFileForDownload(ctx, params.id);
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
