// Steps the end-to-end tests share.
import { expect, type Page } from "@playwright/test";
import pg from "pg";

export const demoPassword = "Demo-Password-1!";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const databaseUrl = process.env.E2E_DATABASE_URL ?? (() => {
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
