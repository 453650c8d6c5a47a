// A customer journey as a manager builds and shares it, in Chromium against the real server and its
// demo data: three stages (touchpoints first, then surveys), its analytics with the charts drawn,
// a share link opened signed out without a bearer token (and refused on another journey), and the journey's PDF (landscape), opened
// to check what is inside.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { query, signIn } from "./support";

const dir = mkdtempSync(path.join(tmpdir(), "journeys-e2e-"));

const stages = [
  { name: "Purchase", touchpoint: "Order confirmation email link", survey: "Web shop experience" },
  { name: "Support", touchpoint: "Support ticket follow-up link", survey: "Customer support follow-up" },
  { name: "Return visit", touchpoint: "Order confirmation email link", survey: "Customer support follow-up" },
];

async function fillStage(page: Page, index: number, stage: (typeof stages)[number]) {
  const item = page.locator("li.journey-stage").nth(index);
  await item.getByLabel("Stage name").fill(stage.name);
  // The surveys open once touchpoints are selected.
  await expect(item.locator(".field__hint", { hasText: "Select touchpoints to continue" })).toBeVisible();
  await expect(item.getByLabel(stage.survey, { exact: true })).toBeDisabled();
  await item.getByLabel(stage.touchpoint, { exact: true }).check();
  await item.getByLabel(stage.survey, { exact: true }).check();
}

test("build a journey of three stages, open its analytics, share it signed out and export its PDF", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `Order journey ${Date.now() % 100000}`;
  await signIn(page, "admin@demo.example", "/customer-journey/list");
  await page.getByRole("link", { name: "New journey" }).first().click();
  await expect(page.getByRole("heading", { name: "New customer journey" })).toBeVisible();

  // Saving without touchpoints is refused with the spec's rule.
  await page.getByLabel("Journey name").fill(name);
  await page.getByLabel("KPI").selectOption({ label: "Count" });
  await page.getByRole("button", { name: "Create journey" }).click();
  await expect(page.locator("li.journey-stage").first().locator(".field__error", { hasText: "Select touchpoints to continue" })).toBeVisible();

  await fillStage(page, 0, stages[0]!);
  await page.getByRole("button", { name: "Add stage" }).click();
  await fillStage(page, 1, stages[1]!);
  await page.getByRole("button", { name: "Add stage" }).click();
  await fillStage(page, 2, stages[2]!);
  await page.getByRole("button", { name: "Create journey" }).click();
  await expect(page.getByText("Journey created")).toBeVisible();
  // After creation the view goes to the edit route.
  await expect(page).toHaveURL(/\/customer-journey\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: "Edit customer journey" })).toBeVisible();
  await expect(page.getByLabel("Journey name")).toHaveValue(name);
  await page.getByLabel("Stage name").nth(2).fill("Coming back");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Journey saved")).toBeVisible();

  // Its analytics: the KPI per stage against the earlier period, and over time.
  await page.getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/customer-journey\/analytics\/[0-9a-f]{24}/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const perStage = page.getByRole("figure", { name: "Count per stage" });
  await expect(perStage).toBeVisible();
  for (const stage of ["Purchase", "Support", "Coming back"]) await expect(perStage.getByRole("rowheader", { name: stage, exact: true })).toHaveCount(1);
  await expect(page.getByRole("figure", { name: "Count over time" })).toBeVisible();
  // The results filters apply.
  const filters = page.getByRole("form", { name: "Results filters" });
  await filters.getByLabel("Date range").selectOption({ label: "Last 30 days" });
  await filters.getByRole("button", { name: "Filter results" }).click();
  await expect(page).toHaveURL(/preset=last30Days/);
  await expect(perStage).toBeVisible();

  // Shared by link, opened signed out in a fresh browser context, with no bearer token.
  await page.getByRole("button", { name: "Share by link" }).click();
  const dialog = page.getByRole("dialog", { name: "Share results by link" });
  await dialog.getByLabel("Link name").fill("Journey for the board");
  await dialog.getByRole("button", { name: "Create share link" }).click();
  const link = await dialog.getByLabel("Share link").inputValue();
  expect(link).toMatch(/\/customer-journey\/analytics\/[0-9a-f]{24}\?token=/);
  await dialog.getByRole("button", { name: "Close" }).click();
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  const bearerRequests: string[] = [];
  shared.on("request", (request) => {
    if (request.headers().authorization) bearerRequests.push(request.url());
  });
  await shared.goto(link);
  await expect(shared.getByRole("heading", { name })).toBeVisible();
  await expect(shared.getByRole("figure", { name: "Count per stage" })).toBeVisible();
  await expect(shared.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  await expect(shared.getByRole("button", { name: "Share by link" })).toHaveCount(0);
  expect(bearerRequests).toEqual([]);
  // The link opens its own journey only: the same token on another journey of the organisation is refused.
  const journeyId = /\/customer-journey\/analytics\/([0-9a-f]{24})/.exec(link)![1]!;
  const [other] = await query<{ id: string }>(
    `INSERT INTO "CustomerJourney" ("organizationId", "name") SELECT "organizationId", 'Another journey' FROM "CustomerJourney" WHERE "id" = $1 RETURNING "id"`,
    [journeyId],
  );
  await shared.goto(link.replace(journeyId, other!.id));
  await expect(shared.getByText("This share link does not open this customer journey: ask for the journey's own link")).toBeVisible();
  await expect(shared.getByRole("heading", { name: "Another journey" })).toHaveCount(0);
  await visitor.close();

  // The journey's PDF, landscape, through the export jobs.
  const download = page.waitForEvent("download", { timeout: 90_000 });
  await page.getByRole("button", { name: "Export PDF" }).click();
  await expect(page.getByRole("progressbar", { name: "PDF export progress" })).toBeVisible();
  const file = await download;
  const pdfPath = path.join(dir, file.suggestedFilename());
  await file.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
  const info = execFileSync("pdfinfo", [pdfPath]).toString();
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) ?? [];
  expect(Number(w)).toBeGreaterThan(Number(h)); // landscape
  const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString().replace(/\s+/g, " ");
  expect(text).toContain(name);
  expect(text).toContain("Count per stage");
  expect(text).toContain("Coming back");
});
