// The foundation as a person uses it, in Debian's Chromium against a real server (real
// PostgreSQL, the embedded OpenID provider, the built web client): sign in, the shell and its
// guards, the profile screen end to end, languages.
import { expect, test } from "@playwright/test";
import { signIn } from "./support";

test("a signed-out visitor is sent to the identity provider and comes back to the page they asked for", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await expect(page).toHaveURL(/\/settings\/user$/);
  await expect(page.getByRole("heading", { name: "User profile" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

test("a wrong password is refused at the sign-in page", async ({ page }) => {
  await page.goto("/settings/user");
  await page.getByLabel("Email").fill("admin@demo.example");
  await page.getByLabel("Password").fill("wrong-Password-1!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("The email or password is incorrect.");
});

test("the profile is saved end to end, and bad input keeps the save button disabled", async ({ page }) => {
  await signIn(page, "editor@demo.example");
  const name = page.getByLabel("Name");
  await expect(name).not.toHaveValue("");
  const newName = `Edith ${Date.now() % 100000}`;
  await name.fill(newName);
  await page.getByLabel("Send me the weekly digest e-mail").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Name")).toHaveValue(newName);
  await expect(page.getByLabel("Send me the weekly digest e-mail")).toBeChecked();

  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByLabel("E-mail address").blur();
  await expect(page.getByText("Please provide a valid e-mail address")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();

  // The password confirmation must match.
  await page.getByLabel("E-mail address").fill("editor@demo.example");
  await page.getByLabel("New password", { exact: true }).fill("Better-Secret-9!");
  await page.getByLabel("Confirm the new password").fill("Better-Secret-8!");
  await page.getByLabel("Confirm the new password").blur();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
});

test("leaving a changed form asks first: cancel stays, continue without saving leaves", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await page.getByLabel("Name").fill("Unsaved name");
  await page.getByRole("link", { name: "Summary" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/settings\/user$/);
  await expect(page.getByLabel("Name")).toHaveValue("Unsaved name");

  await page.getByRole("link", { name: "Summary" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Continue without saving" }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole("heading", { name: "Summary", level: 1 })).toBeVisible();
  // The unsaved name was not kept.
  await page.goto("/settings/user");
  await expect(page.getByLabel("Name")).not.toHaveValue("Unsaved name");
});

test("a viewer lands on the summary from the root", async ({ page }) => {
  await signIn(page, "viewer@demo.example", "/");
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  // Viewers see no super-admin item; system admins do (the demo admin is one).
  await expect(page.getByRole("link", { name: "Super admin" })).toHaveCount(0);
});

test("the interface speaks Finnish and Spanish by query parameter, and refuses other languages", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await page.goto("/settings/user?locale=fi");
  await expect(page.getByRole("heading", { name: "Käyttäjäprofiili" })).toBeVisible();
  await page.goto("/settings/user?locale=es");
  await expect(page.getByRole("heading", { name: "Perfil de usuario" })).toBeVisible();
  await page.goto("/settings/user?locale=de");
  await expect(page.getByText("Unsupported language 'de'. Use en, es or fi.")).toBeVisible();
});

test("a query token opens only its pages: other routes go to the root, without the menu", async ({ page }) => {
  await page.goto("/settings/user?token=abcdefghijklmnop");
  await expect(page).not.toHaveURL(/settings/);
  await page.goto("/results?token=abcdefghijklmnop");
  await expect(page).toHaveURL(/\/results\?token=/);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
});

test("open pages need no sign-in", async ({ page }) => {
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { name: "Start your free trial" })).toBeVisible();
});

test("every route change sends a page-view event", async ({ page }) => {
  await signIn(page, "admin@demo.example");
  await page.evaluate(() => {
    (window as unknown as { views: string[] }).views = [];
    window.addEventListener("feedback:page-view", (e) => (window as unknown as { views: string[] }).views.push((e as CustomEvent).detail.path));
  });
  await page.getByRole("link", { name: "Results" }).click();
  await expect(page).toHaveURL(/\/results$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as { views: string[] }).views)).toContain("/results");
});
