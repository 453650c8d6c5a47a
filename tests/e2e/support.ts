// Steps the end-to-end tests share.
import { expect, type Page } from "@playwright/test";
import pg from "pg";

export const demoPassword = "Demo-Password-1!";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const databaseUrl =
  process.env.E2E_DATABASE_URL ??
  (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${process.env.E2E_DB_NAME ?? "feedback_e2e"}`;
    return url.toString();
  })();

/** A query on the database the e2e server runs on (tests/e2e/serve.ts). */
export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Opens `path`, signs in on the embedded provider's page and waits for the app's menu. */
export async function signIn(page: Page, email: string, path = "/settings/user") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(demoPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !/^\/(oidc|auth-callback)/.test(url.pathname));
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
}

/** One question of every type, in the editor's order, with the texts the survey specs give them. */
const everyQuestionType: { button: string; title: string; choices?: string[]; emotions?: string[] }[] = [
  { button: "Add smiley question", title: "How was your visit?" },
  { button: "Add NPS question", title: "Would you recommend us?" },
  { button: "Add slider question", title: "How fast was the service?" },
  { button: "Add single choice question", title: "What did you buy?", choices: ["Coffee", "Tea"] },
  { button: "Add multiple choice question", title: "What did you like?", choices: ["Staff", "Prices"] },
  { button: "Add open text question", title: "Anything else?" },
  { button: "Add emotion question", title: "How do you feel?", emotions: ["Delighted", "Confident", "Curious", "Annoyed"] },
  { button: "Add contact details question", title: "May we contact you?" },
];

/**
 * Signs in on the editor of a new survey, names it and adds one question of every type with its
 * title (and choices or emotions); adding a question focuses its title. `after[n]` runs once
 * question n (from 1) is filled in, for a spec's own settings of that question.
 */
export async function buildSurveyWithEveryQuestionType(page: Page, email: string, name: string, after: Record<number, () => Promise<void>> = {}) {
  await signIn(page, email, "/surveys/new/edit");
  await expect(page.getByRole("heading", { name: "New survey" })).toBeVisible();
  await page.getByLabel("Survey name").fill(name);
  for (const [i, q] of everyQuestionType.entries()) {
    const n = i + 1;
    await page.getByRole("button", { name: q.button }).click();
    const title = page.getByLabel(`Question ${n} title`);
    await expect(title).toBeFocused();
    await title.fill(q.title);
    for (const [c, text] of (q.choices ?? []).entries()) await page.getByLabel(`Question ${n} choice ${c + 1}`).fill(text);
    for (const [e, text] of (q.emotions ?? []).entries()) await page.getByLabel(`Question ${n} emotion ${e + 1}`).fill(text);
    await after[n]?.();
  }
}
