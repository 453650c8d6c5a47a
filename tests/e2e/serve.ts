// The server the end-to-end tests drive: a fresh database on the real PostgreSQL (recreated on
// every run), a small demo organisation, the embedded identity provider, the built web client.
import pg from "pg";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
// E2E_DB_NAME / E2E_PORT let two runs side by side use their own database and port.
const name = process.env.E2E_DB_NAME ?? "feedback_e2e";
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;

process.env.DATABASE_URL = url.toString();
process.env.PORT ??= "8181";
process.env.HOST ??= "127.0.0.1";
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT}`;
process.env.DEMO_RESPONSES ??= "500";
process.env.LOG_LEVEL ??= "warn";
// A local SMS centre (SMPP, the api's own test server) when E2E_SMPP_PORT is given: campaign SMS go
// through it and its delivery receipts come back (tests/e2e/campaigns.spec.ts).
if (process.env.E2E_SMPP_PORT && !process.env.SMPP_URL) {
  const { startSmppServer } = await import("../../api/src/test/smpp-server.js");
  const smsc = await startSmppServer(undefined, { port: Number(process.env.E2E_SMPP_PORT) });
  process.env.SMPP_URL = smsc.url;
}
// E2E_STRIPE_FAKE=1: billing runs against the local Stripe fake (api/src/test/stripe-fake.ts) on
// E2E_STRIPE_PORT (default the server's port + 1000), which delivers its webhooks to this server.
if (process.env.E2E_STRIPE_FAKE === "1") {
  const { StripeFake } = await import("../../api/src/test/stripe-fake.js");
  const fake = new StripeFake({ webhookUrl: `${process.env.PUBLIC_URL}/api/v5/stripe/webhook`, autoDeliver: true });
  await fake.start(Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.PORT) + 1000));
  Object.assign(process.env, fake.env());
  // No publishable key: the card form is the test stand-in (web/src/billing/cardCollector.ts).
  delete process.env.STRIPE_PUBLISHABLE_KEY;
}
await import("../../api/src/main.js");
