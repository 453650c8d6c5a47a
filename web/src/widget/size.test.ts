// The widget's budget (docs/widget.md): at most 20 KB gzipped, so a page that embeds it stays fast. Builds the script as `npm run build:web` does.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { buildWidget, widgetGzipBudget } from "./build.js";

const dir = mkdtempSync(path.join(tmpdir(), "widget-size-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the widget script", () => {
  it("builds to one file of at most 20 KB gzipped, without a framework", { timeout: 60_000 }, async () => {
    const file = await buildWidget(dir);
    const code = readFileSync(file);
    const gzipped = gzipSync(code, { level: 9 }).length;
    console.info(`widget.js: ${code.length} bytes, ${gzipped} bytes gzipped (budget ${widgetGzipBudget})`);
    expect(gzipped).toBeLessThanOrEqual(widgetGzipBudget);
    const text = code.toString("utf8");
    expect(text).not.toMatch(/react|__vite|import\(/i);
    // An IIFE: nothing leaks into the customer's global scope but window.feedbackWidget.
    expect(text.trimStart().startsWith("(function")).toBe(true);
  });
});
