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

/**
 * A GraphQL call from the page with the signed-in person's access token (the one the web client
 * keeps in localStorage), for a step the test takes outside the screens; answers the JSON body.
 */
export async function graphqlAs(page: Page, query: string, variables: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ query, variables }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:")) ?? "";
      const token = JSON.parse(localStorage.getItem(key) ?? "{}").access_token;
      const response = await fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables },
  );
}

/** One question of every type, in the editor's order, with the texts the survey specs give them. */
const everyQuestionType: { type: string; title: string; choices?: string[]; emotions?: string[] }[] = [
  { type: "Smiley buttons", title: "How was your visit?" },
  { type: "NPS (0–10)", title: "Would you recommend us?" },
  { type: "Slider", title: "How fast was the service?" },
  { type: "Single choice", title: "What did you buy?", choices: ["Coffee", "Tea"] },
  { type: "Multiple choice", title: "What did you like?", choices: ["Staff", "Prices"] },
  { type: "Open text", title: "Anything else?" },
  { type: "Emotion", title: "How do you feel?", emotions: ["Delighted", "Confident", "Curious", "Annoyed"] },
  { type: "Contact details", title: "May we contact you?" },
];

/** Question n's card in the survey editor (a group named "Question n: <type>"). */
export const questionCard = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Question ${n}: `) });

/** A choice's or an emotion's row in question n's card ("Choice 2", "Emotion 3"), a group of that name. */
export const cardItem = (page: Page, n: number, item: string) => questionCard(page, n).getByRole("group", { name: item, exact: true });

/** Adds a question of a type (its name in the palette: "Smiley buttons", "Open text", …). */
export async function addQuestion(page: Page, typeName: string) {
  await page.getByRole("group", { name: "Add a question" }).getByRole("button", { name: typeName, exact: true }).click();
}

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
    await addQuestion(page, q.type);
    const title = questionCard(page, n).getByLabel("Title", { exact: true });
    await expect(title).toBeFocused();
    await title.fill(q.title);
    for (const [c, text] of (q.choices ?? []).entries())
      await cardItem(page, n, `Choice ${c + 1}`)
        .getByRole("textbox")
        .fill(text);
    for (const [e, text] of (q.emotions ?? []).entries())
      await cardItem(page, n, `Emotion ${e + 1}`)
        .getByRole("textbox")
        .fill(text);
    await after[n]?.();
  }
}
