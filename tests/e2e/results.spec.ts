// The results as a manager uses them, in Chromium against the real server and its demo data: filter,
// group by week, save a bookmark, share a link that opens signed out without a bearer token (where
// the visitor picks a survey from the link's choices and exports the link's rows as CSV), and
// export CSV, XLSX and PDF, opening each file to check what is inside.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { query, signIn } from "./support";

const dir = mkdtempSync(path.join(tmpdir(), "results-e2e-"));

async function exportFile(page: Page, button: string, kind: string): Promise<string> {
  const download = page.waitForEvent("download", { timeout: 60_000 });
  // The exports are a panel of the results toolbar.
  const panel = page.getByRole("region", { name: "Results tools" }).getByRole("button", { name: "Export", exact: true });
  if ((await panel.getAttribute("aria-expanded")) !== "true") await panel.click();
  await page.getByRole("button", { name: button }).click();
  // The progress bar follows the job until the file is ready; then the browser downloads it.
  await expect(page.getByRole("progressbar", { name: `${kind} export progress` })).toBeVisible();
  const file = await download;
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

/**
 * One response, made now through the public respondent API on the named link touchpoint, answering
 * its survey's first question. The test asserts on these rather than on what the demo data happens
 * to hold in the window (that depends on the day the demo was seeded and on the clock).
 */
async function respondNow(request: APIRequestContext, touchpointName: string): Promise<string> {
  const [touchpoint] = await query<{ id: string }>(`SELECT "id" FROM "Touchpoint" WHERE "name" = $1 AND NOT "deleted"`, [touchpointName]);
  const survey = await (await request.get(`/r/${touchpoint!.id}/survey`)).json();
  const first = survey.questions[0] as { id: string; type: string; options: { buttons?: number } };
  const value = first.type === "nps" ? 9 : first.type === "smiley" ? (first.options.buttons ?? 5) - 1 : null;
  expect(value, `first question of ${touchpointName} is a smiley or NPS question`).not.toBeNull();
  const answer = await request.post(`/r/${touchpoint!.id}/responses`, {
    data: { idempotencyKey: `results-e2e-${randomUUID()}`, surveyId: survey.survey.id, language: "en", answers: [{ questionId: first.id, value }] },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).responseId as string;
}

test("filter, group by week, bookmark, share signed out, and export CSV, XLSX and PDF", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // Data this test asserts on: one response to the survey the visitor will pick, one to another.
  const pickedResponse = await respondNow(request, "Order confirmation email link"); // "Web shop experience"
  const otherResponse = await respondNow(request, "Support ticket follow-up link"); // "Customer support follow-up"
  await signIn(page, "admin@demo.example", "/results");
  const filters = page.getByRole("form", { name: "Results filters" });
  await expect(filters).toBeVisible();
  await filters.getByLabel("Date range").selectOption({ label: "Last 30 days" });
  await filters.getByLabel("Group by").selectOption({ label: "Week number" });
  await filters.getByRole("button", { name: "Filter results" }).click();
  await expect(page).toHaveURL(/groupBy=weekNumber/);
  await expect(page).toHaveURL(/preset=last30Days/);
  // Charts drawn per question (each a named figure).
  await expect(page.getByRole("figure").first()).toBeVisible();

  // A bookmark of this view (saved views open as a panel of the results toolbar).
  const bookmark = `Weekly view ${Date.now() % 100000}`;
  const savedViews = page.getByRole("region", { name: "Results tools" }).getByRole("button", { name: "Saved views" });
  await savedViews.click();
  await page.getByLabel("Bookmark name").fill(bookmark);
  await page.getByRole("button", { name: "Save bookmark" }).click();
  await expect(page.getByRole("list", { name: "Saved views" })).toContainText(bookmark);
  await page.reload();
  await savedViews.click();
  await expect(page.getByRole("list", { name: "Saved views" })).toContainText(bookmark);
  await page.keyboard.press("Escape");
  await expect(savedViews).toHaveAttribute("aria-expanded", "false");

  // A share link, opened signed out in a fresh browser context.
  await page.getByRole("button", { name: "Share results" }).click();
  const dialog = page.getByRole("dialog", { name: "Share results by link" });
  await dialog.getByLabel("Link name").fill("Weekly results for the board");
  // The visitor may pick the surveys.
  await dialog.getByRole("group", { name: "Visitors may change" }).getByLabel("Surveys", { exact: true }).check();
  await dialog.getByLabel("Hide timestamps").check();
  await dialog.getByRole("button", { name: "Create share link" }).click();
  const link = await dialog.getByLabel("Share link").inputValue();
  expect(link).toMatch(/\/results\?token=/);
  await dialog.getByRole("button", { name: "Close" }).click();

  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  const bearerRequests: string[] = [];
  shared.on("request", (request) => {
    if (request.headers().authorization) bearerRequests.push(request.url());
  });
  await shared.goto(link);
  await expect(shared.getByText("You are viewing shared results.")).toBeVisible();
  await expect(shared.getByRole("heading", { name: "Weekly results for the board" })).toBeVisible();
  await expect(shared.getByRole("figure").first()).toBeVisible();
  await expect(shared.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  // The visitor's filter bar lists the link creator's surveys (through the share token) and picks one.
  const visitorFilters = shared.getByRole("form", { name: "Results filters" });
  await visitorFilters.locator("summary", { hasText: "Surveys:" }).click();
  const surveys = visitorFilters.getByRole("group", { name: "Surveys" });
  await expect(surveys.getByRole("checkbox").first()).toBeEnabled();
  await expect(surveys.getByText("No surveys")).toHaveCount(0);
  await surveys.getByRole("checkbox", { name: "Web shop experience" }).check();
  await visitorFilters.getByRole("button", { name: "Filter results" }).click();
  await expect(shared).toHaveURL(/[?&]survey=[0-9a-f]{24}/);
  await expect(shared).toHaveURL(/[?&]token=/);
  await expect(visitorFilters.locator("summary", { hasText: "Surveys:" })).toContainText("1 selected");
  // The results on screen are the picked survey's: its first question, none of another survey's.
  await expect(shared.getByRole("heading", { name: "How was your shopping experience?" })).toBeVisible();
  await expect(shared.getByRole("heading", { name: "How satisfied are you with the help you received?" })).toHaveCount(0);
  await expect(shared.getByRole("figure").first()).toBeVisible();
  // Touchpoints are not the visitor's to change: none listed.
  await visitorFilters.locator("summary", { hasText: "Touchpoints:" }).click();
  await expect(visitorFilters.getByRole("group", { name: "Touchpoints" }).getByText("No touchpoints")).toBeVisible();
  // The visitor exports the feedback list of what the link shows (the survey they picked), as CSV:
  // dates without times (the link hides timestamps); this test's response to that survey is in it,
  // its response to another survey is not.
  const visitorCsv = parse(readFileSync(await exportFile(shared, "Export CSV", "CSV")), { bom: true }) as string[][];
  expect(visitorCsv[0]!.slice(0, 2)).toEqual(["Response id", "Date"]);
  expect(visitorCsv.length).toBeGreaterThan(1);
  expect(visitorCsv.slice(1).every((r) => r.length === visitorCsv[0]!.length && /^\d{4}\/\d{2}\/\d{2}$/.test(r[1]!))).toBe(true);
  const visitorIds = visitorCsv.slice(1).map((r) => r[0]);
  expect(visitorIds).toContain(pickedResponse);
  expect(visitorIds).not.toContain(otherResponse);
  expect(bearerRequests).toEqual([]);
  await visitor.close();

  // Exports: CSV and XLSX from the feedback list, PDF of the results.
  const csvPath = await exportFile(page, "Export CSV", "CSV");
  const rows = parse(readFileSync(csvPath), { bom: true }) as string[][];
  expect(rows.length).toBeGreaterThan(1);
  const header = rows[0]!;
  expect(header.length).toBeGreaterThan(3);
  expect(rows.slice(1).every((r) => r.length === header.length)).toBe(true);
  // The visitor's rows are the member's rows of one survey: all among them, fewer of them, no more columns.
  const memberIds = new Set(rows.slice(1).map((r) => r[0]));
  expect(memberIds.has(pickedResponse) && memberIds.has(otherResponse)).toBe(true);
  expect(visitorCsv.slice(1).every((r) => memberIds.has(r[0]))).toBe(true);
  expect(visitorCsv.length).toBeLessThan(rows.length);
  expect(visitorCsv[0]!.length).toBeLessThanOrEqual(header.length);
  expect(rows.slice(1).every((r) => / \d{2}:\d{2}$/.test(r[1]!))).toBe(true);

  const xlsxPath = await exportFile(page, "Export XLSX", "XLSX");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxPath);
  const sheet = workbook.worksheets[0]!;
  const xlsxHeader = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(xlsxHeader).toEqual(header);
  expect(sheet.actualRowCount).toBe(rows.length);

  const firstQuestion = (await page.getByRole("heading", { level: 3 }).first().textContent())!.trim();
  expect(firstQuestion.length).toBeGreaterThan(3);
  const pdfPath = await exportFile(page, "Export PDF", "PDF");
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
  // The PDF holds the questions' charts as on screen (text of the figures, not only a title).
  expect(text.replace(/\s+/g, " ")).toContain(firstQuestion);
  expect(text).toContain("Answers:");
  const png = path.join(dir, "page");
  execFileSync("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", pdfPath, png]);
  expect(statSync(`${png}.png`).size).toBeGreaterThan(5_000);
  await test.info().attach("pdf-first-page", { path: `${png}.png`, contentType: "image/png" });
});
