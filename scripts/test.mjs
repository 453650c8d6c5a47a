// `npm test`: unit, integration and end-to-end tests. Installs what is missing (npm packages, and
// Debian's chromium for Playwright), generates, builds the web client, then runs Vitest (api and
// web projects, against the real PostgreSQL and Redis on 127.0.0.1) and Playwright.
import { existsSync, readFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
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

// The names of the failed tests and the first lines of their messages, printed last so that the tail
// of a CI log says what failed.
function vitestFailures(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return report.testResults.flatMap((suite) => {
      const file = path.relative(root, suite.name);
      const failed = suite.assertionResults.filter((test) => test.status === "failed");
      if (failed.length === 0 && suite.status === "failed") return [`${file}: ${firstLines(suite.message)}`];
      return failed.map((test) => `${file}${failedLine(suite.name, test.failureMessages?.[0])} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    });
  } catch {
    return [];
  }
}

function playwrightFailures(file) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${spec.file} › ${[...titles, spec.title].join(" › ")}: ${firstLines(error)}`);
      }
    }
    for (const child of suite.suites ?? [])
      visit(
        child,
        [...titles, child.title].filter((t) => t && !t.endsWith(".ts")),
      );
  };
  try {
    for (const suite of JSON.parse(readFileSync(file, "utf8")).suites ?? []) visit(suite, []);
  } catch {}
  return failures;
}

// Where in the test file the failure was thrown (its stack's first frame in that file), as ":line":
// a waitFor's message is mostly a DOM dump, so the message alone may not say which check failed.
function failedLine(testFile, message) {
  const escaped = testFile.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const frame = new RegExp(`${escaped}:(\\d+):\\d+`).exec(stripVTControlCharacters(message ?? ""));
  return frame ? `:${frame[1]}` : "";
}

function firstLines(message) {
  return stripVTControlCharacters(message ?? "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 4)
    .join(" | ")
    .slice(0, 600);
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
const failures = [];

if (only !== "e2e") {
  const vitestJson = path.join(results, "vitest.json");
  try {
    await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
  } catch {
    failedStep = true;
  }
  const counts = vitestCounts(vitestJson);
  failures.push(...vitestFailures(vitestJson));
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
  failures.push(...playwrightFailures(playwrightJson));
  add(e2eFailed && e2e.failed === 0 ? { ...e2e, failed: 1 } : e2e);
  failedStep ||= e2eFailed;
}

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `- ${line}`).join("\n")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
