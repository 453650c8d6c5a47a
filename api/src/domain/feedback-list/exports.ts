// Starting a feedback-list file (spec 001 §7 POST /results/list with format csv or xlsx → cacheId):
// the filters are checked now (bad input fails the call, no job is made), then helper D's export job
// runs the CSV or XLSX producer, which resolves the scope again as the member when it runs. The
// rights and plan checks are startExport's (exportResults right, the plan's export feature).
import type { DomainContext } from "../context.js";
import { parseResultsFilters } from "../analytics/filters.js";
import { startExport } from "../exports/jobs.js";
import { parseInput } from "../validation.js";
import { exportRequestSchema } from "./export-run.js";
import { feedbackListCsvProducer } from "./export-csv.js";
import { feedbackListXlsxProducer } from "./export-xlsx.js";

export const fileFormats = ["csv", "xlsx"] as const;
export type FileFormat = (typeof fileFormats)[number];

/** Answers the export job's id (the spec's cacheId; poll GET /results-feedbacklist/poll). */
export async function startFeedbackListExport(ctx: DomainContext, format: FileFormat, input: { filters?: unknown; locale?: unknown }): Promise<string> {
  const request = parseInput(exportRequestSchema, { filters: input.filters ?? {}, locale: input.locale ?? undefined });
  parseResultsFilters(request.filters);
  return startExport(ctx, {
    kind: format,
    request,
    producer: format === "csv" ? feedbackListCsvProducer : feedbackListXlsxProducer,
  });
}
