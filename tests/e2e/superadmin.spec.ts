// The super-admin area end to end (docs/superadmin.md): a system admin creates an organisation,
// changes its feature set, tops up its SMS balance, adds its admin and impersonates them, clears the
// impersonation, and downloads a report named after the view and the organisation.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { query, signIn } from "./support";

test("a super-admin creates an organisation, changes its feature set, tops it up, impersonates its admin and downloads a report", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const orgName = `E2E Bakery ${suffix}`;
  const setName = `e2e-basic-${suffix}`;
  await query(`INSERT INTO "FeatureSet" ("name", "features") VALUES ($1, '{restApi,smsMessages}')`, [setName]);

  await signIn(page, "admin@demo.example", "/superadmin");
  await expect(page.getByRole("heading", { name: "Super admin" })).toBeVisible();

  // Create: the answer's _id opens the edit form.
  await page.getByLabel("New organisation").fill(orgName);
  await page.getByRole("button", { name: "Create organisation" }).click();
  await page.waitForURL(/\/superadmin\/[0-9a-f]{24}\/edit$/);
  const orgId = /\/superadmin\/([0-9a-f]{24})\/edit$/.exec(page.url())![1]!;
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(orgName);

  // Feature set, saved as the whole object.
  await page.getByLabel("Feature set").selectOption({ label: setName });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved successfully.")).toBeVisible();
  const [saved] = await query<{ name: string }>(`SELECT f."name" FROM "Organization" o JOIN "FeatureSet" f ON f.id = o."featureSetId" WHERE o.id = $1`, [
    orgId,
  ]);
  expect(saved!.name).toBe(setName);

  // SMS top-up through the ledger. The save above reloads the organisation, which renders the
  // top-up form again and can empty an amount typed before it: type and click until the click lands.
  await expect(async () => {
    await page.getByLabel("Top-up amount (EUR)").fill("25");
    await page.getByRole("button", { name: "Top up", exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("Top-up success")).toBeVisible();
  await expect(page.getByTestId("sms-balance")).toHaveText("€25.00");
  const [ledger] = await query<{ sum: string }>(`SELECT sum("amount")::text AS sum FROM "SmsLedgerEntry" WHERE "organizationId" = $1`, [orgId]);
  expect(Number(ledger!.sum)).toBe(25);

  // Its first admin, added from its user management, then impersonated.
  const adminEmail = `bakery-admin-${suffix}@example.test`;
  await page.goto(`/superadmin/${orgId}/user-management`);
  await page.getByLabel("E-mail").fill(adminEmail);
  await page.getByLabel("Name", { exact: true }).fill("Bea Baker");
  await page.getByLabel("Password").fill("Bakery-Password-1!");
  await page.getByRole("button", { name: "Add user", exact: true }).click();
  await expect(page.getByRole("link", { name: "Bea Baker" })).toBeVisible();
  await page.getByRole("button", { name: `Impersonate ${adminEmail}` }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/superadmin"));
  const stop = page.getByRole("button", { name: "Stop impersonating" });
  await expect(stop).toBeVisible();
  const [row] = await query<{ impersonatingUserId: string | null }>(`SELECT "impersonatingUserId" FROM "User" WHERE email = 'admin@demo.example'`);
  expect(row!.impersonatingUserId).not.toBeNull();

  // Clearing it goes back to the root as the system admin.
  await stop.click();
  await expect(page.getByRole("button", { name: "Stop impersonating" })).toHaveCount(0);
  const [after] = await query<{ impersonatingUserId: string | null }>(`SELECT "impersonatingUserId" FROM "User" WHERE email = 'admin@demo.example'`);
  expect(after!.impersonatingUserId).toBeNull();

  // A report, downloaded as a JSON file named after the view and the organisation id.
  await page.goto("/superadmin/reports");
  await page.getByLabel("Search organisations").fill(orgName);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: orgName })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download per team (JSON): ${orgName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`responses-to-questions-${orgId}.json`);
  const file = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(file).toMatchObject({ _id: orgId, view: "responsesToQuestions", totals: { responses: 0 } });
  expect(file.units.map((u: { name: string }) => u.name)).toEqual([orgName]);
});
