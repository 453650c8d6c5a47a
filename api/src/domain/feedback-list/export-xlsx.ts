// The feedback list as an Excel workbook (issue 5 item 7): one sheet "Feedback" with the column titles
// in a frozen first row, then one row per response, written with exceljs's streaming WorkbookWriter
// (rows are committed to the zip stream as they come; no shared-strings table), fed from the database
// cursor. Numeric answers (smiley, NPS, slider) are numeric cells.
import ExcelJS from "exceljs";
import { defineExportProducer, type ExportProducerJob } from "../exports/jobs.js";
import { formatRow, headerOf } from "./query.js";
import { exportRequestSchema, prepareExport } from "./export-run.js";
import { streamRows } from "./stream.js";
import { parseInput } from "../validation.js";

export const sheetName = "Feedback";

export async function writeFeedbackListXlsx(job: Pick<ExportProducerJob, "ctx" | "request" | "outputPath" | "reportProgress">): Promise<number> {
  const request = parseInput(exportRequestSchema, job.request);
  const { plan, progress } = await prepareExport(job.ctx, request, job.reportProgress);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: job.outputPath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  const header = sheet.addRow(headerOf(plan));
  header.font = { bold: true };
  header.commit();
  const written = await streamRows(job.ctx, plan, async (rows) => {
    for (const row of rows) sheet.addRow(formatRow(plan, row).cells).commit();
    await progress.add(rows.length);
  });
  sheet.commit();
  await workbook.commit();
  await progress.done();
  return written;
}

export const feedbackListXlsxProducer = defineExportProducer("feedback-list.xlsx", async (job) => {
  await writeFeedbackListXlsx(job);
});
