import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contrastFailures, contrastRatio, customProperties, MIN_CONTRAST, relativeLuminance } from "./contrast";
import { TOKEN_PAIRS } from "./tokenPairs";

// A variable, not a literal: Vite rewrites `new URL("literal", import.meta.url)` into an asset address.
const pathOf = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const read = (file: string) => readFileSync(pathOf(file), "utf8");
const tokensCss = read("../tokens.css");
const stylesCss = read("../styles.css");
const root = dirname(pathOf("../tokens.css"));

/** Every CSS file of the web client, by path relative to web/src. */
function allCss(): Array<[string, string]> {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .map((file) => [file, readFileSync(`${root}/${file}`, "utf8")]);
}

describe("WCAG contrast", () => {
  it("computes the published ratios", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 6);
    expect(relativeLuminance("#000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 6);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#1d4ed8")).toBeCloseTo(contrastRatio("#1d4ed8", "#ffffff"), 10);
    expect(() => contrastRatio("red", "#fff")).toThrow("Not a hex colour");
  });

  it("resolves custom properties through var() across files, later files winning", () => {
    const props = customProperties(":root { --a: #fff; --b: var(--a); /* --c: #000; */ }", ":root { --d: var(--b); --a: #000; }");
    expect(props.get("--d")).toBe("#000");
    expect(props.has("--c")).toBe(false);
    expect(() => customProperties(":root { --x: var(--y); }")).toThrow("Undefined custom property --y");
  });
});

describe("design tokens", () => {
  const props = customProperties(tokensCss, stylesCss);

  it("every colour token is a hex colour", () => {
    const colours = [...props].filter(([name]) => name.startsWith("--color-"));
    expect(colours.length).toBeGreaterThan(20);
    for (const [name, value] of colours) expect(value, name).toMatch(/^#[0-9a-f]{3,6}$/i);
  });

  it("every pair of text and background tokens reaches its WCAG minimum", () => {
    const failures = contrastFailures(props, TOKEN_PAIRS).map(
      (f) => `${f.foreground} on ${f.background} (${f.where}): ${f.ratio.toFixed(2)}:1 < ${f.minimum}:1`,
    );
    expect(failures).toEqual([]);
  });

  it("the pairs cover the semantic colours: primary, danger, success, warning, info, text, muted, focus ring", () => {
    const named = new Set(TOKEN_PAIRS.flatMap((p) => [p.foreground, p.background]));
    for (const token of [
      "--color-primary",
      "--color-danger",
      "--color-success",
      "--color-warning",
      "--color-info",
      "--color-surface",
      "--color-text",
      "--color-text-muted",
      "--color-focus",
    ]) {
      expect(named.has(token), token).toBe(true);
    }
  });

  it("a token change that breaks a pair is reported with its ratio", () => {
    const lighter = customProperties(tokensCss, stylesCss, ":root { --color-text-muted: #9ca3af; --color-focus: #f59e0b; }");
    const failures = contrastFailures(lighter, TOKEN_PAIRS);
    expect(failures.map((f) => `${f.foreground} on ${f.background}`)).toEqual(
      expect.arrayContaining(["--color-text-muted on --color-surface", "--muted on --surface", "--color-focus on --color-surface"]),
    );
    const muted = failures.find((f) => f.foreground === "--color-text-muted" && f.background === "--color-surface")!;
    expect(muted.minimum).toBe(MIN_CONTRAST.text);
    expect(muted.ratio).toBeCloseTo(2.54, 2);
  });

  it("every custom property a stylesheet of the client reads is declared (a renamed token breaks no screen silently)", () => {
    const files = allCss();
    expect(files.map(([file]) => file)).toEqual(expect.arrayContaining(["tokens.css", "styles.css", "ui/ui.css"]));
    const declared = new Set(files.flatMap(([, css]) => [...css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!)));
    const missing = files.flatMap(([file, css]) =>
      [...css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/var\(\s*(--[\w-]+)/g)].filter((m) => !declared.has(m[1]!)).map((m) => `${file}: ${m[1]}`),
    );
    expect(missing).toEqual([]);
  });
});
