// Campaigns end to end (issue item 8), against the real server, database, SMTP capture and SMS
// centre: a contact list uploaded with bad lines and its per-line report; an email template in
// English and Finnish; an email campaign launched from the wizard, its message opened in the SMTP
// capture, followed and answered, the record going PENDING → DELIVERED → OPENED → CLICKED →
// RESPONDED; a one-click unsubscribe that the next campaign respects; a recurring launch scheduled
// and cancelled; an SMS campaign through the local SMPP server with its delivery receipts.
import { expect, test, type Page } from "@playwright/test";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../../api/src/test/mail.js";
import { smtpPort } from "./playwright.config.js";
import { query, signIn } from "./support";

const suffix = Date.now().toString(36);
const listName = `Store customers ${suffix}`;
const smsListName = `Store texts ${suffix}`;
const templateName = `Visit follow-up ${suffix}`;
const anna = `anna.${suffix}@example.com`;
const bo = `bo.${suffix}@example.com`;

let smtp: SmtpCapture;
// The first campaign message to Anna is held at the server for a moment, so its PENDING shows.
let holdAnna = true;

test.beforeAll(async () => {
  smtp = await startSmtpCapture({
    port: smtpPort,
    delayMs: (_n, to) => {
      if (holdAnna && to.includes(anna)) {
        holdAnna = false;
        return 6000;
      }
      return 0;
    },
  });
});
test.afterAll(async () => smtp?.close());

const surveyOf = async (touchpointName: string) =>
  (
    await query<{ id: string; name: string }>(
      `SELECT s."id", s."name" FROM "Touchpoint" t JOIN "Survey" s ON s."id" = t."activeSurveyId" WHERE t."name" = $1 AND NOT t."deleted"`,
      [touchpointName],
    )
  )[0]!;

async function createList(page: Page, name: string, type: "email" | "sms", csv: string) {
  await page.goto("/touchpoints/contactLists/new");
  await page.getByLabel(/^Name( \*)?$/).fill(name);
  if (type === "sms") await page.getByLabel(/^Type$/).selectOption("sms");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/touchpoints\/contactLists\/[0-9a-f]{24}\/edit$/);
  await page.getByLabel("A .csv or .xlsx file").setInputFiles({ name: `${type}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("heading", { name: "Upload report" })).toBeVisible();
}

/** The wizard from the survey list's Launch: the touchpoint, the template (chosen in the panel), the schedule. */
async function launchEmail(page: Page, surveyId: string, opts: { template: RegExp; recurring?: boolean }) {
  await page.goto(`/launch-survey/${surveyId}`);
  await page.getByRole("checkbox", { name: new RegExp(listName) }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Email campaign" })).toBeVisible();
  await page.getByRole("button", { name: opts.template }).click();
  await expect(page.getByText(/^Message template: /)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Schedule" })).toBeVisible();
  if (opts.recurring) {
    await page.getByRole("radio", { name: "Recurring" }).check();
    await page.getByLabel("Time of day").fill("09:30");
  }
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Confirmation" })).toBeVisible();
  await page.getByRole("button", { name: "Launch" }).click();
  await expect(page.getByRole("heading", { name: opts.recurring ? "Launch scheduled" : "Survey launched" })).toBeVisible();
}

/** The record's delivery status as the /touchpoints/emails screen shows it. */
async function shownStatus(page: Page, channel: "emails" | "sms", touchpointName: string, recipient: string) {
  await page.goto(`/touchpoints/${channel}`);
  const article = page.getByRole("article", { name: touchpointName });
  await article.getByRole("button", { name: "Show messages" }).click();
  return article.getByRole("row").filter({ hasText: recipient }).first();
}

const linkIn = (mail: CapturedMail) => /https?:\/\/\S+\/r\/m\/[A-Za-z0-9_-]+(?=\s|$)/.exec(mail.text)?.[0];

test("contact list, bilingual template, email campaign with statuses, one-click unsubscribe, recurring launch, SMS receipts", async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, "admin@demo.example", "/touchpoints/contactLists");

  // 1. A contact list uploaded with bad lines: the per-line report.
  await createList(
    page,
    listName,
    "email",
    ["email,firstName", `${anna},Anna`, "not-an-email,Bad", ",Nobody", `${anna.toUpperCase()},Again`, `${bo},Bo`].join("\n"),
  );
  await expect(page.getByText("2 contacts imported")).toBeVisible();
  await expect(page.getByText("2 invalid lines skipped")).toBeVisible();
  await expect(page.getByText("1 duplicate ignored")).toBeVisible();
  const report = page.getByRole("table", { name: "Skipped lines" });
  await expect(report.getByRole("row")).toHaveText([
    /Line\s*Problem/,
    /3\s*invalid email on line 3/,
    /4\s*missing required field on line 4/,
    /5\s*duplicate value on line 5/,
  ]);
  await expect(page.getByRole("link", { name: "Show the 2 contacts" })).toBeVisible();

  // 2. An email template in English and Finnish.
  await page.goto("/touchpoints/email-templates");
  await page.getByRole("button", { name: "New email template" }).click();
  await page.getByLabel(/^Name( \*)?$/).fill(templateName);
  await page.getByLabel(/^Subject( \*)?$/).fill("How was your visit, {{firstName}}?");
  await page.getByLabel(/^Message( \*)?$/).fill("Hello {{firstName}},\n\nplease tell us how we did.");
  await page.getByLabel("Add a language").selectOption("fi");
  await page.getByLabel(/^Subject( \*)?$/).fill("Millainen käyntisi oli, {{firstName}}?");
  await page.getByLabel(/^Message( \*)?$/).fill("Hei {{firstName}},\n\nkerro miten onnistuimme.");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("button", { name: new RegExp(`^${templateName}`) })).toContainText("(en, fi)");
  const groups = await query<{ name: string; language: string }>(`SELECT "name", "language" FROM "MessageTemplate" WHERE "name" LIKE $1 ORDER BY "language"`, [
    `${templateName}%`,
  ]);
  expect(groups).toEqual([
    { name: `${templateName} (en)`, language: "en" },
    { name: `${templateName} (fi)`, language: "fi" },
  ]);

  // 3. An email campaign launched from the wizard.
  const survey = await surveyOf("Support ticket follow-up link");
  await launchEmail(page, survey.id, { template: new RegExp(`^${templateName}`) });

  // PENDING while the server holds the message, then DELIVERED.
  await expect(await shownStatus(page, "emails", listName, anna)).toContainText("Pending");
  const mail = await smtp.waitFor((m) => m.to.includes(anna), 30_000);
  expect(mail.subject).toBe("How was your visit, Anna?");
  await expect.poll(async () => (await shownStatus(page, "emails", listName, anna)).textContent(), { timeout: 20_000 }).toContain("Delivered");

  // OPENED: the tracking pixel.
  const link = linkIn(mail)!;
  expect(link).toBeTruthy();
  expect((await page.request.get(`${link}/open.gif`)).status()).toBe(200);
  await expect(await shownStatus(page, "emails", listName, anna)).toContainText("Opened");

  // CLICKED: the personal link, opened by the respondent.
  const respondent = await context.newPage();
  await respondent.goto(link);
  await expect(respondent.getByRole("heading", { name: "How satisfied are you with the help you received?" })).toBeVisible();
  await expect(await shownStatus(page, "emails", listName, anna)).toContainText("Clicked");

  // RESPONDED: the answer through that link.
  await respondent.getByLabel("Very satisfied").check();
  await respondent.getByRole("button", { name: "Next" }).click();
  await respondent.getByRole("slider").focus();
  await respondent.keyboard.press("ArrowRight");
  await respondent.getByRole("button", { name: "Next" }).click();
  await respondent.getByLabel("9", { exact: true }).check();
  await respondent.getByRole("button", { name: "Next" }).click();
  await respondent.getByLabel("Your answer").fill("Thanks for asking");
  await respondent.getByRole("button", { name: "Next" }).click();
  await respondent.getByRole("button", { name: "Send" }).click();
  await expect(respondent.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
  await respondent.close();
  await expect.poll(async () => (await shownStatus(page, "emails", listName, anna)).textContent(), { timeout: 20_000 }).toContain("Responded");

  // 4. One-click unsubscribe (RFC 8058) from Bo's message; the next campaign skips Bo.
  const boMail = await smtp.waitFor((m) => m.to.includes(bo), 30_000);
  const header = boMail.parsed.headerLines.find((h) => h.key === "list-unsubscribe")!.line.replace(/\r?\n\s+/g, " ");
  const oneClick = /<([^>]+)>/.exec(header)![1]!;
  const unsubscribed = await page.request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } });
  expect(unsubscribed.status()).toBe(200);
  await page.goto("/touchpoints/contactLists/blockList");
  await expect(page.getByText(bo)).toBeVisible();

  const before = smtp.messages.length;
  await launchEmail(page, survey.id, { template: new RegExp(`^${templateName}`) });
  await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(anna)).length, { timeout: 30_000 }).toBe(1);
  const launches = await query<{ id: string }>(
    `SELECT l."id" FROM "Launch" l WHERE l."surveyId" = $1 AND l."kind" = 'immediate' ORDER BY l."createdAt" DESC LIMIT 1`,
    [survey.id],
  );
  const records = await query<{ recipient: string }>(`SELECT "recipient" FROM "MessageRecord" WHERE "launchId" = $1`, [launches[0]!.id]);
  expect(records.map((r) => r.recipient)).toEqual([anna]);
  expect(smtp.messages.slice(before).some((m) => m.to.includes(bo))).toBe(false);

  // 5. A recurring launch, scheduled and cancelled.
  await launchEmail(page, survey.id, { template: new RegExp(`^${templateName}`), recurring: true });
  await page.goto("/surveys/scheduled");
  const row = page.getByRole("row").filter({ hasText: listName }).filter({ hasText: "09:30" });
  await expect(row).toHaveCount(1);
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: `Cancel the launch of ${survey.name}` }).click();
  await expect(page.getByRole("row").filter({ hasText: listName }).filter({ hasText: "09:30" })).toHaveCount(0);
  const recurring = await query<{ status: string }>(`SELECT "status" FROM "Launch" WHERE "surveyId" = $1 AND "kind" = 'recurring'`, [survey.id]);
  expect(recurring.map((r) => r.status)).toEqual(["cancelled"]);

  // 6. An SMS campaign through the local SMS centre, with its delivery receipts.
  await query(`UPDATE "Organization" SET "smsBalance" = 50 WHERE "id" = (SELECT "organizationId" FROM "Survey" WHERE "id" = $1)`, [survey.id]);
  await createList(page, smsListName, "sms", ["phone", "+358401234567", "+358401234569", "0401234567"].join("\n"));
  await expect(page.getByText("2 contacts imported")).toBeVisible();
  await expect(page.getByRole("table", { name: "Skipped lines" })).toContainText("invalid phone number on line 4");
  await page.goto(`/launch-survey/${survey.id}`);
  await page.getByRole("checkbox", { name: new RegExp(smsListName) }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "SMS campaign" })).toBeVisible();
  await page.getByRole("button", { name: "New SMS text" }).click();
  await page.getByLabel(/^Name( \*)?$/).fill(`Text ${suffix}`);
  await page.getByLabel(/^SMS text( \*)?$/).fill("Tell us how we did: {{link}}");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText(`Message template: Text ${suffix}`)).toBeVisible();
  // Each step shown before the next click: a click while the wizard still shows the last step is lost.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Schedule" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Confirmation" })).toBeVisible();
  await page.getByRole("button", { name: "Launch" }).click();
  await expect(page.getByRole("heading", { name: "Survey launched" })).toBeVisible();
  await expect.poll(async () => (await shownStatus(page, "sms", smsListName, "+358401234567")).textContent(), { timeout: 30_000 }).toContain("Delivered");
  await expect(await shownStatus(page, "sms", smsListName, "+358401234569")).toContainText("UNDELIV (error 001)");
});
