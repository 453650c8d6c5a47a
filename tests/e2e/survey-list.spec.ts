// Survey management in Chromium against the real server: the survey list's response count rises
// live while a respondent answers in another browser; a new survey is archived and found on the
// Archived tab; a public template is copied into the editor and previewed in each display type.
import { expect, test } from "@playwright/test";
import { query, signIn } from "./support";

test("the survey list's response count rises live when a respondent answers elsewhere", async ({ page, browser }) => {
  await signIn(page, "admin@demo.example", "/surveys/list");
  const row = page.getByRole("row", { name: "Customer support follow-up" });
  const count = row.getByRole("status", { name: "Responses" });
  await expect(count).toHaveText(/^\d+$/);
  const before = Number(await count.textContent());

  const [link] = await query<{ id: string }>(`SELECT "id" FROM "Touchpoint" WHERE "name" = 'Support ticket follow-up link' AND NOT "deleted"`);
  const respondent = await (await browser.newContext()).newPage();
  await respondent.goto(`/s/${link!.id}?language=en`);
  await respondent.getByLabel("Very satisfied").check();
  for (let i = 0; i < 6; i++) {
    const send = respondent.getByRole("button", { name: "Send" });
    if (await send.isVisible()) break;
    if (await respondent.getByLabel("9", { exact: true }).isVisible()) await respondent.getByLabel("9", { exact: true }).check();
    await respondent.getByRole("button", { name: "Next" }).click();
  }
  await respondent.getByRole("button", { name: "Send" }).click();
  await expect(respondent.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();

  // No reload: the subscription brings the new count (the server flushes counters every 500 ms).
  await expect(count).toHaveText(String(before + 1), { timeout: 15_000 });
  await respondent.context().close();
});

test("a new survey is archived and shows on the Archived tab; the tabs work by keyboard", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/surveys/list");
  // "New survey" opens an unsaved survey's editor; the first save stores it (issue 15, defect 9).
  await page.getByRole("link", { name: "New survey" }).click();
  await page.waitForURL(/\/surveys\/new\/edit$/);
  const name = `List e2e ${Date.now() % 100000}`;
  await page.getByLabel("Survey name").fill(name);
  await page.getByRole("button", { name: "Save" }).first().click();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  const id = /\/surveys\/([0-9a-f]{24})\/edit/.exec(page.url())![1]!;

  await page.goto("/surveys/list");
  await page.getByRole("button", { name: `Archive ${name}` }).click();
  await expect(page.getByText("Survey archived")).toBeVisible();
  // "All" keeps it, marked archived; "Active" leaves it out; "Archived" has it.
  await expect(page.getByRole("row", { name }).getByRole("cell", { name: "Archived" })).toBeVisible();
  await page.getByRole("tab", { name: "All" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Active" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("row", { name })).toHaveCount(0);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Archived" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\?tab=archived$/);
  await expect(page.getByRole("row", { name }).getByRole("button", { name: `Unarchive ${name}` })).toBeVisible();
  expect((await query<{ archived: boolean }>(`SELECT "archived" FROM "Survey" WHERE "id" = $1`, [id]))[0]!.archived).toBe(true);

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete survey" }).click();
  await expect(page.getByText("Survey removed")).toBeVisible();
  await expect.poll(async () => (await query(`SELECT 1 FROM "Survey" WHERE "id" = $1`, [id])).length).toBe(0);
});

test("a public template is copied into the editor and previewed as desktop, mobile, terminal and widget", async ({ page }) => {
  await signIn(page, "editor@demo.example", "/surveys/templates");
  await page.getByRole("button", { name: "Use template Product feedback" }).click();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  const id = /\/surveys\/([0-9a-f]{24})\/edit/.exec(page.url())![1]!;
  const [copy] = await query<{ name: string; isTemplate: boolean; organizationId: string }>(
    `SELECT "name", "isTemplate", "organizationId" FROM "Survey" WHERE "id" = $1`,
    [id],
  );
  expect(copy).toMatchObject({ name: "Product feedback", isTemplate: false });

  await page.goto(`/surveys/${id}/preview`);
  await expect(page.getByRole("heading", { name: "Preview: Product feedback" })).toBeVisible();
  for (const [mode, width] of [
    ["Desktop", "1280"],
    ["Mobile", "375"],
    ["Terminal", "1024"],
    ["Widget", "1024"],
  ] as const) {
    await page.getByRole("radio", { name: mode }).click();
    await expect(page.getByRole("radio", { name: mode })).toBeChecked();
    // Choosing a display type keeps the focus on the choice (keyboard users stay in the radio group).
    await expect(page.getByRole("radio", { name: mode })).toBeFocused();
    const frame = page.getByTitle(`Survey preview: ${mode}`);
    await expect(frame).toHaveAttribute("width", width);
    await expect(page.frameLocator(`iframe[title="Survey preview: ${mode}"]`).getByRole("button", { name: "Next" })).toBeVisible();
  }
});
