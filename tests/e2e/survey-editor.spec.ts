// The survey editor as a person uses it, in Chromium against the real server: build a new survey
// with every question type, two languages, tags and logic, by role and label only; save it; reload
// and find everything stored; blank titles refused; the unsaved-changes guard.
import { expect, test } from "@playwright/test";
import { addQuestion, buildSurveyWithEveryQuestionType, cardItem, questionCard, signIn } from "./support";

test("builds a survey with every question type, two languages, tags and logic, and saves it", async ({ page }) => {
  const name = `Editor e2e ${Date.now() % 100000}`;
  await buildSurveyWithEveryQuestionType(page, "admin@demo.example", name, {
    1: async () => {
      await questionCard(page, 1).getByLabel("4 smiley buttons").check();
      await questionCard(page, 1).getByLabel("Requires an answer").check();
    },
    3: async () => {
      await questionCard(page, 3).getByLabel("Maximum", { exact: true }).fill("5");
      await questionCard(page, 3).getByLabel("Label at the minimum").fill("Slow");
      await questionCard(page, 3).getByLabel("Label at the maximum").fill("Fast");
    },
    5: async () => {
      await questionCard(page, 5).getByLabel("Tag", { exact: true }).fill("service");
      await questionCard(page, 5).getByRole("button", { name: "Add tag", exact: true }).click();
    },
    8: async () => {
      await questionCard(page, 8).getByLabel("Phone", { exact: true }).uncheck();
    },
  });
  await page.getByLabel("Survey tag").fill("lobby");
  await page.getByRole("button", { name: "Add survey tag" }).click();

  // Logic: NPS 0 skips to the open question.
  await questionCard(page, 2).getByRole("button", { name: "Add logic rule" }).click();
  await cardItem(page, 2, "Rule 1").getByLabel("Go to").selectOption({ label: "Question 6: Anything else?" });

  // Reorder by keyboard: the open question moves up one place and back.
  await questionCard(page, 6).getByRole("button", { name: "Move question up" }).focus();
  await page.keyboard.press("Enter");
  await expect(questionCard(page, 5).getByLabel("Title", { exact: true })).toHaveValue("Anything else?");
  await expect(questionCard(page, 5).getByRole("button", { name: "Move question up" })).toBeFocused();
  await expect(page.getByText("Question moved to position 5")).toBeAttached();
  await questionCard(page, 5).getByRole("button", { name: "Move question down" }).click();
  await expect(questionCard(page, 6).getByLabel("Title", { exact: true })).toHaveValue("Anything else?");

  // A second language, with a Finnish title.
  await page.getByLabel("Language to add").selectOption("fi");
  await page.getByRole("button", { name: "Add language" }).click();
  await expect(page.getByLabel("Edit texts in")).toHaveValue("fi");
  await questionCard(page, 1).getByLabel("Title", { exact: true }).fill("Miten käyntisi meni?");
  await page.getByLabel("Edit texts in").selectOption("en");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Survey created", { exact: true })).toBeVisible();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByRole("link", { name: "Preview" })).toHaveAttribute("href", /\/surveys\/[0-9a-f]{24}\/preview$/);

  // Everything came back from the server.
  await page.reload();
  await expect(page.getByLabel("Survey name")).toHaveValue(name);
  await expect(page.getByRole("group", { name: "Question 1: Smiley buttons" })).toBeVisible();
  await expect(questionCard(page, 1).getByLabel("4 smiley buttons")).toBeChecked();
  await expect(questionCard(page, 1).getByLabel("Requires an answer")).toBeChecked();
  await expect(questionCard(page, 3).getByLabel("Maximum", { exact: true })).toHaveValue("5");
  await expect(cardItem(page, 4, "Choice 2").getByRole("textbox")).toHaveValue("Tea");
  await expect(questionCard(page, 5).getByRole("button", { name: "Remove tag service" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove survey tag lobby" })).toBeVisible();
  await expect(cardItem(page, 7, "Emotion 4").getByLabel("Cluster")).toHaveValue("destroying");
  await expect(questionCard(page, 8).getByLabel("Phone", { exact: true })).not.toBeChecked();
  await expect(cardItem(page, 2, "Rule 1").getByLabel("Go to")).toHaveValue(/^[0-9a-f]{24}$/);
  await expect(cardItem(page, 2, "Rule 1").getByLabel("Go to").locator("option:checked")).toHaveText("Question 6: Anything else?");
  await page.getByLabel("Edit texts in").selectOption("fi");
  await expect(questionCard(page, 1).getByLabel("Title", { exact: true })).toHaveValue("Miten käyntisi meni?");
});

test("refuses a blank title and guards unsaved changes", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/surveys/new/edit");
  await page.getByLabel("Survey name").fill("Guarded");
  await addQuestion(page, "Open text");
  await expect(page.getByText("Question title must not be blank")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await questionCard(page, 1).getByLabel("Title", { exact: true }).fill("Why?");
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();

  await page.getByRole("link", { name: "Summary" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/surveys\/new\/edit$/);
});

test("adds questions from the palette by keyboard, reorders them by keyboard and by dragging, collapses cards, and previews live", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/surveys/new/edit");
  await page.getByLabel("Survey name").fill("Palette");
  const palette = page.getByRole("group", { name: "Add a question" });
  // The palette names each type with its icon; Enter and Space add one, focusing its title.
  await palette.getByRole("button", { name: "Open text", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(questionCard(page, 1).getByLabel("Title", { exact: true })).toBeFocused();
  await page.keyboard.type("Why?");
  await palette.getByRole("button", { name: "NPS (0–10)", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(questionCard(page, 2).getByLabel("Title", { exact: true })).toBeFocused();
  await page.keyboard.type("Recommend us?");
  await expect(page.getByRole("group", { name: "Question 2: NPS (0–10)" })).toBeVisible();

  // The live preview shows the draft as it is typed (the mobile frame by default).
  const preview = page.frameLocator('iframe[title="Survey preview: Mobile"]');
  await expect(preview.getByRole("heading", { name: "Why?" })).toBeVisible();

  // Keyboard reorder: the NPS question moves up; focus stays on it; a live region says where it went.
  await questionCard(page, 2).getByRole("button", { name: "Move question up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "Question 1: NPS (0–10)" })).toBeVisible();
  await expect(questionCard(page, 1).getByRole("button", { name: "Move question down" })).toBeFocused();
  await expect(page.getByText("Question moved to position 1")).toBeAttached();
  await expect(preview.getByRole("heading", { name: "Recommend us?" })).toBeVisible();

  // Collapse: the card shows its type icon, number and title only; the fields are hidden.
  const toggle = questionCard(page, 1).getByRole("button", { expanded: true });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(questionCard(page, 1).getByRole("button", { expanded: false })).toHaveText("1Recommend us?NPS (0–10)");
  await expect(questionCard(page, 1).locator(".se-card__icon svg")).toBeVisible();
  await expect(questionCard(page, 1).getByLabel("Title", { exact: true })).toBeHidden();
  await expect(questionCard(page, 2).getByLabel("Title", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Collapse all" }).click();
  await expect(questionCard(page, 2).getByLabel("Title", { exact: true })).toBeHidden();

  // Drag and drop (collapsed, both in view): the open question's handle dropped on the top half of the first card.
  await questionCard(page, 2)
    .locator(".se-card__grip")
    .dragTo(questionCard(page, 1), { targetPosition: { x: 40, y: 8 } });
  await expect(page.getByRole("group", { name: "Question 1: Open text" })).toBeVisible();
  await expect(page.getByText("Question moved to position 1")).toBeAttached();
  await page.getByRole("button", { name: "Expand all" }).click();
  await expect(questionCard(page, 1).getByLabel("Title", { exact: true })).toHaveValue("Why?");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Survey created", { exact: true })).toBeVisible();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  await page.reload();
  await expect(questionCard(page, 1).getByLabel("Title", { exact: true })).toHaveValue("Why?");
  await expect(page.getByRole("group", { name: "Question 2: NPS (0–10)" })).toBeVisible();
  // Untouched after the reload: Save waits for a change and says so.
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByText("No unsaved changes")).toBeVisible();
});

test("on a phone the canvas and the live preview take turns", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin@demo.example", "/surveys/new/edit");
  await addQuestion(page, "Smiley buttons");
  await questionCard(page, 1).getByLabel("Title", { exact: true }).fill("How was it?");
  await expect(page.getByRole("heading", { name: "Live preview" })).toBeHidden();
  await page.getByRole("button", { name: "Live preview" }).click();
  await expect(page.getByRole("button", { name: "Live preview" })).toHaveAttribute("aria-pressed", "true");
  const frame = page.locator('iframe[title="Survey preview: Mobile"]');
  await expect(frame).toBeVisible();
  // The device fits the screen (scaled, not cut off).
  const box = (await frame.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.frameLocator('iframe[title="Survey preview: Mobile"]').getByRole("heading", { name: "How was it?" })).toBeVisible();
  await expect(questionCard(page, 1)).toBeHidden();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(questionCard(page, 1).getByLabel("Title", { exact: true })).toHaveValue("How was it?");
});
