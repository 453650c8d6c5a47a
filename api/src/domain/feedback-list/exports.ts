// Starting a feedback-list file (spec 001 §7 POST /results/list with format csv, xlsx or pdf → cacheId):
// the filters are checked now (bad input fails the call, no job is made), then the export job runs
// the CSV or XLSX producer below, which resolves the scope again as the member when it runs and
// writes the file in an export process of its own (./export-run.ts). The rights and plan checks are
// startExport's (exportResults right, the plan's export feature). A share link's visitor (a token,
// no session) exports what the link shows: the job belongs to the link (docs/sharing-and-exports.md).
import type { DomainContext } from "../context.js";
import { parseResultsFilters } from "../results-scope/filters.js";
import { assertMayExport, defineExportProducer, exportMakerOf, startExport } from "../exports/jobs.js";
import { noFeatureAccess } from "../features/features.js";
import { parseInput } from "../validation.js";
import { exportRequestSchema, runFeedbackListFile } from "./export-run.js";
import { runFeedbackListPdf } from "./export-pdf.js";

export const fileFormats = ["csv", "xlsx", "pdf"] as const;
export type FileFormat = (typeof fileFormats)[number];

const feedbackListCsvProducer = defineExportProducer("feedback-list.csv", async (job) => {
  await runFeedbackListFile(job, "csv");
});

const feedbackListXlsxProducer = defineExportProducer("feedback-list.xlsx", async (job) => {
  await runFeedbackListFile(job, "xlsx");
});

/** The PDF: a table of the newest rows, printed by Chromium (./export-pdf.ts). */
const feedbackListPdfProducer = defineExportProducer("feedback-list.pdf", async (job) => {
  await runFeedbackListPdf(job);
});

/** Answers the export job's id (the spec's cacheId; poll GET /results-feedbacklist/poll). */
export async function startFeedbackListExport(
  ctx: DomainContext,
  format: FileFormat,
  input: { filters?: unknown; locale?: unknown },
  opts: { shareToken?: string | null } = {},
): Promise<string> {
  const request = parseInput(exportRequestSchema, { filters: input.filters ?? {}, locale: input.locale ?? undefined });
  // Bad filters fail the call; a visitor's are checked as merged into the link's.
  const maker = await exportMakerOf(ctx, opts.shareToken, request.filters);
  const { share } = maker;
  parseResultsFilters(share ? share.filters : request.filters);
  // The export's own refusals first (rights, the plan's file export), then the feedback list's plan
  // feature (feedbackInbox: the list and its files; features.ts).
  assertMayExport(maker.viewer, format, { viaLink: maker.shareTokenId !== null });
  if (!maker.viewer.features.includes("feedbackInbox")) throw noFeatureAccess();
  return startExport(ctx, {
    kind: format,
    request,
    producer: format === "csv" ? feedbackListCsvProducer : format === "xlsx" ? feedbackListXlsxProducer : feedbackListPdfProducer,
    shareToken: opts.shareToken,
  });
}
