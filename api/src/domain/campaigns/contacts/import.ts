// Loading contacts into a list (spec 001 §5 "Contact upload", §7 POST /contacts, §8 emailsSuppressed):
// from an uploaded .csv or .xlsx file read as a stream (file.ts), or from JSON.
//
// - An email list needs an email column, an SMS list a phone column ("missing required header").
//   Every other column is a variable column; new ones are added to the list's variableNames.
// - Each row is checked: "missing required field on line N" (no email / phone), "invalid email on
//   line N", "invalid phone number on line N" (international, starting with +, checked with
//   libphonenumber-js; stored as E.164), "duplicate value on line N" (the address or number is
//   already in the list or earlier in the file). Invalid rows are skipped and duplicates ignored;
//   the answer is a report of what was imported and what was skipped, line by line.
// - Addresses on the organisation's block list are not loaded: the report counts them
//   (emailsSuppressed).
// - The upload is copied to a temporary file first (no database work while a client uploads), read
//   once to check it (a file refused half-way, too large or unreadable, stores nothing), then its
//   rows are written in batches (one multi-row INSERT … ON CONFLICT DO NOTHING each, no long
//   transaction). Memory is flat: a batch, and at most `maxReportedErrors` per-line errors in the
//   report (the counts stay exact).
import { z } from "zod";
import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { DomainContext } from "../../context.js";
import type { MessageChannel } from "../../../generated/prisma/client.js";
import { badInput } from "../../errors.js";
import { blockedAmong, normalizeAddress } from "../block-list/index.js";
import { contactListMessages, listWithRight, requiredColumnOf } from "./lists.js";
import { openContactFile, spoolUpload, type FileRow } from "./file.js";

export const importMessages = {
  invalidEmail: (line: number) => `invalid email on line ${line}`,
  invalidPhone: (line: number) => `invalid phone number on line ${line}`,
  missingField: (line: number) => `missing required field on line ${line}`,
  duplicate: (line: number) => `duplicate value on line ${line}`,
  missingHeader: (column: "email" | "phone") =>
    column === "email" ? "missing required header: an email list needs an email column" : "missing required header: an SMS list needs a phone column",
  contactsSaved: "contacts saved",
  emailsSuppressed: "emailsSuppressed",
  noContacts: "No contacts to save",
  tooManyContacts: (n: number) => `At most ${n} contacts in one call`,
} as const;

export type LineError = { line: number; message: string; kind: "invalidEmail" | "invalidPhone" | "missingField" | "duplicate" };
export type ImportReport = {
  /** contacts added to the list */
  imported: number;
  /** invalid rows skipped (missing field, invalid email or phone) */
  skipped: number;
  /** rows ignored because the address or number was in the list already or earlier in the file */
  duplicates: number;
  /** addresses not loaded because they are on the block list (spec 001 §8) */
  emailsSuppressed: number;
  /** the per-line errors (invalid and duplicate rows), in line order; at most maxReportedErrors */
  errors: LineError[];
  /** more errors happened than the report lists */
  errorsTruncated: boolean;
  /** the variable columns the list has after the import */
  variableNames: string[];
  message: string;
};

export const maxReportedErrors = 1000;
export const insertBatchSize = 5000;
/** POST /contacts takes at most this many contacts in one call (bigger loads: a file). */
export const maxJsonContacts = 10_000;

const emailCheck = z.email();
const maxCell = 1000;

/** The column's role: the required column, or a variable column (trimmed header). */
const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
const emailHeaders = new Set(["email", "emailaddress"]);
const phoneHeaders = new Set(["phone", "phonenumber", "mobile", "mobilenumber"]);

type Layout = { keyIndex: number; variables: { index: number; name: string }[] };

function layoutOf(header: string[], channel: MessageChannel): Layout {
  const wanted = channel === "email" ? emailHeaders : phoneHeaders;
  const other = channel === "email" ? phoneHeaders : emailHeaders;
  const keyIndex = header.findIndex((h) => wanted.has(headerKey(h)));
  if (keyIndex < 0) throw badInput(importMessages.missingHeader(requiredColumnOf(channel)), "file");
  const variables: Layout["variables"] = [];
  const seen = new Set<string>();
  header.forEach((h, index) => {
    const name = h.trim().slice(0, 64);
    // a second key column, or the other channel's (a phone in an email list), is not a variable
    if (index === keyIndex || !name || wanted.has(headerKey(h)) || other.has(headerKey(h))) return;
    if (seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    variables.push({ index, name });
  });
  return { keyIndex, variables };
}

type Candidate = { line: number; key: string; variables: Record<string, string> };

/** Checks one row: the normalised key (lower-cased email, E.164 phone) or the line's error. */
export function checkRow(channel: MessageChannel, line: number, raw: string | undefined): { key: string } | LineError {
  const value = (raw ?? "").trim();
  if (!value) return { line, message: importMessages.missingField(line), kind: "missingField" };
  if (channel === "email") {
    const email = normalizeAddress(value);
    if (email.length > 254 || !emailCheck.safeParse(email).success) return { line, message: importMessages.invalidEmail(line), kind: "invalidEmail" };
    return { key: email };
  }
  const compact = value.replace(/[\s().-]/g, "");
  if (!compact.startsWith("+") || !isValidPhoneNumber(compact)) return { line, message: importMessages.invalidPhone(line), kind: "invalidPhone" };
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed) return { line, message: importMessages.invalidPhone(line), kind: "invalidPhone" };
  return { key: parsed.number };
}

class ReportBuilder {
  imported = 0;
  skipped = 0;
  duplicates = 0;
  emailsSuppressed = 0;
  errors: LineError[] = [];
  truncated = false;
  add(error: LineError) {
    if (error.kind === "duplicate") this.duplicates++;
    else this.skipped++;
    if (this.errors.length < maxReportedErrors) this.errors.push(error);
    else this.truncated = true;
  }
  finish(variableNames: string[]): ImportReport {
    this.errors.sort((a, b) => a.line - b.line);
    return {
      imported: this.imported,
      skipped: this.skipped,
      duplicates: this.duplicates,
      emailsSuppressed: this.emailsSuppressed,
      errors: this.errors,
      errorsTruncated: this.truncated,
      variableNames,
      message: importMessages.contactsSaved,
    };
  }
}

type Db = Pick<DomainContext["prisma"], "$queryRawUnsafe" | "blockedContact">;

/** Writes one batch; the rows the database did not take (unique key in the list already) are duplicates. */
async function writeBatch(
  tx: Db,
  list: { id: string; organizationId: string; channel: MessageChannel },
  batch: Candidate[],
  report: ReportBuilder,
): Promise<void> {
  if (batch.length === 0) return;
  // duplicates inside the batch: the first line wins
  const firstByKey = new Map<string, Candidate>();
  for (const c of batch) {
    if (firstByKey.has(c.key)) report.add({ line: c.line, message: importMessages.duplicate(c.line), kind: "duplicate" });
    else firstByKey.set(c.key, c);
  }
  let rows = [...firstByKey.values()];
  if (list.channel === "email") {
    // through the transaction's own client: another connection would wait for this one (embedded mode has one)
    const blocked = await blockedAmong(
      tx,
      list.organizationId,
      rows.map((r) => r.key),
    );
    if (blocked.size > 0) {
      report.emailsSuppressed += rows.filter((r) => blocked.has(r.key)).length;
      rows = rows.filter((r) => !blocked.has(r.key));
    }
  }
  if (rows.length === 0) return;
  const column = list.channel === "email" ? `"email"` : `"phone"`;
  const inserted = await tx.$queryRawUnsafe<{ key: string }[]>(
    `INSERT INTO "Contact" ("organizationId", "contactListId", ${column}, "variables", "createdAt")
     SELECT $1, $2, k, v::jsonb, clock_timestamp() FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS u(k, v, n) ORDER BY n
     ON CONFLICT DO NOTHING RETURNING ${column} AS key`,
    list.organizationId,
    list.id,
    rows.map((r) => r.key),
    rows.map((r) => JSON.stringify(r.variables)),
  );
  report.imported += inserted.length;
  if (inserted.length < rows.length) {
    const taken = new Set(inserted.map((r) => r.key));
    for (const r of rows) if (!taken.has(r.key)) report.add({ line: r.line, message: importMessages.duplicate(r.line), kind: "duplicate" });
  }
}

/** A list holds at most this many variable columns (as PUT /contact-lists/{id} checks). */
export const maxVariableColumns = 50;

/**
 * Adds the file's new variable columns to the list's variableNames, under a row lock: two imports
 * at once both keep their columns (no lost update), and together they never pass the limit of 50.
 */
async function addVariableNames(ctx: DomainContext, listId: string, names: string[]): Promise<string[]> {
  return ctx.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRawUnsafe<{ variableNames: string[] }[]>(`SELECT "variableNames" FROM "ContactList" WHERE "id" = $1 FOR UPDATE`, listId);
    const current = row?.variableNames ?? [];
    const known = new Set(current.map((n) => n.toLowerCase()));
    const added: string[] = [];
    for (const name of names) {
      if (known.has(name.toLowerCase())) continue;
      known.add(name.toLowerCase());
      added.push(name);
    }
    if (added.length === 0) return current;
    if (current.length + added.length > maxVariableColumns) throw badInput(contactListMessages.tooManyColumns, "file");
    const merged = [...current, ...added];
    await tx.contactList.update({ where: { id: listId }, data: { variableNames: merged } });
    return merged;
  });
}

/**
 * Loads the rows into the list. `rows()` can be read more than once: with `verify`, a first reading
 * checks that the whole file can be read (a file unreadable half-way is refused before anything is
 * stored); then the columns are added and the rows written in batches, each batch one statement, so
 * no transaction stays open while a file is read.
 */
async function load(
  ctx: DomainContext,
  list: { id: string; organizationId: string; channel: MessageChannel; variableNames: string[] },
  header: string[],
  rows: () => AsyncIterable<FileRow> | Promise<AsyncIterable<FileRow>>,
  opts: { verify: boolean },
): Promise<ImportReport> {
  const layout = layoutOf(header, list.channel);
  if (opts.verify) for await (const _row of await rows());
  const variableNames = await addVariableNames(
    ctx,
    list.id,
    layout.variables.map((v) => v.name),
  );
  const report = new ReportBuilder();
  let batch: Candidate[] = [];
  for await (const row of await rows()) {
    const checked = checkRow(list.channel, row.line, row.cells[layout.keyIndex]);
    if ("message" in checked) {
      report.add(checked);
      continue;
    }
    // No prototype: a column named __proto__ is a column like any other.
    const variables: Record<string, string> = Object.create(null);
    for (const v of layout.variables) {
      const cell = (row.cells[v.index] ?? "").trim();
      if (cell) variables[v.name] = cell.slice(0, maxCell);
    }
    batch.push({ line: row.line, key: checked.key, variables });
    if (batch.length >= insertBatchSize) {
      await writeBatch(ctx.prisma, list, batch, report);
      batch = [];
    }
  }
  await writeBatch(ctx.prisma, list, batch, report);
  return report.finish(variableNames);
}

/**
 * Imports an uploaded file (a stream of its bytes) into a list. The upload is first copied to a
 * temporary file (spoolUpload: the size limit applies there; `truncated` tells whether the upload
 * layer stopped at its own limit), then read from that file: checked, then loaded in batches.
 */
export async function importContactFile(
  ctx: DomainContext,
  listId: string,
  file: { source: AsyncIterable<Buffer | string>; fileName?: string | null; maxBytes?: number; truncated?: () => boolean },
): Promise<ImportReport> {
  const list = await listWithRight(ctx, listId, "editTouchpoints");
  const spooled = await spoolUpload(file.source, { maxBytes: file.maxBytes, truncated: file.truncated });
  try {
    const open = () => openContactFile(spooled.open(), { fileName: file.fileName, maxBytes: file.maxBytes });
    const first = await open();
    let read = false;
    const rows = async () => {
      if (read) return (await open()).rows;
      read = true;
      return first.rows;
    };
    return await load(ctx, list, first.header, rows, { verify: true });
  } finally {
    await spooled.remove();
  }
}

export type JsonContact = { email?: string | null; phone?: string | null; variables?: Record<string, string | number | boolean | null> | null };

/** POST /contacts: contacts as JSON; line N is the N-th contact of the array. */
export async function saveContacts(ctx: DomainContext, listId: string, contacts: readonly JsonContact[]): Promise<ImportReport> {
  const list = await listWithRight(ctx, listId, "editTouchpoints");
  if (contacts.length === 0) throw badInput(importMessages.noContacts, "contacts");
  if (contacts.length > maxJsonContacts) throw badInput(importMessages.tooManyContacts(maxJsonContacts), "contacts");
  const key = requiredColumnOf(list.channel);
  const names: string[] = [];
  const index = new Map<string, number>();
  for (const c of contacts) {
    for (const name of Object.keys(c.variables ?? {})) {
      if (!index.has(name)) {
        index.set(name, names.length + 1);
        names.push(name);
      }
    }
  }
  const header = [key, ...names];
  async function* rows(): AsyncGenerator<FileRow> {
    for (const [i, c] of contacts.entries()) {
      const cells = new Array<string>(header.length).fill("");
      cells[0] = (key === "email" ? c.email : c.phone) ?? "";
      for (const [name, value] of Object.entries(c.variables ?? {})) {
        if (value !== null && value !== undefined) cells[index.get(name)!] = String(value);
      }
      yield { line: i + 1, cells };
    }
  }
  return load(ctx, list, header, rows, { verify: false });
}
