// The defects of a new user's walkthrough (issue 15), one test each (docs/experience.md).
import { expect, test } from "@playwright/test";
import config from "./playwright.config";
import { demoPassword, signIn } from "./support";

const port = Number(process.env.E2E_PORT ?? 8181);
// A name for this machine that is not PUBLIC_URL's (127.0.0.1) nor one of its loopback twins, as a
// phone on the network would reach a developer's machine. Chromium resolves it to 127.0.0.1 and
// treats it as a secure context (sign-in's PKCE needs Web Crypto).
const otherAddress = `http://devbox.test:${port}`;

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      "--host-resolver-rules=MAP devbox.test 127.0.0.1",
      `--unsafely-treat-insecure-origin-as-secure=${otherAddress}`,
    ],
  },
});

test.describe("development: the server is reached at another address", () => {
  test("defect 1: sign-in works and links name the address the server is reached at", async ({ page }) => {
    await page.goto(`${otherAddress}/settings/user`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(otherAddress);
    await page.getByLabel("Email").fill("admin@demo.example");
    await page.getByLabel("Password").fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(otherAddress);
    const clientConfig = await page.evaluate(async () => (await fetch("/client-config.json")).json());
    expect(clientConfig).toMatchObject({ oidcAuthority: `${otherAddress}/oidc`, publicUrl: otherAddress });

    // A touchpoint's link (and the QR code made from it) names the same address.
    await page.goto(`${otherAddress}/touchpoints/link-qr`);
    await page.locator('a[href^="/touchpoints/link-qr/"][href$="/edit"]').first().click();
    await expect(page.getByLabel("Public link")).toHaveValue(new RegExp(`^${otherAddress.replace(/\./g, "\\.")}/s/`));
  });
});

test("defect 1: sign-in works at 127.0.0.1", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/");
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
});

test("defect 2: after saving added questions the editor is no longer unsaved", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/surveys/new/edit");
  await page.getByLabel("Survey name").fill(`Saved state ${test.info().workerIndex}`);
  await page.getByRole("button", { name: "Add open text question" }).click();
  await page.getByLabel("Question 1 title").fill("Why?");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByRole("link", { name: "Preview" })).toBeVisible();

  // Questions added to the stored survey, with choices, emotions and a smiley scale.
  await page.getByRole("button", { name: "Add single choice question" }).click();
  await page.getByLabel("Question 2 title").fill("What did you buy?");
  await page.getByLabel("Question 2 choice 1").fill("Coffee");
  await page.getByLabel("Question 2 choice 2").fill("Tea");
  await page.getByRole("button", { name: "Add smiley question" }).click();
  await page.getByLabel("Question 3 title").fill("How was it?");
  await page.getByRole("button", { name: "Add emotion question" }).click();
  await page.getByLabel("Question 4 title").fill("How do you feel?");
  for (const [i, emotion] of ["Delighted", "Confident", "Curious", "Annoyed"].entries()) await page.getByLabel(`Question 4 emotion ${i + 1}`).fill(emotion);
  await expect(page.getByText("The preview shows the last saved version.")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByText("The preview shows the last saved version.")).toBeHidden();

  // Leaving asks nothing.
  await page.getByRole("link", { name: "Summary" }).click();
  await expect(page).toHaveURL(/\/summary/);
  await expect(page.getByRole("alertdialog")).toBeHidden();
});

test("defect 3: results show progress while restricting by an answer; the picker names the survey", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/results");
  await expect(page.locator("#results-view")).toHaveAttribute("aria-busy", "false");

  // The questions' results take a while (held back here, as on a large organisation).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/graphql", async (route) => {
    if (route.request().postData()?.includes("ResultsPageQuestionsQuery")) await held;
    await route.continue();
  });

  await page.getByText(/^Restrict by answer:/).click();
  await page.getByRole("button", { name: "Add answer restriction" }).click();
  const picker = page.getByLabel("Question of restriction 1");
  const firstQuestion = picker.locator("option").nth(1);
  // Each question is named with its survey ("Survey: question").
  await expect(firstQuestion).toHaveText(/^.+: .+$/);
  await picker.selectOption({ index: 1 });
  await page.getByRole("group", { name: "Answers of restriction 1" }).getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Filter results" }).click();

  await expect(page.locator("#results-view")).toHaveAttribute("aria-busy", "true");
  const progress = page.locator("#results-view").getByRole("status").filter({ hasText: "Loading results…" });
  await expect(progress).toHaveAttribute("aria-busy", "true");
  await expect(progress.locator(".ui-skeleton__shapes")).toBeVisible();

  release();
  await expect(page.locator("#results-view")).toHaveAttribute("aria-busy", "false");
  await expect(progress).toHaveCount(0);
});
