// `npm test`: unit, integration and end-to-end tests. Installs what is missing (npm packages, and
// Debian's chromium for Playwright), generates, builds the web client, then runs Vitest (api and
// web projects, against the real PostgreSQL and Redis on 127.0.0.1) and Playwright.
import { existsSync, readFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { bin, ensureBuilt, ensureDependencies, root, run } from "./lib.mjs";

const chromium = "/usr/bin/chromium";

// poppler-utils (pdftotext, pdfinfo) lets the PDF export tests read the PDFs Chromium prints.
const pdftotext = "/usr/bin/pdftotext";

async function ensureChromium() {
  const missing = [...(existsSync(chromium) ? [] : ["chromium", "fonts-dejavu-core"]), ...(existsSync(pdftotext) ? [] : ["poppler-utils"])];
  if (missing.length === 0) return;
  console.log(`[setup] installing Debian's ${missing.join(", ")} for the PDF and end-to-end tests…`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) => (sudo.length ? run("sudo", ["apt-get", ...args]) : run("apt-get", args));
  await apt(["update", "-qq"]);
  await apt(["install", "-y", "-qq", "--no-install-recommends", ...missing]);
}

function vitestCounts(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

function playwrightCounts(file) {
  try {
    const stats = JSON.parse(readFileSync(file, "utf8")).stats;
    return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const only = process.argv[2]; // "unit" or "e2e" to run one part
await ensureDependencies();
// The PDF export tests (unit half) and the end-to-end tests both drive Chromium.
await ensureChromium();
await ensureBuilt();

const results = path.join(root, "test-results");
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const add = (c) => {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
};
let failedStep = false;

if (only !== "e2e") {
  const vitestJson = path.join(results, "vitest.json");
  try {
    await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
  } catch {
    failedStep = true;
  }
  const counts = vitestCounts(vitestJson);
  // A run that failed before any test (configuration, setup) still counts as a failure.
  add(failedStep && counts.failed === 0 ? { ...counts, failed: 1 } : counts);
}

if (only !== "unit") {
  let e2eFailed = false;
  const playwrightJson = path.join(results, "playwright.json");
  try {
    await run(bin("playwright"), ["test", "-c", "tests/e2e/playwright.config.ts", "--reporter=list,json"], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    });
  } catch {
    e2eFailed = true;
  }
  const e2e = playwrightCounts(playwrightJson);
  add(e2eFailed && e2e.failed === 0 ? { ...e2e, failed: 1 } : e2e);
  failedStep ||= e2eFailed;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
