// The feedback list as CSV (docs/feedback-list.md): the header line of column titles, then one line per
// response, streamed from the database cursor into the file. Each fetched batch is turned into one
// chunk of CSV text by csv-stringify at once and written before the next batch is fetched (waiting
// for the file stream to drain), so a batch's rows die young instead of lingering across awaits.
// UTF-8 with a byte order mark, so spreadsheet programs read ä, ñ and € right; numbers as numbers.
// Text that a spreadsheet would run as a formula is neutralised (../exports/spreadsheet-cells.ts).
// Lean on purpose: the export process (./export-child.ts) loads it.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { stringify } from "csv-stringify/sync";
import { formatRow, headerOf, type FeedbackListPlan } from "./query.js";
import type { RowSource } from "./export-file.js";
import { neutralizeRow } from "../exports/spreadsheet-cells.js";

const csvOptions = { cast: { number: (n: number) => String(n) } };

/** Writes the plan's rows from `rows` to `outputPath`; answers the row count. */
export async function writeCsv(plan: FeedbackListPlan, rows: RowSource, outputPath: string, onRows: (n: number) => void): Promise<number> {
  const file = createWriteStream(outputPath);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, "drain");
  };
  try {
    await write(`\ufeff${stringify([neutralizeRow(headerOf(plan))], csvOptions)}`);
    const written = await rows(plan, async (batch) => {
      await write(
        stringify(
          batch.map((row) => neutralizeRow(formatRow(plan, row).cells)),
          csvOptions,
        ),
      );
      onRows(batch.length);
    });
    file.end();
    await finished(file);
    return written;
  } catch (error) {
    file.destroy();
    throw error;
  }
}
