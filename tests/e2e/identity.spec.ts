// Identity and accounts as people live it, in English and in Finnish: sign up, read the
// verification mail from real SMTP, verify, sign in, invite a colleague, accept as the colleague
// (a second browser), change the colleague's role, sign out. Finnish labels are read from the
// committed catalogs, so the flow also proves that the Finnish screens are in Finnish.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { startSmtpCapture, type SmtpCapture } from "../../api/src/test/mail.js";
import { smtpPort } from "./playwright.config.js";

const root = path.resolve(import.meta.dirname, "../..");

/** msgid → msgstr of a Lingui .po catalog (single-line entries, which is all the test needs). */
function catalog(locale: string): Map<string, string> {
  const text = readFileSync(path.join(root, `web/src/locales/${locale}/messages.po`), "utf8");
  const map = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) map.set(match[1]!, match[2]!);
  return map;
}

const providerTexts = {
  en: { email: "Email", password: "Password", submit: "Sign in" },
  fi: { email: "Sähköposti", password: "Salasana", submit: "Kirjaudu" },
} as const;

/** A form field by its label, which may end with the required-field star. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));

let smtp: SmtpCapture;
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: smtpPort });
});
test.afterAll(async () => smtp?.close());

function linkIn(text: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`no ${pathPrefix} link in:\n${text}`);
  return match[0];
}

async function signInAtProvider(page: Page, locale: "en" | "fi", email: string, password: string) {
  const texts = providerTexts[locale];
  await expect(page.getByLabel(texts.email)).toBeVisible();
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: texts.submit, exact: true }).click();
  await page.waitForURL((url) => !/^\/(oidc|auth-callback)/.test(url.pathname));
}

for (const locale of ["en", "fi"] as const) {
  test(`sign up, verify, invite a colleague, accept, change the role, sign out (${locale})`, async ({ page, browser }) => {
    const po = locale === "en" ? new Map<string, string>() : catalog(locale);
    const l = (english: string) => {
      const translated = po.get(english);
      if (locale !== "en" && !translated) throw new Error(`no ${locale} translation for "${english}"`);
      return translated || english;
    };
    const stamp = `${locale}${Date.now().toString(36)}`;
    const owner = { email: `owner.${stamp}@example.test`, password: "Owner-Secret-1!" };
    const colleague = { email: `colleague.${stamp}@example.test`, password: "Colleague-Secret-2!", name: `Colleague ${stamp}` };
    const company = `Company ${stamp}`;

    // Sign up.
    await page.goto(`/signup?locale=${locale}`);
    await field(page, l("First name")).fill("Olga");
    await field(page, l("Last name")).fill("Owner");
    await field(page, l("E-mail address")).fill(owner.email);
    await field(page, l("Password")).fill(owner.password);
    await field(page, l("Confirm the password")).fill(owner.password);
    await field(page, l("Company")).fill(company);
    await field(page, l("Industry")).fill("Retail");
    await field(page, l("Company size")).selectOption("10-49");
    await page.getByRole("button", { name: l("Sign up") }).click();
    await expect(page.getByRole("heading", { name: l("Check your inbox") })).toBeVisible();

    // The verification mail, over real SMTP, in the person's language.
    const verification = await smtp.waitFor((m) => m.to.includes(owner.email));
    if (locale === "fi") expect(verification.language).toBe("fi");
    await page.goto(linkIn(verification.text, "/signup/verify-email?token="));
    await expect(page.getByRole("heading", { name: l("Your e-mail address is verified") })).toBeVisible();
    await page
      .getByRole("link", { name: l("Sign in") })
      .or(page.getByRole("button", { name: l("Sign in") }))
      .first()
      .click();
    await signInAtProvider(page, locale, owner.email, owner.password);
    await expect(page.getByRole("navigation", { name: l("Main menu") })).toBeVisible();

    // Invite a colleague as an editor of the organisation's root team.
    await page.goto(`/settings/user-management/invites?locale=${locale}`);
    await field(page, l("E-mail address")).fill(colleague.email);
    await field(page, l("Team")).selectOption({ label: company });
    await field(page, l("Role")).selectOption("editor");
    await page.getByRole("button", { name: l("Send invite") }).click();
    await expect(page.getByText(l("User invited"), { exact: true })).toBeVisible();
    await expect(page.getByText(colleague.email)).toBeVisible();

    // The colleague accepts in a browser of their own and creates an account.
    const invitation = await smtp.waitFor((m) => m.to.includes(colleague.email));
    await acceptAsNewUser(browser, linkIn(invitation.text, "/accept-invitation?token="), locale, colleague, l);

    // Back as the owner: the colleague is a member; change the role to viewer.
    await page.goto(`/settings/user-management?locale=${locale}`);
    await page.getByRole("link", { name: colleague.name }).click();
    const roleSelect = page.getByRole("combobox", { name: company, exact: true });
    await expect(roleSelect).toHaveValue("editor");
    await roleSelect.selectOption("viewer");
    await page.getByRole("button", { name: l("Save") }).click();
    await expect(page.getByText(l("User updated"), { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("combobox", { name: company, exact: true })).toHaveValue("viewer");

    // Sign out.
    await page
      .getByRole("button", { name: l("Log out") })
      .or(page.getByRole("link", { name: l("Log out") }))
      .first()
      .click();
    await expect(page.getByRole("heading", { name: l("You have signed out") })).toBeVisible();
  });
}

async function acceptAsNewUser(
  browser: Browser,
  link: string,
  locale: "en" | "fi",
  colleague: { email: string; password: string; name: string },
  l: (english: string) => string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${link}&locale=${locale}`);
    await field(page, l("Name")).fill(colleague.name);
    await field(page, l("Password")).fill(colleague.password);
    await field(page, l("Confirm the password")).fill(colleague.password);
    await page.getByRole("button", { name: l("Create account and accept") }).click();
    await expect(page.getByText(l("Your account is ready"), { exact: true }).first()).toBeVisible();
    await page
      .getByRole("link", { name: l("Sign in") })
      .or(page.getByRole("button", { name: l("Sign in") }))
      .first()
      .click();
    await signInAtProvider(page, locale, colleague.email, colleague.password);
    await expect(page.getByRole("navigation", { name: l("Main menu") })).toBeVisible();
  } finally {
    await context.close();
  }
}
