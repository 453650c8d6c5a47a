import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8181);
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 8125);
/** The local SMS centre tests/e2e/serve.ts starts (campaign SMS and their delivery receipts). */
export const smppPort = Number(process.env.E2E_SMPP_PORT ?? port + 2000);

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: "../../test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node_modules/.bin/tsx tests/e2e/serve.ts",
    cwd: "../..",
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Mail goes over real SMTP to the capture server tests/e2e/identity.spec.ts runs on this port.
    // Billing runs against the local Stripe fake unless E2E_STRIPE_FAKE=0 (tests/e2e/billing.spec.ts).
    env: {
      PORT: String(port),
      SEED_DEMO: "true",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      E2E_SMPP_PORT: String(smppPort),
      E2E_STRIPE_FAKE: process.env.E2E_STRIPE_FAKE ?? "1",
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
