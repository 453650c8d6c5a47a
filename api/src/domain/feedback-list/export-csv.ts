// The feedback list as CSV (issue 5 item 7): the header line of column titles, then one line per
// response, streamed from the database cursor through csv-stringify into the file. UTF-8 with a byte
// order mark, so spreadsheet programs read ä, ñ and € right; numbers are written as numbers.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { defineExportProducer, type ExportProducerJob } from "../exports/jobs.js";
import { formatRow, headerOf } from "./query.js";
import { exportRequestSchema, prepareExport } from "./export-run.js";
import { streamRows } from "./stream.js";
import { parseInput } from "../validation.js";

export async function writeFeedbackListCsv(job: Pick<ExportProducerJob, "ctx" | "request" | "outputPath" | "reportProgress">): Promise<number> {
  const request = parseInput(exportRequestSchema, job.request);
  const { plan, progress } = await prepareExport(job.ctx, request, job.reportProgress);
  const file = createWriteStream(job.outputPath);
  const csv = stringify({ bom: true, header: false, cast: { number: (n) => String(n) } });
  csv.pipe(file);
  const write = async (record: unknown[]) => {
    if (!csv.write(record)) await once(csv, "drain");
  };
  await write(headerOf(plan));
  const written = await streamRows(job.ctx, plan, async (rows) => {
    for (const row of rows) await write(formatRow(plan, row).cells);
    await progress.add(rows.length);
  });
  csv.end();
  await finished(file);
  await progress.done();
  return written;
}

export const feedbackListCsvProducer = defineExportProducer("feedback-list.csv", async (job) => {
  await writeFeedbackListCsv(job);
});
