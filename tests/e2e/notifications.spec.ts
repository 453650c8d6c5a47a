// Notification rules as people use them: build a rule in the three steps (basics, conditions,
// activate), answer the survey so that it matches and read the alert from real SMTP, answer so that
// it does not match and see no mail; then copy the rule and delete the copy from the list.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startSmtpCapture, type SmtpCapture } from "../../api/src/test/mail.js";
import { smtpPort } from "./playwright.config.js";
import { query, signIn } from "./support";

const admin = "admin@demo.example";
const surveyName = "Customer support follow-up";
const touchpointName = "Support ticket follow-up link";
const npsTitle = "How likely are you to recommend Demo Oy to a friend or colleague?";

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: smtpPort });
});
test.afterAll(async () => smtp?.close());

/** A respondent's answer through the public respondent API of the link. */
async function answer(baseURL: string, nps: number, comment: string): Promise<string> {
  const [tp] = await query<{ id: string; surveyId: string }>(
    `SELECT "id", "activeSurveyId" AS "surveyId" FROM "Touchpoint" WHERE "name" = $1 AND NOT "deleted"`,
    [touchpointName],
  );
  const questions = await query<{ id: string; type: string }>(`SELECT "id", "type" FROM "Question" WHERE "surveyId" = $1 AND NOT "hidden"`, [tp!.surveyId]);
  const response = await fetch(`${baseURL}/r/${tp!.id}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      idempotencyKey: randomBytes(10).toString("hex"),
      surveyId: tp!.surveyId,
      language: "en",
      metadata: { channel: "chat" },
      answers: [
        { questionId: questions.find((q) => q.type === "nps")!.id, value: nps },
        { questionId: questions.find((q) => q.type === "openText")!.id, value: comment },
      ],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { responseId: string }).responseId;
}

test("build a rule in three steps; a matching answer is mailed, another is not; copy and delete the rule", async ({ page, baseURL }) => {
  const name = `Detractors ${Date.now().toString(36)}`;
  await signIn(page, admin, "/notifications/list");
  await expect(page.getByRole("heading", { name: "Notification rules", exact: true })).toBeVisible();
  await page
    .getByRole("link", { name: /New notification rule|Create a notification rule/ })
    .first()
    .click();

  // 1. Basics: name, survey, touchpoints.
  await expect(page).toHaveURL(/\/notifications\/new\/preliminary$/);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Survey", { exact: true }).selectOption({ label: surveyName });
  await page.getByLabel(touchpointName).check();
  await page.getByRole("button", { name: "Next: conditions" }).click();

  // 2. Conditions: the NPS is 0–6.
  await expect(page).toHaveURL(/\/notifications\/new\/conditions$/);
  await page.getByLabel("Question", { exact: true }).selectOption({ label: npsTitle });
  for (const score of ["0", "1", "2", "3", "4", "5", "6"]) await page.getByLabel(score, { exact: true }).check();
  await page.getByRole("button", { name: "Next: activate" }).click();

  // 3. Activate: no delay, the admin receives it.
  await expect(page).toHaveURL(/\/notifications\/new\/activate$/);
  await page.getByLabel("Delay (minutes)").fill("0");
  await expect(page.getByText(/We suggest at least 30 minutes/)).toBeVisible();
  await page.getByLabel("Receivers (e-mail addresses, one per line)").fill(admin);
  await page.getByRole("button", { name: "Save and activate" }).click();
  await expect(page.getByRole("heading", { name: "The notification rule is active" })).toBeVisible();
  await expect(page).toHaveURL(/\/notifications\/[0-9a-f]{24}\/activate\/success$/);
  const ruleId = /\/notifications\/([0-9a-f]{24})\//.exec(page.url())![1]!;

  // A detractor's answer matches: the alert arrives over SMTP.
  const matching = await answer(baseURL!, 2, "Nobody called me back");
  const alert = await smtp.waitFor((m) => m.parsed.headers.get("x-response-id") === matching, 30_000);
  expect(alert.to).toEqual([admin]);
  expect(alert.subject).toBe(`Notification from your survey ${surveyName}`);
  expect(alert.text).toContain(`matched your notification rule "${name}"`);
  expect(alert.text).toContain(`- ${npsTitle}: 2/10`);
  expect(alert.text).toContain("Nobody called me back");
  expect(alert.text).toContain("- channel: chat");
  expect(alert.text).toMatch(/\/unsubscribe\?token=n1\./);

  // A promoter's answer does not match: no mail, no firing.
  const other = await answer(baseURL!, 10, "Great help");
  const firings = async (responseId: string) =>
    Number((await query<{ n: string }>(`SELECT count(*) AS n FROM "NotificationFiring" WHERE "responseId" = $1`, [responseId]))[0]!.n);
  const pending = async (responseId: string) =>
    Number((await query<{ n: string }>(`SELECT count(*) AS n FROM "NotificationPending" WHERE "responseId" = $1`, [responseId]))[0]!.n);
  await expect.poll(() => pending(other), { timeout: 15_000 }).toBe(0); // evaluated
  expect(await firings(other)).toBe(0);
  await page.waitForTimeout(1_000);
  expect(smtp.messages.filter((m) => m.parsed.headers.get("x-response-id") === other)).toEqual([]);
  expect(await firings(matching)).toBe(1);

  // Copy: a new rule with the same fields; delete the copy.
  await page.getByRole("link", { name: "Back to the notification rules" }).click();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Copy ${name}` }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  const copyName = `${name} (copy)`;
  await expect(page.getByRole("cell", { name: copyName, exact: true })).toBeVisible();
  const rules = await query<{ id: string; name: string; conditions: unknown }>(
    `SELECT "id", "name", "conditions" FROM "NotificationRule" WHERE "name" LIKE $1`,
    [`${name}%`],
  );
  expect(rules).toHaveLength(2);
  const copy = rules.find((r) => r.name === copyName)!;
  expect(copy.id).not.toBe(ruleId);
  expect(copy.conditions).toEqual(rules.find((r) => r.id === ruleId)!.conditions);

  await page.getByRole("button", { name: `Delete ${copyName}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete the notification rule?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: copyName, exact: true })).toHaveCount(0);
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  expect(await query(`SELECT "id" FROM "NotificationRule" WHERE "id" = $1`, [copy.id])).toEqual([]);

  // An address that is not a rule's id is refused before anything is fetched.
  await page.goto("/notifications/not-an-id");
  await expect(page.getByRole("heading", { name: "This notification rule's address is not valid" })).toBeVisible();
});
