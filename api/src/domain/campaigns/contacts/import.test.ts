// Contact import (spec 001 §5 "Contact upload", §8 emailsSuppressed): the streaming CSV/XLSX reader,
// every per-line message, delimiters, byte order mark, duplicates in the file and against the list,
// block-list suppression, and the refusals (not CSV/XLSX by content, too large, missing header)
// that store nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, startTestApp, noDatabase, type TestApp } from "../../../test/harness.js";
import { createPrisma } from "../../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../../test/fixtures.js";
import { loadViewer } from "../../viewer.js";
import type { DomainContext } from "../../context.js";
import { DomainError } from "../../errors.js";
import { blockAddress, blockedAmong } from "../block-list/index.js";
import { contactFileMessages, detectDelimiter, openContactFile } from "./file.js";
import { importContactFile, importMessages, saveContacts } from "./import.js";
import { contactPage, createContactList, deleteContacts, getContactList } from "./lists.js";

async function* chunks(data: Buffer | string, size = 7) {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import("exceljs");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Contacts");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("contact file reading", () => {
  it("detects , ; and tab delimiters from the header line (quotes respected)", () => {
    expect(detectDelimiter("email,name\nx")).toBe(",");
    expect(detectDelimiter("email;name;city\nx,y")).toBe(";");
    expect(detectDelimiter("email\tname\n")).toBe("\t");
    expect(detectDelimiter('"a;b;c",email\n')).toBe(",");
  });

  it("reads rows with their file line numbers, dropping a BOM", async () => {
    const f = await openContactFile(chunks("\uFEFFemail;first name\r\na@x.fi;Anna\r\n\r\nb@x.fi;Bo\r\n"), { fileName: "list.csv" });
    expect(f.kind).toBe("csv");
    expect(f.header).toEqual(["email", "first name"]);
    const rows = [];
    for await (const r of f.rows) rows.push(r);
    expect(rows).toEqual([
      { line: 2, cells: ["a@x.fi", "Anna"] },
      { line: 4, cells: ["b@x.fi", "Bo"] },
    ]);
  });

  it("refuses what is not CSV or XLSX by content, whatever the name says", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from([0, 1, 2, 0xff])]);
    expect((await refusal(openContactFile(chunks(pdf), { fileName: "contacts.csv" }))).message).toBe(contactFileMessages.notCsvOrXlsx);
    expect((await refusal(openContactFile(chunks("email\na@b.fi\n"), { fileName: "contacts.xlsx" }))).message).toBe(contactFileMessages.notCsvOrXlsx);
    expect((await refusal(openContactFile(chunks("email\na@b.fi\n"), { fileName: "contacts.txt" }))).message).toBe(contactFileMessages.notCsvOrXlsx);
    const zipNamedCsv = await xlsx([["email"], ["a@b.fi"]]);
    expect((await refusal(openContactFile(chunks(zipNamedCsv, 4096), { fileName: "contacts.csv" }))).message).toBe(contactFileMessages.notCsvOrXlsx);
  });

  it("refuses a file over the limit while reading it (413)", async () => {
    const big = `email\n${"someone@example.com\n".repeat(5000)}`;
    const e = await refusal(
      (async () => {
        const f = await openContactFile(chunks(big, 4096), { fileName: "big.csv", maxBytes: 50_000 });
        for await (const _ of f.rows);
      })(),
    );
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    expect(e.message).toBe(contactFileMessages.tooLarge(50_000));
  });
});

describe.skipIf(noDatabase)("contact import into a list", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let ctx: DomainContext;
  let editorCtx: DomainContext;

  const ctxOf = async (userId: string): Promise<DomainContext> => ({
    prisma: t.prisma,
    bus: t.bus,
    jobs: t.jobs,
    config: t.config,
    viewer: (await loadViewer(t.prisma, userId, "accessToken"))!,
  });
  const emailList = async (name = "Customers") => (await createContactList(ctx, { name, channel: "email", unitId: org.units.unitA.id })).id;
  const importText = (listId: string, text: string | Buffer, fileName = "contacts.csv", maxBytes?: number) =>
    importContactFile(ctx, listId, { source: chunks(text, 1024), fileName, maxBytes });
  const contactCount = (listId: string) => t.prisma.contact.count({ where: { contactListId: listId } });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Contacts");
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["smsMessages"] } } });
    ctx = await ctxOf(org.users.admin.id);
    editorCtx = await ctxOf(org.users.editorA.id);
  });
  afterAll(async () => t?.close());

  it("imports valid rows, skips invalid ones with the spec's per-line messages and reports duplicates", async () => {
    const listId = await emailList();
    const csv = [
      "Email,First name,City",
      "anna@example.com,Anna,Helsinki",
      "not-an-email,Bad,Espoo",
      ",Nobody,Tampere",
      "ANNA@example.com ,Anna again,Turku",
      "bo@example.com,Bo,",
    ].join("\n");
    const report = await importText(listId, csv);
    expect(report).toMatchObject({ imported: 2, skipped: 2, duplicates: 1, emailsSuppressed: 0, errorsTruncated: false, message: "contacts saved" });
    expect(report.errors.map((e) => e.message)).toEqual(["invalid email on line 3", "missing required field on line 4", "duplicate value on line 5"]);
    expect(report.variableNames).toEqual(["First name", "City"]);
    const page = await contactPage(ctx, listId);
    expect(page.contacts.map((c) => c.email)).toEqual(["bo@example.com", "anna@example.com"]); // newest first
    expect(page.contacts[1]!.variables).toEqual({ "First name": "Anna", City: "Helsinki" });

    // against the rows already in the list
    const again = await importText(listId, "email;City\nbo@example.com;Oulu\ncid@example.com;Oulu\n");
    expect(again).toMatchObject({ imported: 1, duplicates: 1 });
    expect(again.errors).toEqual([{ line: 2, message: "duplicate value on line 2", kind: "duplicate" }]);
    expect(await contactCount(listId)).toBe(3);
  });

  it("refuses a file without the required column and stores nothing", async () => {
    const listId = await emailList("No header");
    const e = await refusal(importText(listId, "name,city\nAnna,Helsinki\n"));
    expect(e.message).toBe(importMessages.missingHeader("email"));
    const sms = await createContactList(ctx, { name: "Texts", channel: "sms", unitId: org.units.unitA.id });
    expect((await refusal(importText(sms.id, "email\na@b.fi\n"))).message).toBe(importMessages.missingHeader("phone"));
    expect(await contactCount(listId)).toBe(0);
  });

  it("checks phone numbers as international numbers starting with + and stores them as E.164", async () => {
    const sms = await createContactList(ctx, { name: "SMS customers", channel: "sms", unitId: org.units.unitA.id });
    const report = await importText(sms.id, "phone\tname\n+358 40 1234567\tAnna\n0401234567\tLocal\n+1 234\tShort\n+358401234567\tAgain\n\tNone\n");
    expect(report.errors.map((e) => e.message)).toEqual([
      "invalid phone number on line 3",
      "invalid phone number on line 4",
      "duplicate value on line 5",
      "missing required field on line 6",
    ]);
    expect(report.imported).toBe(1);
    expect((await contactPage(ctx, sms.id)).contacts[0]!.phone).toBe("+358401234567");
  });

  it("reads XLSX files (first worksheet, row numbers as lines)", async () => {
    const listId = await emailList("From Excel");
    const file = await xlsx([
      ["email", "Segment"],
      ["x1@example.com", "gold"],
      ["broken", "silver"],
      ["x2@example.com", 7],
    ]);
    const report = await importText(listId, file, "people.xlsx");
    expect(report).toMatchObject({ imported: 2, skipped: 1 });
    expect(report.errors.map((e) => e.message)).toEqual(["invalid email on line 3"]);
    const contacts = (await contactPage(ctx, listId)).contacts;
    expect(contacts.map((c) => c.variables)).toEqual([{ Segment: "7" }, { Segment: "gold" }]);
  });

  it("does not load addresses on the block list and says so (emailsSuppressed)", async () => {
    const listId = await emailList("With blocked");
    await blockAddress(t.prisma, org.organization.id, "  Blocked@Example.com ");
    await blockAddress(t.prisma, org.organization.id, "blocked@example.com"); // idempotent
    expect(await blockedAmong(t.prisma, org.organization.id, ["BLOCKED@example.com", "free@example.com"])).toEqual(new Set(["blocked@example.com"]));
    const report = await importText(listId, "email\nblocked@example.com\nfree@example.com\n");
    expect(report).toMatchObject({ imported: 1, emailsSuppressed: 1, skipped: 0 });
    const json = await saveContacts(ctx, listId, [{ email: "BLOCKED@example.com" }, { email: "new@example.com", variables: { tier: "a" } }]);
    expect(json).toMatchObject({ imported: 1, emailsSuppressed: 1, message: "contacts saved" });
    expect((await contactPage(ctx, listId)).contacts.map((c) => c.email).sort()).toEqual(["free@example.com", "new@example.com"]);
  });

  it("refuses a file over the limit with a clear error and stores nothing, even after batches of good rows", async () => {
    const listId = await emailList("Too big");
    // 20,000 good rows (four insert batches) before the limit is reached
    const rows = Array.from({ length: 25_000 }, (_, i) => `person${i}@example.com,Person ${i}`).join("\n");
    const csv = `email,name\n${rows}\n`;
    const limit = Buffer.byteLength(csv) - 100_000;
    const e = await refusal(importText(listId, csv, "big.csv", limit));
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    expect(e.message).toBe(contactFileMessages.tooLarge(limit));
    expect(await contactCount(listId)).toBe(0);
    expect((await getContactList(ctx, listId)).variableNames).toEqual([]);
  }, 60_000);

  it("holds no database transaction while the upload is still arriving (the upload is spooled first)", async () => {
    const listId = await emailList("Slow upload");
    const appName = `contacts-spool-${process.pid}`;
    const url = new URL(databaseUrl!);
    url.searchParams.set("application_name", appName);
    const own = createPrisma(url.toString(), { max: 2 });
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let reachedPause!: () => void;
    const atPause = new Promise<void>((resolve) => {
      reachedPause = resolve;
    });
    async function* slowUpload() {
      yield Buffer.from(`email,name\n${Array.from({ length: 6000 }, (_, i) => `slow${i}@example.com,S${i}`).join("\n")}\n`);
      reachedPause();
      await paused;
      yield Buffer.from("last@example.com,Last\n");
    }
    try {
      const importing = importContactFile({ ...ctx, prisma: own }, listId, { source: slowUpload(), fileName: "slow.csv" });
      await atPause;
      await new Promise((r) => setTimeout(r, 200));
      const open = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state LIKE 'idle in transaction%'`,
        appName,
      );
      expect(open[0]!.n).toBe(0);
      expect(await contactCount(listId)).toBe(0);
      resume();
      expect(await importing).toMatchObject({ imported: 6001, skipped: 0 });
    } finally {
      resume();
      await own.$disconnect();
    }
  }, 60_000);

  it("keeps the columns of two imports at once and never passes 50 variable columns", async () => {
    const listId = await emailList("Columns");
    const columns = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const file = (names: string[]) => `email,${names.join(",")}\n${"a".repeat(1)}@example.com,${names.map(() => "x").join(",")}\n`;
    await Promise.all([importText(listId, file(columns("a", 10))), importText(listId, file(columns("b", 10)))]);
    expect(new Set((await getContactList(ctx, listId)).variableNames)).toEqual(new Set([...columns("a", 10), ...columns("b", 10)]));
    // 20 + 31 new columns: refused, nothing stored.
    const e = await refusal(importText(listId, `email,${columns("c", 31).join(",")}\nnew@example.com\n`));
    expect(e.message).toBe("At most 50 variable columns");
    expect((await getContactList(ctx, listId)).variableNames).toHaveLength(20);
    expect(await contactCount(listId)).toBe(1);
  });

  it("keeps a column named __proto__ like any other", async () => {
    const listId = await emailList("Proto");
    const report = await importText(listId, "email,__proto__,constructor\np@example.com,polluted,built\n");
    expect(report.variableNames).toEqual(["__proto__", "constructor"]);
    const [contact] = (await contactPage(ctx, listId)).contacts;
    expect(Object.entries(contact!.variables as Record<string, string>)).toEqual([
      ["__proto__", "polluted"],
      ["constructor", "built"],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("deletes contacts and counts them; another unit's editor cannot touch the list", async () => {
    const listId = await emailList("Deletions");
    await saveContacts(ctx, listId, [{ email: "d1@example.com" }, { email: "d2@example.com" }, { email: "d3@example.com" }]);
    const ids = (await contactPage(ctx, listId, { pageSize: 2 })).contacts.map((c) => c.id);
    expect((await contactPage(ctx, listId, { pageSize: 2 })).totalPages).toBe(2);
    expect(await deleteContacts(ctx, listId, ids)).toEqual({ deleted: 2, message: "deleted" });
    expect((await getContactList(ctx, listId)).deletedContacts).toBe(2);
    const unitB = await createContactList(ctx, { name: "Online list", channel: "email", unitId: org.units.unitB.id });
    expect((await refusal(saveContacts(editorCtx, unitB.id, [{ email: "x@example.com" }]))).code).toBe("NOT_FOUND");
    const viewerCtx = await ctxOf(org.users.viewerA.id);
    expect((await refusal(saveContacts(viewerCtx, listId, [{ email: "x@example.com" }]))).code).toBe("FORBIDDEN");
  });
});
