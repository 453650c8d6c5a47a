// The defects of a new user's walkthrough (issue 15), one test each (docs/experience.md).
import { expect, test } from "@playwright/test";
import config from "./playwright.config";
import { addQuestion, cardItem, demoPassword, graphqlAs, query, questionCard, signIn } from "./support";

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
  await addQuestion(page, "Open text");
  await questionCard(page, 1).getByLabel("Title", { exact: true }).fill("Why?");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/surveys\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByRole("link", { name: "Preview" })).toBeVisible();

  // Questions added to the stored survey, with choices, emotions and a smiley scale.
  await addQuestion(page, "Single choice");
  await questionCard(page, 2).getByLabel("Title", { exact: true }).fill("What did you buy?");
  await cardItem(page, 2, "Choice 1").getByRole("textbox").fill("Coffee");
  await cardItem(page, 2, "Choice 2").getByRole("textbox").fill("Tea");
  await addQuestion(page, "Smiley buttons");
  await questionCard(page, 3).getByLabel("Title", { exact: true }).fill("How was it?");
  await addQuestion(page, "Emotion");
  await questionCard(page, 4).getByLabel("Title", { exact: true }).fill("How do you feel?");
  for (const [i, emotion] of ["Delighted", "Confident", "Curious", "Annoyed"].entries())
    await cardItem(page, 4, `Emotion ${i + 1}`)
      .getByRole("textbox")
      .fill(emotion);
  await expect(page.getByText("The preview shows the last saved version.")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByText("The preview shows the last saved version.")).toBeHidden();
  // Nothing left to save: the Save button says so (docs/design-system.md "Save").
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByText("No unsaved changes")).toBeVisible();

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

test("defect 4: the settings pages are reached from a sub-navigation shown by rights", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/settings/user");
  const nav = page.getByRole("navigation", { name: "Settings" });
  const every = [
    "User profile",
    "Structure and teams",
    "User management",
    "Pending invites",
    "Privacy policy",
    "Survey appearance",
    "Satisfaction scale",
    "Logo",
    "Time zone",
    "Subscription",
    "Billing details",
    "Billing history",
    "SMS balance and history",
    "Touchpoint pings",
    "Contact lists",
  ];
  for (const name of every) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await nav.getByRole("link", { name: "Logo", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/logo$/);
  await expect(nav.getByRole("link", { name: "Logo", exact: true })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Pending invites" }).click();
  await expect(page).toHaveURL(/\/settings\/user-management\/invites$/);
  await nav.getByRole("link", { name: "Billing history" }).click();
  await expect(page).toHaveURL(/\/settings\/billing-history$/);
  await nav.getByRole("link", { name: "Time zone" }).click();
  await expect(page).toHaveURL(/\/settings\/time-zone$/);
});

test("defect 4: a viewer's settings navigation lists only what a viewer may use", async ({ page }) => {
  await signIn(page, "viewer@demo.example", "/settings/user");
  const nav = page.getByRole("navigation", { name: "Settings" });
  await expect(nav.getByRole("link", { name: "User profile" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Touchpoint pings" })).toBeVisible();
  for (const name of [
    "User management",
    "Pending invites",
    "Privacy policy",
    "Logo",
    "Contact lists",
    "Time zone",
    "Subscription",
    "Billing details",
    "Billing history",
    "SMS balance and history",
  ])
    await expect(nav.getByRole("link", { name })).toHaveCount(0);
});

test("defect 6: a viewer is not offered what the server refuses; errors stay inside the page", async ({ page }) => {
  await signIn(page, "viewer@demo.example", "/surveys/new/edit");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(page.getByText("Only people who may edit surveys can create one.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  await page.goto("/surveys/templates");
  await expect(page.getByRole("heading", { name: "Survey templates" })).toBeVisible();
  await expect(page.locator(".ui-skeleton")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Use template/ })).toHaveCount(0);

  await page.goto("/touchpoints");
  await expect(page.getByRole("heading", { name: "Touchpoints", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^New / })).toHaveCount(0);

  await page.goto("/results");
  await expect(page.locator("#results-view")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("button", { name: /^Export/ })).toHaveCount(0);

  // User management is not a viewer's: the page says so (a refusal, not a failure), the menu stays.
  await page.goto("/settings/user-management");
  await expect(page.getByRole("alert").getByRole("heading", { name: "No access to this page" })).toBeVisible();
  await expect(page.getByRole("alert").getByText("You do not have the rights to manage users")).toBeVisible();
  await expect(menu).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings" })).toBeVisible();

  // A share link the viewer makes offers its visitors no export.
  const made = await graphqlAs(page, 'mutation { createShareLink(input: { name: "Viewer\'s link" }) { token } }');
  const token = made.data?.createShareLink?.token;
  expect(token, JSON.stringify(made)).toBeTruthy();
  await page.goto(`/results?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { name: "Viewer's link" })).toBeVisible();
  await expect(page.locator("#results-view")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("button", { name: /^Export/ })).toHaveCount(0);
});

test("defect 6: an unknown invite shows its error inside the shell", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/settings/user-management/invites/0123456789abcdef01234567");
  await expect(page.getByText("Invite not found")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  // An admin still exports, and a link they make offers its visitors the export.
  await page.goto("/results");
  await page.getByRole("region", { name: "Results tools" }).getByRole("button", { name: "Export", exact: true }).click();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
});

test("defect 8: answer labels follow the reader's language when the survey has its texts", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/summary");
  const answer = await graphqlAs(
    page,
    `{ results { questionType title(locale: "fi") mainResult { distribution { value en: label fi: label(locale: "fi") } } } }`,
  );
  const choiceQuestions = (answer.data?.results ?? []).filter((r: { questionType: string }) =>
    ["singleChoice", "multipleChoice", "emotion"].includes(r.questionType),
  );
  expect(choiceQuestions.length, JSON.stringify(answer).slice(0, 500)).toBeGreaterThan(0);
  const items = choiceQuestions.flatMap((r: { mainResult: { distribution: { en: string; fi: string }[] } | null }) => r.mainResult?.distribution ?? []);
  // The demo surveys have Finnish texts: at least some labels differ from the English ones.
  expect(items.some((d: { en: string; fi: string }) => d.fi && d.en && d.fi !== d.en)).toBe(true);
});

test("defect 9: smaller defects of the walkthrough", async ({ page }) => {
  // Signup's phone field is as tall as the others.
  await page.goto("/signup");
  const phone = page.getByLabel("Phone (optional)");
  await expect(phone).toBeVisible();
  expect((await phone.boundingBox())?.height ?? 0).toBeGreaterThan(30);

  await signIn(page, "admin@demo.example", "/surveys/list");
  const menu = page.getByRole("navigation", { name: "Main menu" });

  // "New survey" opens the editor of an unsaved survey: nothing is stored before the first save.
  const [{ count: before }] = await query<{ count: string }>(`select count(*) from "Survey"`);
  await page.getByRole("link", { name: "New survey" }).click();
  await expect(page).toHaveURL(/\/surveys\/new\/edit$/);
  await expect(page.getByLabel("Survey name")).toBeVisible();
  // …and complains about nothing before anything is typed (the empty name was shown as an error).
  await expect(page.locator(".field__error")).toHaveCount(0);
  const [{ count: after }] = await query<{ count: string }>(`select count(*) from "Survey"`);
  expect(after).toBe(before);

  // A new widget activation complains about nothing before anything is typed.
  await page.goto("/launch-website");
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await expect(page.locator(".field__error")).toHaveCount(0);

  // The knowledge base link opens a page of help.
  const knowledgeBase = menu.getByRole("link", { name: /Knowledge base/ });
  await page.goto((await knowledgeBase.getAttribute("href")) ?? "/");
  await expect(page.getByRole("heading", { name: "Knowledge base", level: 1 })).toBeVisible();

  // The collapsed menu shows each item's icon, and the items keep their names.
  await menu.getByRole("button", { name: "Collapse menu" }).click();
  const summary = menu.getByRole("link", { name: "Summary" });
  await expect(summary).toBeVisible();
  await expect(summary.locator("svg")).toBeVisible();
  await menu.getByRole("button", { name: "Expand menu" }).click();

  // Logging out asks nothing about an impersonation there is not (it answered 404).
  const impersonation: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/user/impersonate")) impersonation.push(`${request.method()} ${request.url()}`);
  });
  await menu.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/surveys") && !url.pathname.startsWith("/docs"));
  expect(impersonation).toEqual([]);
});

test("defect 7: one date format for a Finnish organisation; the summary's fields show the applied period", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/summary");
  const filters = page.getByRole("form", { name: "Summary filters" });
  await expect(filters.getByLabel("From")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(filters.getByLabel("To", { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(/^From \d{2}\.\d{2}\.\d{4} to \d{2}\.\d{2}\.\d{4}, compared/)).toBeVisible();

  // Touchpoints and pings: day.month.year and 24 h, not the interface language's US style.
  const usStyle = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}\b|\d{1,2}\/\d{1,2}\/\d{4}|\b\d{1,2}:\d{2} (AM|PM)\b/;
  for (const path of ["/touchpoints", "/pings"]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    await expect(page.locator(".ui-skeleton")).toHaveCount(0);
    expect((await page.locator("main").textContent()) ?? "").not.toMatch(usStyle);
  }
});

test("defect 5: the feedback list is a readable list", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/results?view=list");
  const list = page.getByRole("region", { name: "Feedback list table" });
  await expect(list.locator("tbody tr").first()).toBeVisible();
  const headers = await list.locator("thead th").allInnerTexts();
  // No raw id column; with every survey, no column per question of every survey.
  expect(headers).not.toContain("Response id");
  // Whatever metadata the demo carries, no question of any survey has a column of its own.
  const titles = await query<{ title: string }>(
    `SELECT DISTINCT q.title->>'en' AS title FROM "Question" q JOIN "Organization" o ON o.id = q."organizationId" WHERE o.name = 'Demo Oy'`,
  );
  expect(titles.length).toBeGreaterThan(0);
  expect(
    headers.filter((h) => titles.some((q) => q.title === h)),
    headers.join(" | "),
  ).toEqual([]);
  expect(headers).toContain("Answers");
  // The row header is the date, not an id.
  await expect(list.locator("tbody tr").first().locator("th")).toHaveText(/\d/);
  await expect(list.locator("tbody tr").first().locator("th")).not.toHaveText(/^[0-9a-f]{24}$/);

  // Actions are icon buttons named for screen readers; no id in their visible text.
  const remove = list.getByRole("button", { name: /^Delete response [0-9a-f]{24}$/ }).first();
  await expect(remove).toBeVisible();
  expect(((await remove.textContent()) ?? "").trim()).toBe("");
  expect((await remove.boundingBox())?.width ?? 999).toBeLessThan(60);
  // The table fits the page (it was about 1,100 px wider than its content).
  const table = await list.locator("table").boundingBox();
  expect(table?.width ?? 9999).toBeLessThan(1440);

  // Each response's answers unfold in place; the header stays while rows scroll; more pages load.
  const details = list.locator("tbody tr").first().locator("details");
  await details.locator("summary").click();
  await expect(details.locator("dl dt").first()).toBeVisible();
  expect(
    await list
      .locator("thead th")
      .first()
      .evaluate((th) => getComputedStyle(th).position),
  ).toBe("sticky");
  // Paging: a page at a time, saying how many of how many (with "Show more responses" beyond).
  await expect(page.getByText(/^Showing \d+ of \d+ responses$/)).toBeVisible();
});
