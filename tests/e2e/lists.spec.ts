// The lists (issue 15 "Lists" and defect 9 "touchpoint lists do not update live"): a touchpoint
// created, renamed and deleted in another browser shows on an open touchpoint list without a reload;
// the survey list searches and sorts on the server and hides selected surveys in bulk.
import { expect, test } from "@playwright/test";
import { graphqlAs, signIn } from "./support";

test("a touchpoint list updates live when a touchpoint is created, renamed and deleted elsewhere", async ({ page, browser }) => {
  await signIn(page, "viewer@demo.example", "/touchpoints/link-qr");
  await expect(page.getByRole("heading", { name: "Links and QR codes" })).toBeVisible();
  const table = page.getByRole("table", { name: "Links and QR codes" });
  await expect(table).toBeVisible();

  const other = await (await browser.newContext()).newPage();
  await signIn(other, "admin@demo.example", "/touchpoints");
  // The viewer's team (the demo's viewer views results in Helsinki only).
  const units = await graphqlAs(other, "{ touchpointUnits { id name } }");
  const unitId = units.data.touchpointUnits.find((u: { name: string }) => u.name === "Helsinki").id as string;
  // A touchpoint of a team the viewer does not see never shows on the viewer's list.
  const elsewhere = await graphqlAs(other, "mutation ($input: CreateTouchpointInput!) { createTouchpoint(input: $input) { touchpoint { id } } }", {
    input: { name: "Live link of the head office", type: "link", unitId: units.data.touchpointUnits.find((u: { name: string }) => u.name === "Demo Oy").id },
  });
  const name = `Live link ${Date.now() % 100000}`;
  const created = await graphqlAs(other, "mutation ($input: CreateTouchpointInput!) { createTouchpoint(input: $input) { touchpoint { id } } }", {
    input: { name, type: "link", unitId },
  });
  const id = created.data.createTouchpoint.touchpoint.id as string;

  // No reload: the subscription makes the list read itself again.
  await expect(table.getByRole("link", { name, exact: true })).toBeVisible({ timeout: 15_000 });
  await graphqlAs(other, "mutation ($input: UpdateTouchpointInput!) { updateTouchpoint(input: $input) { touchpoint { name } } }", {
    input: { id, name: `${name} renamed` },
  });
  await expect(table.getByRole("link", { name: `${name} renamed`, exact: true })).toBeVisible({ timeout: 15_000 });
  await graphqlAs(other, "mutation ($id: ID!) { deleteTouchpoint(id: $id) { deletedLegacyId } }", { id });
  await expect(table.getByRole("link", { name: `${name} renamed`, exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(table.getByRole("link", { name: "Live link of the head office" })).toHaveCount(0);
  await graphqlAs(other, "mutation ($id: ID!) { deleteTouchpoint(id: $id) { deletedLegacyId } }", { id: elsewhere.data.createTouchpoint.touchpoint.id });
  await other.context().close();
});

test("the survey list searches and sorts on the server and hides the selected surveys together", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/surveys/list");
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const total = await rows.count();
  expect(total).toBeGreaterThan(1);

  await page.getByRole("searchbox", { name: "Search surveys by name or team" }).fill("support");
  await expect(page).toHaveURL(/[?&]q=support/);
  await expect(page.getByRole("row", { name: "Customer support follow-up" })).toBeVisible();
  await expect(rows).not.toHaveCount(total);
  for (const text of await rows.locator("th").allTextContents()) expect(text.toLowerCase()).toContain("support");

  await page.getByRole("searchbox", { name: "Search surveys by name or team" }).fill("");
  await expect(rows).toHaveCount(total);
  const header = page.getByRole("columnheader", { name: "Responses" });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const counts = async () => (await page.getByRole("status", { name: "Responses" }).allTextContents()).map(Number);
  await expect
    .poll(async () => {
      const c = await counts();
      return c.every((n, i) => i === 0 || c[i - 1]! >= n);
    })
    .toBe(true);
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");

  // Select two surveys and hide them together; they move to the Hidden tab, and come back from there.
  const picked = (await rows.locator("th a").allTextContents()).slice(0, 2);
  for (const name of picked) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toContainText("2 selected");
  await bulk.getByRole("button", { name: "Hide (2)" }).click();
  await expect(page.getByText("2 of 2 surveys hidden")).toBeVisible();
  for (const name of picked) await expect(page.getByRole("row", { name })).toHaveCount(0);
  await page.getByRole("tab", { name: "Hidden" }).click();
  for (const name of picked) await expect(page.getByRole("row", { name })).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all surveys shown" }).check();
  await bulk.getByRole("button", { name: /^Unhide/ }).click();
  await expect(page.getByRole("heading", { name: "No surveys here yet" })).toBeVisible();
});
