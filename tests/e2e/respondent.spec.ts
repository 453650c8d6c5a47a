// The respondent pages as respondents use them, against the real server and database: the public
// survey page of a link, and a terminal that keeps answering with the network cut.
import { expect, test } from "@playwright/test";
import { query } from "./support";

const touchpointId = async (name: string) => (await query<{ id: string }>(`SELECT "id" FROM "Touchpoint" WHERE "name" = $1 AND NOT "deleted"`, [name]))[0]!.id;
const responseCount = async (id: string) =>
  Number(
    (await query<{ n: string }>(`SELECT count(*) AS n FROM "Response" WHERE "touchpointCode" = (SELECT "code" FROM "Touchpoint" WHERE "id" = $1)`, [id]))[0]!.n,
  );

test("a respondent answers a link survey on the public page and the response is stored", async ({ page }) => {
  const id = await touchpointId("Support ticket follow-up link");
  const before = await responseCount(id);
  await page.goto(`/s/${id}?language=en`);
  await expect(page.getByRole("heading", { name: "How satisfied are you with the help you received?" })).toBeFocused();
  // Required: Next without an answer explains.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please answer this question.");
  await page.getByLabel("Very satisfied").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "How quickly was your issue resolved?" })).toBeVisible();
  await page.getByRole("slider").focus();
  await page.keyboard.press("ArrowRight");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("9", { exact: true }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Your answer").fill("Quick and friendly help, thanks!");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("E-mail address").fill("Respondent@Example.com");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
  await expect.poll(() => responseCount(id)).toBe(before + 1);
  const [latest] = await query<{ id: string; language: string }>(
    `SELECT "id", "language" FROM "Response" WHERE "touchpointCode" = (SELECT "code" FROM "Touchpoint" WHERE "id" = $1) ORDER BY "ordinal" DESC NULLS LAST LIMIT 1`,
    [id],
  );
  expect(latest!.language).toBe("en");
  const answers = await query<{ type: string; numericValue: number | null; textValue: string | null }>(
    `SELECT q."type", a."numericValue", a."textValue" FROM "EveryAnswer" a JOIN "Question" q ON q."id" = a."questionId" WHERE a."responseId" = $1 ORDER BY q."position"`,
    [latest!.id],
  );
  expect(answers.map((a) => a.type)).toEqual(["smiley", "slider", "nps", "openText", "contactDetails"]);
  expect(answers[0]!.numericValue).toBe(1);
  expect(answers[2]!.numericValue).toBe(9);
  expect(answers[3]!.textValue).toBe("Quick and friendly help, thanks!");
  expect(JSON.parse(answers[4]!.textValue!)).toEqual({ email: "respondent@example.com" });
});

test("a terminal keeps answering offline and sends each response exactly once when the network returns", async ({ page, context }) => {
  const id = await touchpointId("Turku checkout terminal");
  // A short thank-you screen, so the kiosk starts over quickly.
  await query(
    `UPDATE "Survey" SET "settings" = '{"endScreenTimeout": 2}', "updatedAt" = now() WHERE "id" = (SELECT "activeSurveyId" FROM "Touchpoint" WHERE "id" = $1)`,
    [id],
  );
  const before = await responseCount(id);
  await page.goto(`/t/${id}?language=en`);
  const first = page.getByRole("heading", { name: "How satisfied were you with your visit today?" });
  await expect(first).toBeVisible();

  await context.setOffline(true);
  const answerOnce = async (smiley: string, nps: string, text: string) => {
    await expect(first).toBeVisible({ timeout: 15_000 });
    await page.getByLabel(smiley, { exact: true }).check(); // one tap answers and moves on
    await page.getByLabel(nps, { exact: true }).check();
    await page.getByLabel("Shopping", { exact: true }).check();
    await page.getByLabel("Happy", { exact: true }).check();
    await page.getByLabel("Your answer").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();
  };
  await answerOnce("Satisfied", "8", "Offline answer one");
  await answerOnce("Very satisfied", "10", "Offline answer two");
  await expect(page.getByText("2 responses waiting to be sent")).toBeVisible();
  expect(await responseCount(id)).toBe(before);

  await context.setOffline(false);
  await expect.poll(() => responseCount(id), { timeout: 20_000 }).toBe(before + 2);
  await expect(page.getByText("responses waiting to be sent")).toHaveCount(0);
  // Each once: later flushes add nothing.
  await page.waitForTimeout(1500);
  expect(await responseCount(id)).toBe(before + 2);
  const texts = await query<{ textValue: string }>(
    `SELECT a."textValue" FROM "EveryAnswer" a JOIN "Response" r ON r."id" = a."responseId" WHERE r."touchpointCode" = (SELECT "code" FROM "Touchpoint" WHERE "id" = $1) AND a."textValue" LIKE 'Offline answer %' ORDER BY 1`,
    [id],
  );
  expect(texts.map((t) => t.textValue)).toEqual(["Offline answer one", "Offline answer two"]);
});
