// `npm run screens`: refreshes the screenshots in docs/screens/ (issue 15), so a reader sees the
// product without running it. Starts the end-to-end server (tests/e2e/serve.ts: a fresh database
// `feedback_screens`, the demo organisation with DEMO_RESPONSES responses, the built web client),
// signs in as the demo admin and the demo viewer in Debian's Chromium at 1440×900, and saves each
// main screen in English and Finnish as docs/screens/<screen>.<role>.<lang>.png.
// Needs the web client built (`npm run build:web`, or any `npm test`/`npm start` before).
//
// Env: SCREENS_PORT (8290), SCREENS_ONLY (comma-separated screen names), DEMO_RESPONSES (3000).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { chromiumArgs } from "../api/src/domain/exports/pdf.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.SCREENS_PORT ?? 8290);
const baseUrl = `http://127.0.0.1:${port}`;
const outDir = path.join(root, "docs/screens");
const password = "Demo-Password-1!";
const only = process.env.SCREENS_ONLY?.split(",").map((s) => s.trim());

/**
 * The screens, by name and path; `viewer: false` where a viewer has no business (admin only). A path
 * of "first:<list path>" is the first survey editor link found on that list (ids differ per seed).
 */
const screens: { name: string; path: string; viewer?: boolean }[] = [
  { name: "summary", path: "/summary" },
  { name: "results", path: "/results" },
  { name: "surveys", path: "/surveys/list" },
  { name: "survey-editor", path: "first:/surveys/list", viewer: false },
  { name: "touchpoints", path: "/touchpoints" },
  { name: "contact-lists", path: "/touchpoints/contactLists", viewer: false },
  { name: "email-campaigns", path: "/touchpoints/emails", viewer: false },
  { name: "notifications", path: "/notifications/list" },
  { name: "customer-journeys", path: "/customer-journey/list" },
  { name: "user-management", path: "/settings/user-management", viewer: false },
  { name: "subscription", path: "/settings/subscription", viewer: false },
  { name: "components", path: "/components", viewer: false },
];

async function waitForServer(child: ChildProcess) {
  const until = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error("the server did not start within 240 s");
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function signIn(page: Page, email: string) {
  await page.goto(`${baseUrl}/settings/user`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !/^\/(oidc|auth-callback)/.test(url.pathname));
  await page.getByRole("navigation", { name: "Main menu" }).waitFor();
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), ["tests/e2e/serve.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), E2E_DB_NAME: "feedback_screens", SEED_DEMO: "true", DEMO_RESPONSES: process.env.DEMO_RESPONSES ?? "3000" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumArgs,
  });
  try {
    await waitForServer(server);
    for (const role of ["admin", "viewer"] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page, `${role}@demo.example`);
      for (const language of ["en", "fi"] as const) {
        for (const screen of screens) {
          if (role === "viewer" && screen.viewer === false) continue;
          if (only && !only.includes(screen.name)) continue;
          // ?locale= chooses the interface language for the page (spec 000 §1).
          let target = screen.path;
          if (target.startsWith("first:")) {
            await page.goto(`${baseUrl}${target.slice("first:".length)}?locale=${language}`);
            const link = page.locator('a[href*="/surveys/"][href$="/edit"]:not([href*="/new/"])').first();
            await link.waitFor({ timeout: 20_000 });
            target = (await link.getAttribute("href")) ?? "/surveys/list";
          }
          await page.goto(`${baseUrl}${target}?locale=${language}`);
          await page.waitForLoadState("networkidle");
          // Skeletons gone (aria-busy regions settled), then a moment for charts to draw.
          await page
            .locator('[aria-busy="true"]')
            .first()
            .waitFor({ state: "detached", timeout: 20_000 })
            .catch(() => undefined);
          await page.waitForTimeout(600);
          const file = path.join(outDir, `${screen.name}.${role}.${language}.png`);
          await page.screenshot({ path: file });
          process.stdout.write(`${path.relative(root, file)}\n`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

await main();
