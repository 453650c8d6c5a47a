// The defects of a new user's walkthrough (issue 15), one test each (docs/experience.md).
import { expect, test } from "@playwright/test";
import config from "./playwright.config";
import { demoPassword, signIn } from "./support";

const port = Number(process.env.E2E_PORT ?? 8181);
// A name for this machine that is not PUBLIC_URL's (127.0.0.1) nor one of its loopback twins, as a
// phone on the network would reach a developer's machine. Chromium resolves it to 127.0.0.1 and
// treats it as a secure context (sign-in's PKCE needs Web Crypto).
const otherAddress = `http://devbox.test:${port}`;

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      "--host-resolver-rules=MAP devbox.test 127.0.0.1",
      `--unsafely-treat-insecure-origin-as-secure=${otherAddress}`,
    ],
  },
});

test.describe("development: the server is reached at another address", () => {
  test("defect 1: sign-in works and links name the address the server is reached at", async ({ page }) => {
    await page.goto(`${otherAddress}/settings/user`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(otherAddress);
    await page.getByLabel("Email").fill("admin@demo.example");
    await page.getByLabel("Password").fill(demoPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(otherAddress);
    const clientConfig = await page.evaluate(async () => (await fetch("/client-config.json")).json());
    expect(clientConfig).toMatchObject({ oidcAuthority: `${otherAddress}/oidc`, publicUrl: otherAddress });

    // A touchpoint's link (and the QR code made from it) names the same address.
    await page.goto(`${otherAddress}/touchpoints/link-qr`);
    await page.locator('a[href^="/touchpoints/link-qr/"][href$="/edit"]').first().click();
    await expect(page.getByLabel("Public link")).toHaveValue(new RegExp(`^${otherAddress.replace(/\./g, "\\.")}/s/`));
  });
});

test("defect 1: sign-in works at 127.0.0.1", async ({ page }) => {
  await signIn(page, "admin@demo.example", "/");
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
});
