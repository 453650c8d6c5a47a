// Writing one feedback-list file (CSV or XLSX) from a plan input: plan the columns, count the rows,
// stream them through the writer, report whole percents. The same function serves the export
// process (./export-child.ts, over a pg connection of its own) and the embedded database (in the
// job's process, over Prisma). Lean on purpose: the export process loads it, and only the writer of
// its kind (exceljs alone adds some 17 MB to a process).
import { planFeedbackList, type Db, type PlanInput } from "./query.js";
import { countRows, type OnBatch } from "./stream.js";
import type { FeedbackListPlan } from "./query.js";

export type FileKind = "csv" | "xlsx";

/** Streams the plan's rows into `onBatch` in order, answering the row count. */
export type RowSource = (plan: FeedbackListPlan, onBatch: OnBatch) => Promise<number>;

/**
 * What an export process is handed: structured-clonable (the scope's parameters may be Dates).
 * minRows: a share link's hideResultsIfLessThan: with fewer rows in the scope the file has none.
 */
export type FileSpec = { kind: FileKind; planInput: PlanInput; outputPath: string; minRows?: number | null };

export type FileResult = { rows: number };

export async function writeFeedbackListFile(db: Db, rows: RowSource, spec: FileSpec, progress: (pct: number) => void): Promise<FileResult> {
  const plan = await planFeedbackList(db, spec.planInput);
  const counted = await countRows(db, plan);
  const tooFew = spec.minRows != null && counted < spec.minRows;
  const total = tooFew ? 0 : counted;
  const source: RowSource = tooFew ? async () => 0 : rows;
  let done = 0;
  // 99 at most until the file is closed: 100 means the file is complete.
  const onRows = (n: number) => {
    done += n;
    progress(total ? Math.min(99, Math.floor((done / total) * 100)) : 99);
  };
  progress(0);
  const write = spec.kind === "csv" ? (await import("./export-csv.js")).writeCsv : (await import("./export-xlsx.js")).writeXlsx;
  const written = await write(plan, source, spec.outputPath, onRows);
  progress(100);
  return { rows: written };
}
