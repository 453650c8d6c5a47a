// The respondent page on a phone (issue 15, smaller defects): the NPS scale 0–10 lays out as one
// row or two even rows (it wrapped 5 + 5 + a full-width 10), and the smileys stay in one row also
// with the Finnish labels (they wrapped 4 + 1). Measured from the buttons' bounding boxes.
import { expect, test, type Locator } from "@playwright/test";
import { query } from "./support";

const touchpointId = async (name: string) => (await query<{ id: string }>(`SELECT "id" FROM "Touchpoint" WHERE "name" = $1 AND NOT "deleted"`, [name]))[0]!.id;

async function boxes(options: Locator) {
  const all = await options.all();
  const out = [];
  for (const o of all) {
    const box = await o.boundingBox();
    expect(box).not.toBeNull();
    out.push(box!);
  }
  return out;
}

/** The boxes grouped into rows by their top edge (to the pixel). */
function rows(list: { x: number; y: number; width: number; height: number }[]) {
  const byTop = new Map<number, typeof list>();
  for (const b of list) {
    const key = [...byTop.keys()].find((y) => Math.abs(y - b.y) < 2) ?? b.y;
    byTop.set(key, [...(byTop.get(key) ?? []), b]);
  }
  return [...byTop.entries()].sort(([a], [b]) => a - b).map(([, r]) => r);
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the smileys take one row and NPS 0–10 one row or two even rows (Finnish)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const id = await touchpointId("Support ticket follow-up link");
    await page.goto(`/s/${id}?language=fi`);
    const smileys = page.locator(".r-smileys .r-option");
    await expect(smileys).toHaveCount(5);
    const faces = await boxes(smileys);
    expect(rows(faces), JSON.stringify(faces)).toHaveLength(1);
    for (const b of faces) expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
    const widths = faces.map((b) => b.width);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1.5);

    // On to the NPS question (smiley, then the slider).
    await smileys.last().click();
    await page.locator(".r-primary").click();
    await page.getByRole("slider").focus();
    await page.keyboard.press("ArrowRight");
    await page.locator(".r-primary").click();
    const nps = page.locator(".r-nps .r-option");
    await expect(nps).toHaveCount(11);
    const scale = await boxes(nps);
    const lines = rows(scale);
    expect(lines.length, JSON.stringify(scale)).toBeLessThanOrEqual(2);
    if (lines.length === 2) expect(lines.map((r) => r.length)).toEqual([6, 5]);
    // Even: every button as wide as the others (no full-width 10), none off the screen.
    const npsWidths = scale.map((b) => b.width);
    expect(Math.max(...npsWidths) - Math.min(...npsWidths)).toBeLessThan(1.5);
    for (const b of scale) expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
    // Touch targets stay large enough to hit (WCAG 2.5.8: at least 24 px; here well above).
    expect(Math.min(...npsWidths)).toBeGreaterThanOrEqual(40);
  });
}
