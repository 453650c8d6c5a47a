// The built app, the sign-in page and the respondent pages work under their Content-Security-Policy
// (api/src/http/security-headers.ts): no violation is reported, the screens render, and a survey
// page framed by a customer's site on another origin loads (the website widget's iframe).
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { query, signIn } from "./support.js";
import config from "./playwright.config.js";

// As in widget.spec.ts: the fake customer site is a "public" origin framing our loopback server,
// which Chromium's Private Network Access checks would block; real customers reach a public address.
const launch = config.use!.launchOptions!;
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      "--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks",
    ],
  },
});

/** Records every CSP violation any page of the context reports. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("__cspViolation", (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  context.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

const settle = (page: Page) => page.waitForLoadState("networkidle").catch(() => {});

test("the app's screens, the sign-in page and the respondent pages run under their CSP without a violation", async ({ page, context, baseURL }) => {
  const violations = await watchViolations(context);
  await signIn(page, "admin@demo.example", "/summary");
  for (const [path, heading] of [
    ["/summary", "Summary"],
    ["/surveys", "Surveys"],
    ["/results", "Results"],
    ["/touchpoints", "Touchpoints"],
    ["/settings/user", "User profile"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await settle(page);
  }
  // The summary's charts (SVG) render.
  await page.goto("/summary");
  await expect(page.locator("svg").first()).toBeVisible();

  const [link] = await query<{ id: string }>(
    `select id from "Touchpoint" where type = 'link' and not deleted and "activeSurveyId" is not null order by "createdAt" limit 1`,
  );
  await page.goto(`/s/${link!.id}`);
  await expect(page.getByRole("button", { name: /next|submit|send/i }).first()).toBeVisible();

  // A customer's page on another origin frames the survey page, as the widget does.
  await page.route("http://shop.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><title>Shop</title></head><body>
        <iframe title="survey" src="${baseURL}/s/${link!.id}?embed=widget&display=embedded" style="width:600px;height:600px"></iframe>
      </body></html>`,
    }),
  );
  await page.goto("http://shop.test/");
  const framed = page.frameLocator("iframe[title=survey]");
  await expect(framed.getByRole("button", { name: /next|submit|send/i }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
