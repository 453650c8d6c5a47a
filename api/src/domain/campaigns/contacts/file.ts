// Reading an uploaded contact file (spec 001 §5 "Contact upload: the file must be .xlsx or .csv")
// as a stream: the rows come out one at a time while the upload is still arriving, so memory stays
// flat whatever the file's size.
//
// - The kind is decided by content, not by name: an .xlsx file is a ZIP archive ("PK\x03\x04"), a
//   .csv file is text (no NUL bytes, valid UTF-8 in its first bytes). A name saying one and content
//   saying the other, or anything else, is refused.
// - CSV: the delimiter is the one of , ; or tab that occurs most often (outside quotes) in the
//   header line; a UTF-8 byte order mark is dropped. XLSX: the first worksheet.
// - Line numbers are the file's own: the header is line 1 (in XLSX, the worksheet's row number).
// - More than `maxBytes` bytes stops the reading with "too large" (the caller stores nothing).
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { parse } from "csv-parse";
import { badInput, DomainError } from "../../errors.js";

/** Files over this are refused (a 50 MB file is). */
export const contactFileMaxBytes = 40 * 1024 * 1024;

export const contactFileMessages = {
  notCsvOrXlsx: "The file must be .xlsx or .csv",
  empty: "The file is empty: it needs a header line and at least one contact",
  tooLarge: (max: number) => `The file is too large: at most ${Math.round(max / (1024 * 1024))} MB`,
  unreadableCsv: (line: number) => `The file could not be read as CSV on line ${line}`,
  unreadableXlsx: "The file could not be read as an Excel workbook",
} as const;

export type ContactFileKind = "csv" | "xlsx";
export type FileRow = { line: number; cells: string[] };
export type ContactFile = { kind: ContactFileKind; header: string[]; rows: AsyncIterable<FileRow> };

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const sniffBytes = 64 * 1024;

export const tooLarge = (max: number) => new DomainError("PAYLOAD_TOO_LARGE", contactFileMessages.tooLarge(max), "file");

/** The kind the content shows, or null when it is neither. */
export function contentKind(head: Buffer): ContactFileKind | null {
  if (head.length >= 4 && head.subarray(0, 4).equals(zipMagic)) return "xlsx";
  if (head.includes(0)) return null;
  // a multi-byte character cut at the end of the sample is not an error: drop up to 3 trailing bytes
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, head.length - cut));
      return "csv";
    } catch {
      // try a shorter sample
    }
  }
  return null;
}

function extensionKind(fileName: string | null | undefined): ContactFileKind | "none" | null {
  if (!fileName) return "none";
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".xlsx")) return "xlsx";
  return null;
}

/**
 * The source as a stream of at most `maxBytes` bytes, and its first bytes. Reading past the limit
 * fails with "too large"; `truncated` (the upload layer stopped at its own limit) does too.
 */
async function peek(source: AsyncIterable<Buffer | string>, maxBytes: number, truncated: () => boolean): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes || truncated()) throw tooLarge(maxBytes);
    return chunk;
  };
  while (size < sniffBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(count(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)));
  }
  if (done && truncated()) throw tooLarge(maxBytes);
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      yield count(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value));
    }
    if (truncated()) throw tooLarge(maxBytes);
  }
  return { head, stream: Readable.from(rest(), { objectMode: false }) };
}

/** The delimiter of the header line: the most frequent of , ; tab outside quotes (comma on a tie). */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && (ch === "," || ch === ";" || ch === "\t")) counts[ch]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","] && counts["\t"] > counts[";"]) return "\t";
  return ",";
}

async function* csvRows(stream: Readable, delimiter: string): AsyncGenerator<FileRow> {
  const parser = stream.pipe(parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 1024 * 1024 }));
  stream.on("error", (error) => parser.destroy(error));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const line = (error as { lines?: number }).lines ?? 0;
    throw badInput(contactFileMessages.unreadableCsv(line), "file");
  }
}

/** A cell's text: formulas give their result, rich text its plain text, dates their ISO day. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { text?: unknown; richText?: { text: string }[]; result?: unknown; hyperlink?: string; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join("");
    if (v.text !== undefined) return cellText(v.text);
    if ("result" in v) return cellText(v.result);
    if (v.hyperlink) return v.hyperlink;
  }
  return "";
}

async function* xlsxRows(stream: Readable): AsyncGenerator<FileRow> {
  // exceljs is loaded on first use (its import takes about a second)
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "emit",
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        // row.values is 1-based: index 0 is empty
        const values = (row.values as unknown[]).slice(1);
        const cells = Array.from(values, (v) => cellText(v));
        if (cells.every((c) => c.trim() === "")) continue;
        yield { line: row.number, cells };
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw badInput(contactFileMessages.unreadableXlsx, "file");
  }
}

/**
 * Opens a contact file: checks its kind and size while reading, reads the header line and gives
 * the rest as rows. Nothing is buffered beyond the first 64 KB and the parser's own chunk.
 */
export async function openContactFile(
  source: AsyncIterable<Buffer | string>,
  opts: { fileName?: string | null; maxBytes?: number; truncated?: () => boolean } = {},
): Promise<ContactFile> {
  const maxBytes = opts.maxBytes ?? contactFileMaxBytes;
  const byName = extensionKind(opts.fileName);
  if (byName === null) throw badInput(contactFileMessages.notCsvOrXlsx, "file");
  const { head, stream } = await peek(source, maxBytes, opts.truncated ?? (() => false));
  if (head.length === 0) throw badInput(contactFileMessages.empty, "file");
  const kind = contentKind(head);
  if (!kind || (byName !== "none" && byName !== kind)) {
    stream.destroy();
    throw badInput(contactFileMessages.notCsvOrXlsx, "file");
  }
  const text = kind === "csv" ? head.toString("utf8").replace(/^\uFEFF/, "") : "";
  const all = kind === "csv" ? csvRows(stream, detectDelimiter(text)) : xlsxRows(stream);
  const first = await all.next();
  if (first.done) throw badInput(contactFileMessages.empty, "file");
  const header = first.value.cells.map((c) => c.trim());
  return { kind, header, rows: { [Symbol.asyncIterator]: () => all } };
}

/** An upload copied to a temporary file; `open()` reads it again as often as needed, `remove()` deletes it. */
export type SpooledFile = { path: string; size: number; open(): Readable; remove(): Promise<void> };

/**
 * Copies the upload to a temporary file before anything is parsed or written to the database, so a
 * slow client never holds a database connection or transaction. More than `maxBytes` bytes (or the
 * upload layer's own limit, `truncated`) stops the copy with "too large" and deletes the file.
 */
export async function spoolUpload(
  source: AsyncIterable<Buffer | string>,
  opts: { maxBytes?: number; truncated?: () => boolean; dir?: string } = {},
): Promise<SpooledFile> {
  const maxBytes = opts.maxBytes ?? contactFileMaxBytes;
  const file = path.join(opts.dir ?? tmpdir(), `contact-upload-${process.pid}-${randomBytes(8).toString("hex")}`);
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const remove = () => rm(file, { force: true });
  let size = 0;
  try {
    for await (const chunk of source) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buf.length;
      if (size > maxBytes || opts.truncated?.()) throw tooLarge(maxBytes);
      if (!out.write(buf)) await new Promise<void>((resolve, reject) => out.once("drain", resolve).once("error", reject));
    }
    if (opts.truncated?.()) throw tooLarge(maxBytes);
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    await remove();
    throw error;
  }
  return { path: file, size, open: () => createReadStream(file, { highWaterMark: 256 * 1024 }), remove };
}
