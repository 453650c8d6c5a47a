// The feedback list as CSV (issue 5 item 7): the header line of column titles, then one line per
// response, streamed from the database cursor into the file. Each fetched batch is turned into one
// chunk of CSV text by csv-stringify at once and written before the next batch is fetched (waiting
// for the file stream to drain), so a batch's rows die young instead of lingering across awaits.
// UTF-8 with a byte order mark, so spreadsheet programs read ä, ñ and € right; numbers as numbers.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { stringify } from "csv-stringify/sync";
import { defineExportProducer, type ExportProducerJob } from "../exports/jobs.js";
import { formatRow, headerOf } from "./query.js";
import { exportRequestSchema, prepareExport } from "./export-run.js";
import { streamRows } from "./stream.js";
import { parseInput } from "../validation.js";

const csvOptions = { cast: { number: (n: number) => String(n) } };

export async function writeFeedbackListCsv(job: Pick<ExportProducerJob, "ctx" | "request" | "outputPath" | "reportProgress">): Promise<number> {
  const request = parseInput(exportRequestSchema, job.request);
  const { plan, progress } = await prepareExport(job.ctx, request, job.reportProgress);
  const file = createWriteStream(job.outputPath);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, "drain");
  };
  try {
    await write(`\ufeff${stringify([headerOf(plan)], csvOptions)}`);
    const written = await streamRows(job.ctx, plan, async (rows) => {
      await write(stringify(rows.map((row) => formatRow(plan, row).cells), csvOptions));
      await progress.add(rows.length);
    });
    file.end();
    await finished(file);
    await progress.done();
    return written;
  } catch (error) {
    file.destroy();
    throw error;
  }
}

export const feedbackListCsvProducer = defineExportProducer("feedback-list.csv", async (job) => {
  await writeFeedbackListCsv(job);
});
