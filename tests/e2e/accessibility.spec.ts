// axe-core on every route of the spec (issue 15, "How it is measured"): as the demo admin and the demo
// viewer, in English and Finnish, no critical and no serious violation (WCAG 2.0/2.1 A and AA rules).
// Routes with an id open the first row the demo organisation has, found through the screens
// themselves; the open pages (sign-in, respondent, unsubscribe, components) run signed out.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { query, signIn } from "./support";

/** Every screen a signed-in user reaches without an id in the address. */
const routes = [
  "/summary",
  "/results",
  "/surveys/list",
  "/surveys/templates",
  "/surveys/scheduled",
  "/touchpoints",
  "/touchpoints/terminals",
  "/touchpoints/link-qr",
  "/touchpoints/website",
  "/touchpoints/contactLists",
  "/touchpoints/contactLists/blockList",
  "/touchpoints/emails",
  "/touchpoints/sms",
  "/touchpoints/sms-text",
  "/touchpoints/email-templates",
  "/touchpoints/legacy-plugins",
  "/pings",
  "/notifications/list",
  "/customer-journey/list",
  "/customer-journey/new",
  "/getting-started",
  "/expired",
  "/settings/user",
  "/settings/teams",
  "/settings/user-management",
  "/settings/user-management/invites",
  "/settings/privacy-policy",
  "/settings/survey-appearance",
  "/settings/satisfaction-scale",
  "/settings/logo",
  "/settings/billing-details",
  "/settings/billing-history",
  "/settings/subscription",
  "/superadmin",
  "/superadmin/reports",
  "/superadmin/sms-reports",
];

/** Routes with an id: the first survey, touchpoint and user of the demo organisation. */
async function routesWithIds(): Promise<string[]> {
  const [survey] = await query<{ id: string }>(
    `SELECT s.id FROM "Survey" s JOIN "Organization" o ON o.id = s."organizationId" WHERE o.name = 'Demo Oy' ORDER BY s."createdAt" LIMIT 1`,
  );
  const [terminal] = await query<{ id: string }>(
    `SELECT t.id FROM "Touchpoint" t JOIN "Organization" o ON o.id = t."organizationId" WHERE o.name = 'Demo Oy' AND t.type = 'terminal' ORDER BY t."createdAt" LIMIT 1`,
  );
  const [member] = await query<{ id: string }>(`SELECT u.id FROM "User" u WHERE u.email = 'viewer@demo.example'`);
  return [
    ...(survey ? [`/surveys/${survey.id}/edit`, `/surveys/${survey.id}/preview`, `/launch-survey/${survey.id}/channel-select`] : []),
    ...(terminal ? [`/touchpoints/terminals/${terminal.id}/edit`] : []),
    ...(member ? [`/settings/user-management/${member.id}`] : []),
  ];
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(" ")}`);
}

/** The page has drawn its main content and nothing is busy (a skeleton) any more, or 5 s passed. */
async function settle(page: Page) {
  await page
    .locator("main")
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 5_000 }).catch(() => undefined);
}

for (const role of ["admin", "viewer"] as const) {
  for (const locale of ["en", "fi"] as const) {
    test(`axe: every route as the ${role}, in ${locale === "en" ? "English" : "Finnish"}: no critical or serious violations`, async ({ page }) => {
      test.setTimeout(600_000);
      await signIn(page, `${role}@demo.example`);
      const found: string[] = [];
      for (const route of [...routes, ...(await routesWithIds())]) {
        await page.goto(`${route}?locale=${locale}`);
        await settle(page);
        for (const violation of await seriousViolations(page)) found.push(`${route}: ${violation}`);
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
}

test("axe: the open pages (sign-in, respondent page, unsubscribe, components) in English and Finnish", async ({ page }) => {
  test.setTimeout(300_000);
  const [link] = await query<{ id: string }>(
    `SELECT t.id FROM "Touchpoint" t JOIN "Organization" o ON o.id = t."organizationId" WHERE o.name = 'Demo Oy' AND t.type = 'link' AND t."activeSurveyId" IS NOT NULL LIMIT 1`,
  );
  const found: string[] = [];
  for (const locale of ["en", "fi"] as const) {
    for (const route of ["/summary", ...(link ? [`/s/${link.id}`] : []), "/unsubscribe", "/components", "/signup", "/forgot-password"]) {
      await page.goto(`${route}?locale=${locale}`);
      await settle(page);
      for (const violation of await seriousViolations(page)) found.push(`${route} (${locale}): ${violation}`);
    }
  }
  expect(found, found.join("\n")).toEqual([]);
});
