// A survey's whole way in the product: built in the editor with every question type, published to a
// new link touchpoint, answered on the public page in a second browser page while the survey list
// in the first page shows its response count rising without a reload.
import { expect, test } from "@playwright/test";
import { query, signIn } from "./support";

test("build a survey with every question type, publish it to a link, answer it and watch the count rise live", async ({ page, context }) => {
  await signIn(page, "admin@demo.example", "/surveys/new/edit");
  const name = `Published e2e ${Date.now() % 100000}`;
  await page.getByLabel("Survey name").fill(name);

  await page.getByRole("button", { name: "Add smiley question" }).click();
  await page.getByLabel("Question 1 title").fill("How was your visit?");
  await page.getByRole("button", { name: "Add NPS question" }).click();
  await page.getByLabel("Question 2 title").fill("Would you recommend us?");
  await page.getByRole("button", { name: "Add slider question" }).click();
  await page.getByLabel("Question 3 title").fill("How fast was the service?");
  await page.getByRole("button", { name: "Add single choice question" }).click();
  await page.getByLabel("Question 4 title").fill("What did you buy?");
  await page.getByLabel("Question 4 choice 1").fill("Coffee");
  await page.getByLabel("Question 4 choice 2").fill("Tea");
  await page.getByRole("button", { name: "Add multiple choice question" }).click();
  await page.getByLabel("Question 5 title").fill("What did you like?");
  await page.getByLabel("Question 5 choice 1").fill("Staff");
  await page.getByLabel("Question 5 choice 2").fill("Prices");
  await page.getByRole("button", { name: "Add open text question" }).click();
  await page.getByLabel("Question 6 title").fill("Anything else?");
  await page.getByRole("button", { name: "Add emotion question" }).click();
  await page.getByLabel("Question 7 title").fill("How do you feel?");
  for (const [i, text] of ["Delighted", "Confident", "Curious", "Annoyed"].entries()) await page.getByLabel(`Question 7 emotion ${i + 1}`).fill(text);
  await page.getByRole("button", { name: "Add contact details question" }).click();
  await page.getByLabel("Question 8 title").fill("May we contact you?");
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
  await respondent.getByRole("slider").focus();
  await respondent.keyboard.press("ArrowRight");
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
    `SELECT q."type" FROM "Answer" a JOIN "Question" q ON q."id" = a."questionId" JOIN "Response" r ON r."id" = a."responseId"
     WHERE r."surveyId" = $1 ORDER BY q."position"`,
    [surveyId],
  );
  expect(answers.map((a) => a.type)).toEqual(["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion", "contactDetails"]);

  await respondent.close();
});
