// The survey editor as a person uses it, in Chromium against the real server: build a new survey
// with every question type, two languages, tags and logic, by role and label only; save it; reload
// and find everything stored; blank titles refused; the unsaved-changes guard.
import { expect, test } from "@playwright/test";
import { buildSurveyWithEveryQuestionType, signIn } from "./support";

test("builds a survey with every question type, two languages, tags and logic, and saves it", async ({ page }) => {
  const name = `Editor e2e ${Date.now() % 100000}`;
  await buildSurveyWithEveryQuestionType(page, "admin@demo.example", name, {
    1: async () => {
      await page.getByLabel("Question 1: 4 smiley buttons").check();
      await page.getByLabel("Question 1 requires an answer").check();
    },
    3: async () => {
      await page.getByLabel("Question 3 maximum").fill("5");
      await page.getByLabel("Question 3 label at the minimum").fill("Slow");
      await page.getByLabel("Question 3 label at the maximum").fill("Fast");
    },
    5: async () => {
      await page.getByLabel("Question 5 tag").fill("service");
      await page.getByRole("button", { name: "Add tag to question 5" }).click();
    },
    8: async () => {
      await page.getByLabel("Question 8 asks for Phone").uncheck();
    },
  });
  await page.getByLabel("Survey tag").fill("lobby");
  await page.getByRole("button", { name: "Add survey tag" }).click();

  // Logic: NPS 0 skips to the open question.
  await page.getByRole("button", { name: "Add logic rule to question 2" }).click();
  await page.getByLabel("Question 2 rule 1: go to").selectOption({ label: "Question 6: Anything else?" });

  // Reorder by keyboard: the open question moves up one place and back.
  await page.getByRole("button", { name: "Move question 6 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Question 5 title")).toHaveValue("Anything else?");
  await expect(page.getByRole("button", { name: "Move question 5 up" })).toBeFocused();
  await page.getByRole("button", { name: "Move question 5 down" }).click();
  await expect(page.getByLabel("Question 6 title")).toHaveValue("Anything else?");

  // A second language, with a Finnish title.
  await page.getByLabel("Language to add").selectOption("fi");
  await page.getByRole("button", { name: "Add language" }).click();
  await expect(page.getByLabel("Edit texts in")).toHaveValue("fi");
  await page.getByLabel("Question 1 title").fill("Miten käyntisi meni?");
  await page.getByLabel("Edit texts in").selectOption("en");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Survey created", { exact: true })).toBeVisible();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByRole("link", { name: "Preview" })).toHaveAttribute("href", /\/surveys\/[0-9a-f]{24}\/preview$/);

  // Everything came back from the server.
  await page.reload();
  await expect(page.getByLabel("Survey name")).toHaveValue(name);
  await expect(page.getByRole("group", { name: "Question 1: Smiley buttons" })).toBeVisible();
  await expect(page.getByLabel("Question 1: 4 smiley buttons")).toBeChecked();
  await expect(page.getByLabel("Question 1 requires an answer")).toBeChecked();
  await expect(page.getByLabel("Question 3 maximum")).toHaveValue("5");
  await expect(page.getByLabel("Question 4 choice 2")).toHaveValue("Tea");
  await expect(page.getByRole("button", { name: "Remove tag service from question 5" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove survey tag lobby" })).toBeVisible();
  await expect(page.getByLabel("Question 7 cluster of emotion 4")).toHaveValue("destroying");
  await expect(page.getByLabel("Question 8 asks for Phone")).not.toBeChecked();
  await expect(page.getByLabel("Question 2 rule 1: go to")).toHaveValue(/^[0-9a-f]{24}$/);
  await expect(page.getByLabel("Question 2 rule 1: go to").locator("option:checked")).toHaveText("Question 6: Anything else?");
  await page.getByLabel("Edit texts in").selectOption("fi");
  await expect(page.getByLabel("Question 1 title")).toHaveValue("Miten käyntisi meni?");
});

test("refuses a blank title and guards unsaved changes", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/surveys/new/edit");
  await page.getByLabel("Survey name").fill("Guarded");
  await page.getByRole("button", { name: "Add open text question" }).click();
  await expect(page.getByText("Question title must not be blank")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.getByLabel("Question 1 title").fill("Why?");
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();

  await page.getByRole("link", { name: "Summary" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/surveys\/new\/edit$/);
});
