// The feedback list on the real server (spec 001 §2, §3 "Feedback list", §7 POST /results/list):
// pages of responses with a column per question (answers as shown, labels in the asked language),
// date, touchpoint, language, status and meta_ columns; hidden columns; hidden responses (shown,
// flagged, to those who manage them; left out for others); team visibility; another organisation
// sees nothing; share links; CSV and XLSX files opened and read back; bad input changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumPresent, pdftotextPresent } from "../../test/support.js";
import { apiCall } from "../../test/rest-client.js";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../../test/list-survey.js";
import { generateShareToken } from "../../domain/results-scope/share-token.js";
import { feedbackListMessages } from "../../domain/feedback-list/list.js";
import { resultsListMessages } from "./results-list.js";

const day = (d: Date) => d.toISOString().slice(0, 10);

describe.skipIf(noDatabase)("feedback list", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: ListSurvey;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  // Two days ago at 10:15 UTC, then an hour apart (newest last here, first in the list).
  const base = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 2, 10, 15));
  const at = (h: number) => new Date(base.getTime() + h * 3_600_000);
  const window = () => ({ from: day(new Date(base.getTime() - 3 * 86_400_000)), to: day(new Date()) });

  const list = (token: string | undefined, body: Record<string, unknown>, query = "") => apiCall(t.baseUrl, "POST", `/results/list${query}`, token, body);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Listed");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    s = await createListSurvey(t.prisma, org);
    const o = org.organization.id;
    const [first, second, hidden, inB, hiddenText] = await insertResponses(t.prisma, o, s.survey.id, [
      { touchpoint: s.touchpointA, createdAt: at(0), metadata: { store: "Kamppi", lane: "3" }, answers: fullAnswers(s) },
      {
        touchpoint: s.touchpointA,
        createdAt: at(1),
        metadata: { store: "Itis" },
        language: "fi",
        answers: fullAnswers(s, { smiley: 0, nps: 3, slider: 1, choice: "bad", text: "Liian kallista" }),
      },
      { touchpoint: s.touchpointA, createdAt: at(2), hidden: true, answers: fullAnswers(s, { text: "Hidden response" }) },
      { touchpoint: s.touchpointB, createdAt: at(3), metadata: { store: "Web" }, answers: fullAnswers(s, { text: "From the web shop" }) },
      { touchpoint: s.touchpointA, createdAt: at(4), answers: fullAnswers(s, { text: "Secret words", hideText: true }) },
    ]);
    Object.assign(ids, { first, second, hidden, inB, hiddenText });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("answers a page: a column per question, answers as shown, date with slashes, touchpoint, language, meta_ columns", async () => {
    const r = await list(tokens.admin, { filters: { ...window(), surveyId: [s.survey.id], utcOffset: 180 }, locale: "en" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const q = s.questions;
    expect(r.body.columns.map((c: { key: string }) => c.key)).toEqual([
      "feedbackId",
      "date",
      "touchpoint",
      "language",
      "status",
      q.smiley.id,
      q.nps.id,
      q.slider.id,
      q.single.id,
      q.multi.id,
      q.text.id,
      q.emotion.id,
      q.contact.id,
      "meta_lane",
      "meta_store",
    ]);
    expect(r.body.columns.find((c: { key: string }) => c.key === q.nps.id).title).toBe("Recommend us?");
    expect(r.body.questions).toHaveLength(8);
    expect(r.body.metaKeys).toEqual(["lane", "store"]);
    // The admin manages every unit: the hidden response is listed, flagged. Newest first.
    expect(r.body.data.map((row: { feedbackId: string }) => row.feedbackId)).toEqual([ids.hiddenText, ids.inB, ids.hidden, ids.second, ids.first]);
    expect(r.body).toMatchObject({ currentPage: 1, totalPages: 1, total: 5, pageSize: 50 });
    const first = r.body.data.find((row: { feedbackId: string }) => row.feedbackId === ids.first);
    const local = new Date(at(0).getTime() + 180 * 60_000);
    expect(first).toMatchObject({
      date: `${local.toISOString().slice(0, 10).replaceAll("-", "/")} 13:15`,
      touchpoint: "Kamppi kiosk",
      language: "en",
      status: "submitted",
      hidden: false,
      [q.smiley.id]: 4,
      [q.nps.id]: 9,
      [q.slider.id]: 4,
      [q.single.id]: "Good",
      [q.multi.id]: "Milk, Bread",
      [q.text.id]: "Friendly staff",
      [q.emotion.id]: "Happy",
      [q.contact.id]: "Aino, aino@example.test",
      meta_store: "Kamppi",
      meta_lane: "3",
    });
    const second = r.body.data.find((row: { feedbackId: string }) => row.feedbackId === ids.second);
    expect(second).toMatchObject({
      [q.smiley.id]: 1,
      [q.nps.id]: 3,
      [q.slider.id]: 7,
      [q.single.id]: "Bad",
      meta_store: "Itis",
      meta_lane: null,
      language: "fi",
    });
    expect(r.body.data.find((row: { feedbackId: string }) => row.feedbackId === ids.hidden).hidden).toBe(true);
    const withHiddenText = r.body.data.find((row: { feedbackId: string }) => row.feedbackId === ids.hiddenText);
    expect(withHiddenText.hiddenAnswers).toEqual([q.text.id]);
    expect(withHiddenText[q.text.id]).toBe("Secret words");
  });

  it("labels and titles follow the locale (fi, es)", async () => {
    const fi = await list(tokens.admin, { filters: { ...window(), surveyId: [s.survey.id] }, locale: "fi" });
    expect(fi.status).toBe(200);
    const titles = fi.body.columns.map((c: { title: string }) => c.title);
    expect(titles.slice(0, 5)).toEqual(["Vastauksen tunnus", "Päivämäärä", "Kosketuspiste", "Kieli", "Tila"]);
    expect(titles).toContain("Suosittelisitko?");
    const row = fi.body.data.find((x: { feedbackId: string }) => x.feedbackId === ids.first);
    expect(row).toMatchObject({ [s.questions.single.id]: "Hyvä", [s.questions.multi.id]: "Maito, Leipä", status: "lähetetty" });
    const es = await list(tokens.admin, { filters: { ...window(), surveyId: [s.survey.id] }, locale: "es" });
    expect(es.body.data.find((x: { feedbackId: string }) => x.feedbackId === ids.second)[s.questions.single.id]).toBe("Malo");
  });

  it("leaves hidden columns out (feedbackListHiddenColumns, options.hiddenQuestions)", async () => {
    const q = s.questions;
    const r = await list(tokens.admin, {
      filters: {
        ...window(),
        surveyId: [s.survey.id],
        feedbackListHiddenColumns: ["touchpoint", "meta_lane", q.contact.id],
        options: { hiddenQuestions: [q.text.id] },
      },
    });
    expect(r.status).toBe(200);
    const keys = r.body.columns.map((c: { key: string }) => c.key);
    for (const k of ["touchpoint", "meta_lane", q.contact.id, q.text.id]) expect(keys).not.toContain(k);
    expect(keys).toContain("meta_store");
    expect(r.body.data[0]).not.toHaveProperty("touchpoint");
    expect(r.body.data[0]).not.toHaveProperty(q.text.id);
  });

  it("pages: page and pageSize, totalPages; page 1 by default", async () => {
    const page2 = await list(tokens.admin, { filters: { ...window(), surveyId: [s.survey.id] }, page: 2, pageSize: 2 });
    expect(page2.status).toBe(200);
    expect(page2.body).toMatchObject({ currentPage: 2, totalPages: 3, total: 5, pageSize: 2 });
    expect(page2.body.data.map((r: { feedbackId: string }) => r.feedbackId)).toEqual([ids.hidden, ids.second]);
  });

  it("pages under a restriction: the newest matching responses in order, with the hidden ones their manager sees (read by id through the bit strings)", async () => {
    const filters = { ...window(), surveyId: [s.survey.id], restrictByAnswer: [{ questionId: s.questions.single.id, values: ["good"] }] };
    const feedbackIds = (body: { data: { feedbackId: string }[] }) => body.data.map((r) => r.feedbackId);
    const page = async (token: string | undefined, n: number) => (await list(token, { filters, page: n, pageSize: 2 })).body;
    const first = await page(tokens.admin, 1);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, total: 4 });
    // `second` answered "bad"; the hidden response is the admin's to manage.
    expect(feedbackIds(first)).toEqual([ids.hiddenText, ids.inB]);
    expect(feedbackIds(await page(tokens.admin, 2))).toEqual([ids.hidden, ids.first]);
    expect(feedbackIds(await page(tokens.admin, 3))).toEqual([]);
    // A viewer of unit A: neither unit B's response nor the hidden one.
    expect(feedbackIds(await page(tokens.viewerA, 1))).toEqual([ids.hiddenText, ids.first]);
  });

  it("team visibility: an editor of unit A sees unit A only (with its hidden response); a viewer sees no hidden responses", async () => {
    const editor = await list(tokens.editorA, { filters: { ...window(), surveyId: [s.survey.id] } });
    expect(editor.status).toBe(200);
    expect(editor.body.data.map((r: { feedbackId: string }) => r.feedbackId)).toEqual([ids.hiddenText, ids.hidden, ids.second, ids.first]);
    const viewer = await list(tokens.viewerA, { filters: { ...window(), surveyId: [s.survey.id] } });
    expect(viewer.status).toBe(200);
    expect(viewer.body.data.map((r: { feedbackId: string }) => r.feedbackId)).toEqual([ids.hiddenText, ids.second, ids.first]);
  });

  it("another organisation sees none of it, even naming the survey", async () => {
    const r = await list(tokens.otherAdmin, { filters: { ...window(), surveyId: [s.survey.id], channelId: [s.touchpointA.id] } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.questions).toEqual([]);
    expect(r.body.metaKeys).toEqual([]);
    expect(r.body.total).toBe(0);
  });

  it("refuses bad input with a clear message", async () => {
    const f = { ...window(), surveyId: [s.survey.id] };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ filters: { ...f, colour: "red" } }, 400, "Unknown filter 'colour'"],
      [{ filters: { from: "2026-05-10", to: "2026-05-01" } }, 400, "The start date must not be after the end date"],
      [{ filters: f, page: 0 }, 400, feedbackListMessages.badPage],
      [{ filters: f, page: "two" }, 400, feedbackListMessages.badPage],
      [{ filters: f, pageSize: 5000 }, 400, feedbackListMessages.badPageSize],
      [{ filters: f, format: "doc" }, 400, resultsListMessages.format],
      [{ filters: f, locale: "english" }, 400, feedbackListMessages.badLocale],
    ];
    for (const [body, status, message] of cases) {
      const r = await list(tokens.admin, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error, JSON.stringify(body)).toBe(message);
    }
    expect((await list(undefined, { filters: f })).status).toBe(401);
    const jobs = await t.prisma.exportJob.count({ where: { organizationId: org.organization.id } });
    expect((await list(tokens.admin, { filters: { ...f, nope: 1 }, format: "csv" })).status).toBe(400);
    expect(await t.prisma.exportJob.count({ where: { organizationId: org.organization.id } })).toBe(jobs);
  });

  it("a share link's visitor gets the link's responses only: hidden ones and hidden answers left out, times hidden when the link says so", async () => {
    const { token, tokenHash } = generateShareToken();
    await t.prisma.shareToken.create({
      data: {
        organizationId: org.organization.id,
        createdByUserId: org.users.admin.id,
        token: tokenHash,
        filters: { ...window(), surveyId: [s.survey.id] },
        allowChanges: [],
        hideTimestamps: true,
        smileyScale: { min: 0, max: 10 },
      },
    });
    const r = await list(undefined, { filters: { channelId: [s.touchpointB.id] } }, `?token=${token}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // channelId is not in allowChanges: the visitor's change is ignored.
    expect(r.body.data.map((x: { feedbackId: string }) => x.feedbackId)).toEqual([ids.hiddenText, ids.inB, ids.second, ids.first]);
    const row = r.body.data.find((x: { feedbackId: string }) => x.feedbackId === ids.hiddenText);
    expect(row[s.questions.text.id]).toBeNull();
    // The link's smiley scale 0–10: the fourth of five smileys (0.75) shows as 7.5.
    expect(row[s.questions.smiley.id]).toBe(7.5);
    expect(row.date).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    const tampered = await list(undefined, {}, `?token=${token.slice(0, -2)}xx`);
    expect(tampered.status).toBe(404);
    // Files too: the link's export job (exports-share.test.ts follows it to the file).
    const file = await list(undefined, { format: "csv" }, `?token=${token}`);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.body.cacheId).toMatch(/^[0-9a-f]{24}$/);
  });

  const waitForJobLong = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const job = await t.prisma.exportJob.findUnique({ where: { id } });
      if (job && job.status !== "generating") return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("export did not finish");
  };
  const waitForJob = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const job = await t.prisma.exportJob.findUnique({ where: { id } });
      if (job && job.status !== "generating") return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("export did not finish");
  };

  it("exports CSV: headers and values as on screen, meta_ columns, labels in the asked language; hidden responses and answers left out", async () => {
    const r = await list(tokens.editorA, { filters: { ...window(), surveyId: [s.survey.id], utcOffset: 120 }, locale: "fi", format: "csv" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const job = await waitForJob(r.body.cacheId);
    expect(job).toMatchObject({ status: "finished", progress: 100, kind: "csv", userId: org.users.editorA.id });
    // As a client would: poll with the cacheId, then download the file.
    const poll = await apiCall(t.baseUrl, "GET", `/results-feedbacklist/poll?cacheId=${r.body.cacheId}`, tokens.editorA);
    expect(poll.status).toBe(200);
    expect(poll.body).toMatchObject({ status: "finished", progress: 100 });
    const download = await fetch(poll.body.url, { headers: { authorization: `Bearer ${tokens.editorA}` } });
    expect(download.status).toBe(200);
    const text = Buffer.from(await download.arrayBuffer()).toString("utf8");
    expect(text).toBe(await readFile(job.filePath!, "utf8"));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows: string[][] = parse(text, { bom: true });
    const q = s.questions;
    expect(rows[0]).toEqual([
      "Vastauksen tunnus",
      "Päivämäärä",
      "Kosketuspiste",
      "Kieli",
      "Tila",
      "Miten meni?",
      "Suosittelisitko?",
      "Nopeus",
      "Mikä myymälä?",
      "Mitä ostit?",
      "Kerro lisää",
      "Miltä tuntuu?",
      "Yhteystiedot",
      "meta_lane",
      "meta_store",
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([ids.hiddenText, ids.second, ids.first]);
    const first = rows.find((row) => row[0] === ids.first)!;
    const local = new Date(at(0).getTime() + 120 * 60_000);
    expect(first).toEqual([
      ids.first,
      `${local.toISOString().slice(0, 10).replaceAll("-", "/")} 12:15`,
      "Kamppi kiosk",
      "en",
      "lähetetty",
      "4",
      "9",
      "4",
      "Hyvä",
      "Maito, Leipä",
      "Friendly staff",
      "Iloinen",
      "Aino, aino@example.test",
      "3",
      "Kamppi",
    ]);
    expect(rows.find((row) => row[0] === ids.hiddenText)![10]).toBe("");
    void q;
  });

  it.skipIf(!chromiumPresent || !pdftotextPresent)(
    "exports PDF (spec 001 §7 format pdf): a landscape table with the same header and rows as on screen; hidden responses and answers left out",
    async () => {
      const r = await list(tokens.editorA, { filters: { ...window(), surveyId: [s.survey.id], utcOffset: 120 }, locale: "fi", format: "pdf" });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const job = await waitForJobLong(r.body.cacheId);
      expect(job).toMatchObject({ status: "finished", progress: 100, kind: "pdf", userId: org.users.editorA.id });
      const poll = await apiCall(t.baseUrl, "GET", `/results-feedbacklist/poll?cacheId=${r.body.cacheId}`, tokens.editorA);
      expect(poll.body).toMatchObject({ status: "finished", progress: 100 });
      const download = await fetch(poll.body.url, { headers: { authorization: `Bearer ${tokens.editorA}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toBe("application/pdf");
      expect(download.headers.get("content-disposition")).toMatch(/filename="feedback-list-\d{4}-\d{2}-\d{2}\.pdf"/);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const pdfPath = path.join(tmpdir(), `feedback-list-${r.body.cacheId}.pdf`);
      await writeFile(pdfPath, bytes);
      const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
      const flat = text.replace(/\s+/g, " ");
      expect(flat).toContain("Palautelista");
      expect(flat).toContain("3 vastausta");
      for (const title of ["Vastauksen tunnus", "Suosittelisitko?", "meta_store"]) expect(flat).toContain(title);
      for (const id of [ids.hiddenText, ids.second, ids.first]) expect(flat).toContain(id);
      // Long values wrap between words inside their cell, so single-line values are checked whole.
      for (const cell of ["Kamppi kiosk", "lähetetty", "Huono", "Iloinen", "aino@example.test", "Kamppi"]) expect(flat).toContain(cell);
      expect(flat).toContain("kallista");
      // Hidden responses and hidden answers stay out, as in the CSV.
      expect(flat).not.toContain(ids.hidden);
      expect(flat).not.toContain("Hidden");
      expect(flat).not.toContain("Secret");
      const info = execFileSync("pdfinfo", [pdfPath]).toString();
      const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
      expect(Number(w)).toBeGreaterThan(Number(h));
      await rm(pdfPath, { force: true });
    },
  );

  it("exports XLSX: a sheet with the same header and typed cells", async () => {
    const r = await list(tokens.admin, { filters: { ...window(), surveyId: [s.survey.id] }, locale: "es", format: "xlsx" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const job = await waitForJob(r.body.cacheId);
    expect(job.status).toBe("finished");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(job.filePath!);
    const sheet = workbook.getWorksheet("Feedback")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(["Id de la respuesta", "Fecha", "Punto de contacto", "Idioma", "Estado"]);
    expect(header).toContain("¿Nos recomendarías?");
    expect(header.slice(-2)).toEqual(["meta_lane", "meta_store"]);
    // admin: every unit, hidden response left out of files → 4 rows.
    expect(sheet.actualRowCount).toBe(5);
    const rowOf = (id: string) => {
      for (let i = 2; i <= sheet.rowCount; i++) if (sheet.getRow(i).getCell(1).value === id) return sheet.getRow(i);
      throw new Error(`no row ${id}`);
    };
    const second = rowOf(ids.second!);
    expect(second.getCell(6).value).toBe(1);
    expect(second.getCell(7).value).toBe(3);
    expect(second.getCell(9).value).toBe("Malo");
    expect(second.getCell(header.length).value).toBe("Itis");
    expect(rowOf(ids.inB!).getCell(3).value).toBe("Web shop");
  });

  it("a viewer may not export; nothing is queued", async () => {
    const before = await t.prisma.exportJob.count({ where: { organizationId: org.organization.id } });
    const r = await list(tokens.viewerA, { filters: { ...window() }, format: "csv" });
    expect(r.status).toBe(403);
    expect(await t.prisma.exportJob.count({ where: { organizationId: org.organization.id } })).toBe(before);
  });
});
