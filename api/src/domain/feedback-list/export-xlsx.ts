// The feedback list as an Excel workbook (docs/feedback-list.md): one sheet "Feedback" with the column titles
// in a frozen first row, then one row per response, written with exceljs's streaming WorkbookWriter
// (rows are committed to the zip stream as they come; no shared-strings table), fed from the database
// cursor. Numeric answers (smiley, NPS, slider) are numeric cells; text a spreadsheet would run as a
// formula is neutralised (../exports/spreadsheet-cells.ts). Lean on purpose: the export
// process (./export-child.ts) loads it.
import { formatRow, headerOf, type FeedbackListPlan } from "./query.js";
import type { RowSource } from "./export-file.js";
import { neutralizeRow } from "../exports/spreadsheet-cells.js";

const sheetName = "Feedback";

/** Writes the plan's rows from `rows` to `outputPath`; answers the row count. */
export async function writeXlsx(plan: FeedbackListPlan, rows: RowSource, outputPath: string, onRows: (n: number) => void): Promise<number> {
  // Loaded on first use: exceljs takes about a second to import, which every start would pay.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: outputPath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  const header = sheet.addRow(neutralizeRow(headerOf(plan)));
  header.font = { bold: true };
  header.commit();
  const written = await rows(plan, async (batch) => {
    for (const row of batch) sheet.addRow(neutralizeRow(formatRow(plan, row).cells)).commit();
    onRows(batch.length);
  });
  sheet.commit();
  await workbook.commit();
  return written;
}
