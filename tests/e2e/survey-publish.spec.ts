// A survey's whole way in the product: built in the editor with every question type, published to a
// new link touchpoint, answered on the public page in a second browser page while the survey list
// in the first page shows its response count rising without a reload.
import { expect, test } from "@playwright/test";
import { buildSurveyWithEveryQuestionType, query } from "./support";

test("build a survey with every question type, publish it to a link, answer it and watch the count rise live", async ({ page, context }) => {
  const name = `Published e2e ${Date.now() % 100000}`;
  await buildSurveyWithEveryQuestionType(page, "admin@demo.example", name);
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  const surveyId = /\/surveys\/([0-9a-f]{24})\/edit$/.exec(page.url())![1]!;

  // Publish: a new link touchpoint with the survey as its active survey.
  await page.goto("/touchpoints/link-qr/new");
  await page.getByLabel("Link", { exact: true }).check();
  await page.getByLabel("Name", { exact: true }).fill(`${name} link`);
  await page.getByLabel("Active survey").selectOption({ label: name });
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/touchpoints\/link-qr\/[0-9a-f]{24}\/edit$/);
  const publicLink = await page.getByLabel("Public link").inputValue();
  expect(publicLink).toMatch(/\/s\/[0-9a-f]{24}$/);
  await expect(page.getByRole("img", { name: "QR code of the public link" })).toBeVisible();

  // The survey list, with the survey's live count.
  await page.goto("/surveys/list?tab=all");
  const row = page.getByRole("row", { name: name });
  const count = row.getByRole("status", { name: "Responses" }).or(row.getByLabel("Responses"));
  await expect(count).toHaveText("0");

  // A respondent answers in a second page.
  const respondent = await context.newPage();
  await respondent.goto(`${publicLink}?language=en`);
  await expect(respondent.getByRole("heading", { name: "How was your visit?" })).toBeVisible();
  const next = () => respondent.getByRole("button", { name: "Next" }).click();
  await respondent.getByLabel("Very satisfied").check();
  await next();
  await respondent.getByLabel("9", { exact: true }).check();
  await next();
  const slider = respondent.getByRole("slider");
  await slider.focus();
  await expect(slider).toBeFocused();
  await respondent.keyboard.press("ArrowRight");
  await expect(slider).not.toHaveAttribute("aria-valuetext", "Not answered");
  await next();
  await respondent.getByLabel("Tea", { exact: true }).check();
  await next();
  await respondent.getByLabel("Staff", { exact: true }).check();
  await respondent.getByLabel("Prices", { exact: true }).check();
  await next();
  await respondent.getByLabel("Your answer").fill("Lovely place");
  await next();
  await respondent.getByLabel("Delighted", { exact: true }).check();
  await next();
  await respondent.getByLabel("E-mail address").fill("someone@example.com");
  await respondent.getByRole("button", { name: "Send" }).click();
  await expect(respondent.getByRole("heading", { name: "Thank you for your feedback!" })).toBeVisible();

  // The first page's count rose without a reload.
  await expect(count).toHaveText("1");

  const answers = await query<{ type: string }>(
    `SELECT q."type" FROM "EveryAnswer" a JOIN "Question" q ON q."id" = a."questionId" JOIN "Response" r ON r."id" = a."responseId"
     WHERE r."surveyId" = $1 ORDER BY q."position"`,
    [surveyId],
  );
  expect(answers.map((a) => a.type)).toEqual(["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion", "contactDetails"]);

  await respondent.close();
});
