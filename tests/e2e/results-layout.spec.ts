// Results and summary at desktop widths (issue 15): no horizontal scrolling at 1440 and 1280 px in
// English and Finnish; on results a sticky toolbar with the applied filters as removable chips, the
// view switch, a question index and the tools (saved views, export, share) as panels.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;

/** Screenshots for a reader (and the author) when E2E_SCREENSHOTS names a directory. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function loaded(page: Page, route: string) {
  if (route === "/results") {
    await expect(page.locator("#results-view")).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
    await expect(page.locator("#results-view").getByRole("figure").first()).toBeVisible();
  } else {
    await expect(page.getByRole("figure").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("status").filter({ has: page.locator(".ui-skeleton__shapes") })).toHaveCount(0);
  }
}

test("summary and results do not scroll sideways at 1440 and 1280 px, in English and Finnish", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@demo.example", "/summary");
  for (const route of ["/summary", "/results"]) {
    for (const locale of ["en", "fi"]) {
      for (const size of sizes) {
        await page.setViewportSize(size);
        await page.goto(`${route}?locale=${locale}`);
        await loaded(page, route);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${route} ${locale} at ${size.width} px`).toBeLessThanOrEqual(innerWidth);
        await shot(page, `${route.slice(1)}-${locale}-${size.width}`);
      }
    }
  }
});

test("results toolbar: sticky, chips remove a filter each, question index, saved views and export as panels", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@demo.example", "/results?preset=last30Days&groupBy=weekNumber");
  await loaded(page, "/results");
  const toolbar = page.getByRole("region", { name: "Results tools" });
  const chips = toolbar.getByRole("list", { name: "Applied filters" });
  await expect(chips.getByRole("listitem")).toHaveText(["Dates: Last 30 days", "Group by: Week number"]);
  await shot(page, "results-toolbar-top");

  // Far down the page the toolbar is still at the top, folded to chips, views and tools.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(toolbar.getByRole("button", { name: "Change filters" })).toBeVisible();
  const box = await toolbar.boundingBox();
  expect(box!.y).toBeLessThanOrEqual(1);
  expect(box!.height).toBeLessThan(160);
  await expect(page.getByRole("form", { name: "Results filters" })).toBeHidden();
  await expect(toolbar.getByRole("button", { name: "Export" })).toBeInViewport();
  await shot(page, "results-toolbar-stuck");
  await toolbar.getByRole("button", { name: "Change filters" }).click();
  await expect(page.getByRole("form", { name: "Results filters" })).toBeVisible();
  await toolbar.getByRole("button", { name: "Hide filters" }).click();

  // Saved views open as a panel; Escape closes it and the focus goes back to its button.
  const savedViews = toolbar.getByRole("button", { name: "Saved views" });
  await savedViews.click();
  await expect(savedViews).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Bookmark name")).toBeVisible();
  await shot(page, "results-saved-views");
  await page.getByLabel("Bookmark name").press("Escape");
  await expect(page.getByLabel("Bookmark name")).toBeHidden();
  await expect(savedViews).toBeFocused();

  // The question index jumps to a question: its card is focused, just below the toolbar.
  await page.evaluate(() => window.scrollTo(0, 0));
  const index = toolbar.getByRole("button", { name: /^Questions \(\d+\)$/ });
  await index.click();
  const links = page.getByRole("navigation", { name: "Question index" }).getByRole("link");
  expect(await links.count()).toBeGreaterThan(2);
  await shot(page, "results-question-index");
  const anchor = (await links.nth(2).getAttribute("href"))!;
  expect(anchor).toMatch(/^#question-[0-9a-f]{24}$/);
  await links.nth(2).click();
  const card = page.locator(anchor);
  await expect(card).toHaveRole("article");
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  const cardTop = (await card.boundingBox())!.y;
  const toolbarBottom = (await toolbar.boundingBox())!.y + (await toolbar.boundingBox())!.height;
  expect(cardTop).toBeGreaterThanOrEqual(toolbarBottom - 1);
  await shot(page, "results-question-jump");

  // A chip's button removes that one filter at once; the focus goes to the next chip's button.
  await page.evaluate(() => window.scrollTo(0, 0));
  await chips.getByRole("button", { name: "Remove filter Dates: Last 30 days" }).click();
  await expect(page).not.toHaveURL(/preset=/);
  await expect(page).toHaveURL(/groupBy=weekNumber/);
  await expect(chips.getByRole("listitem")).toHaveText(["Group by: Week number"]);
  await expect(chips.getByRole("button", { name: "Remove filter Group by: Week number" })).toBeFocused();
  await loaded(page, "/results");

  // Export opens as a panel with the file buttons.
  await toolbar.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await shot(page, "results-export");
});

test("axe: results with the toolbar's panels open and stuck, and summary, in English and Finnish: no critical or serious violations", async ({ page }) => {
  // axe over the long results page takes a while on a loaded machine.
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@demo.example", "/summary");
  const found: string[] = [];
  const check = async (where: string) => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    for (const v of results.violations.filter((x) => x.impact === "critical" || x.impact === "serious"))
      found.push(`${where}: ${v.id} (${v.impact}) ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(" ")}`);
  };
  for (const locale of ["en", "fi"]) {
    await page.goto(`/summary?locale=${locale}`);
    await loaded(page, "/summary");
    await check(`/summary (${locale})`);
    await page.goto(`/results?locale=${locale}&preset=last30Days&groupBy=weekNumber`);
    await loaded(page, "/results");
    await check(`/results (${locale})`);
    const toolbar = page.locator(".results-toolbar");
    for (const button of [toolbar.locator(".toolbar-popover__button").first(), toolbar.locator(".toolbar-popover__button").last()]) {
      await button.click();
      await check(`/results (${locale}) with ${await button.textContent()} open`);
      await page.keyboard.press("Escape");
    }
    await toolbar.locator("details.filter-group summary").first().click();
    await check(`/results (${locale}) with a filter disclosure open`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect(toolbar.locator(".results-toolbar__filters-toggle")).toBeVisible();
    await check(`/results (${locale}) stuck`);
  }
  expect(found, found.join("\n")).toEqual([]);
});
