// What a browser downloads and how Lighthouse scores it. The real server (production settings, the
// built web client from dist/web, compression on) with the demo organisation; Debian's Chromium.
//
// - Transfer sizes, as the browser received them (encoded bytes, every request until the network is
//   idle): the respondent page (/s/{id} of a demo link), the sign-in page, and the website widget.
// - Lighthouse (the npm package, its default mobile profile: simulated slow 4G and a 4× slower CPU)
//   on the respondent page, the sign-in page, and signed in as the demo admin on the summary, the
//   results and the survey editor: performance and accessibility scores, first contentful paint,
//   largest contentful paint, total blocking time.
//
// Needs `npm run build:web` first (the suite builds when dist/web is missing).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { demoSignIn, seedDemoOrganization } from "../../api/src/seed/demo.js";
import { withScratchDatabase } from "../lib/database.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { chromiumArgs } from "../../api/src/domain/exports/pdf.js";

export const name = "web";
export const description = "transfer sizes of the respondent and sign-in pages and the widget, and Lighthouse mobile scores of the main screens";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The respondent page's budget (issue 18): everything it loads, compressed. */
const respondentBudgetBytes = 60 * 1024;

function ensureWebBuilt(ctx: BenchContext) {
  if (existsSync(path.join(root, "dist/web/index.html")) && existsSync(path.join(root, "dist/web/respond.html"))) return;
  ctx.log("building the web client (dist/web is missing)…");
  const result = spawnSync(path.join(root, "node_modules/.bin/vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("vite build failed");
}

/** Encoded bytes of every response a page load received, until the network is idle. */
async function transferBytes(page: Page, url: string): Promise<{ bytes: number; requests: number }> {
  const client = await page.createCDPSession();
  await client.send("Network.enable");
  await client.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  client.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await page.goto(url, { waitUntil: "networkidle0" });
  await client.detach();
  return { bytes, requests };
}

/** Bytes on the wire (not decompressed, unlike fetch) of one GET. */
function rawGet(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/summary`, { waitUntil: "networkidle0" });
  await page.waitForSelector("#email");
  await page.type("#email", demoSignIn.email);
  await page.type("#password", demoSignIn.password);
  await Promise.all([page.waitForNavigation({ waitUntil: "networkidle0" }), page.keyboard.press("Enter")]);
  await page.waitForSelector('nav[aria-label="Main menu"]', { timeout: 30_000 });
}

type Scores = { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number };

async function audit(port: number, url: string, page?: Page): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], disableStorageReset: true },
    undefined,
    page as never,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const metric = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? Number.NaN));
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
  };
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  ensureWebBuilt(ctx);
  return withScratchDatabase(ctx, "web", async (databaseUrl) => {
    const api = await startApiServer(databaseUrl, { serveWeb: true });
    const stopApi = ctx.onCleanup(() => api.close());
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumArgs,
    });
    const stopChrome = ctx.onCleanup(async () => void chrome.kill());
    let browser: Browser | undefined;
    try {
      ctx.log("seeding the demo organisation (200 responses)…");
      const seed = await seedDemoOrganization(api.prisma, { responses: 200, now: new Date("2026-11-02T12:00:00Z") });
      const link = await api.prisma.touchpoint.findFirstOrThrow({
        where: { organizationId: seed.organizationId, type: "link", activeSurveyId: { not: null } },
        select: { id: true, activeSurveyId: true },
      });
      const respondentUrl = `${api.baseUrl}/s/${link.id}`;
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const rows: FigureRow[] = [];

      const sizes: [string, string][] = [
        ["respondent page /s/{id}", respondentUrl],
        ["sign-in page", `${api.baseUrl}/summary`],
      ];
      for (const [label, url] of sizes) {
        const page = await browser.newPage();
        const { bytes, requests } = await transferBytes(page, url);
        await page.close();
        const note = label.startsWith("respondent")
          ? `budget ${respondentBudgetBytes / 1024} KB: ${bytes <= respondentBudgetBytes ? "met" : "MISSED"}`
          : undefined;
        rows.push({ figure: `${label}: transferred (compressed)`, value: Math.round(bytes / 102.4) / 10, unit: "KB", extra: { requests }, note });
      }
      const widget = await rawGet(`${api.baseUrl}/widget.js`, "br, gzip");
      rows.push({
        figure: "website widget /widget.js: transferred",
        value: Math.round(widget.bytes / 102.4) / 10,
        unit: "KB",
        note: `content-encoding ${widget.encoding ?? "none"}`,
      });

      // Lighthouse, signed out: the respondent page and the sign-in page, each in a fresh tab.
      const push = (label: string, s: Scores) =>
        rows.push({
          figure: `Lighthouse mobile: ${label}`,
          value: s.performance,
          unit: "performance",
          extra: { accessibility: s.accessibility, "FCP ms": s.fcp, "LCP ms": s.lcp, "TBT ms": s.tbt },
        });
      ctx.log("Lighthouse: respondent page…");
      push("respondent page", await audit(chrome.port, respondentUrl));
      ctx.log("Lighthouse: sign-in page…");
      push("sign-in page", await audit(chrome.port, `${api.baseUrl}/summary`));

      // Signed in (the session lives in localStorage, kept between audits): the main screens.
      const page = await browser.newPage();
      await signIn(page, api.baseUrl);
      const survey = await api.prisma.survey.findFirstOrThrow({ where: { id: link.activeSurveyId! }, select: { id: true } });
      for (const [label, route] of [
        ["summary", "/summary"],
        ["results", "/results"],
        ["survey editor", `/surveys/${survey.id}/edit`],
      ] as const) {
        ctx.log(`Lighthouse: ${label}…`);
        push(label, await audit(chrome.port, `${api.baseUrl}${route}`, page));
      }
      return rows;
    } finally {
      await browser?.disconnect().catch(() => {});
      chrome.kill();
      stopChrome();
      await api.close();
      stopApi();
    }
  });
}
