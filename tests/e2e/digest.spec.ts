// The weekly digest of a Finnish user, end to end: the digest code of the server (its database, its
// unsubscribe key) run at a fixed Monday-morning instant, the mail over real SMTP into the capture,
// the mail's link opened in Chromium (the unsubscribe page, in Finnish, changes nothing until the
// click; the click turns the digest off), and the List-Unsubscribe one-click POST (RFC 8058).
// The instant is injected: the server's own scheduler ticks hourly on the real clock.
import { expect, test } from "@playwright/test";
import { startSmtpCapture, type SmtpCapture } from "../../api/src/test/mail.js";
import { createPrisma } from "../../api/src/db/client.js";
import { createMailSender } from "../../api/src/mail/send.js";
import { sendDueDigests } from "../../api/src/domain/digest/digest.js";
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";
import { smtpPort } from "./playwright.config.js";
import { databaseUrl, query } from "./support";

const email = "viewer@demo.example";
// Tuesday noon UTC: the digest of the week starting Monday 2026-03-16 is due in every time zone.
const tick = new Date("2026-03-17T12:00:00Z");

let smtp: SmtpCapture;
let prisma: PrismaClient;
let restoreLocale = "en";
test.beforeAll(async () => {
  smtp = await startSmtpCapture({ port: smtpPort });
  prisma = createPrisma(databaseUrl, { max: 2 });
});
test.afterAll(async () => {
  await query(`UPDATE "User" SET "locale" = $2, "receiveDigest" = false WHERE "email" = $1`, [email, restoreLocale]);
  await prisma?.$disconnect();
  await smtp?.close();
});

const receiveDigest = async () => (await query<{ receiveDigest: boolean }>(`SELECT "receiveDigest" FROM "User" WHERE "email" = $1`, [email]))[0]!.receiveDigest;

test("a Finnish user's weekly digest arrives in Finnish; its page link and the one-click POST turn it off", async ({ page, baseURL }) => {
  const [user] = await query<{ id: string; locale: string; organization: string }>(
    `SELECT u."id", u."locale"::text AS "locale", o."name" AS "organization" FROM "User" u JOIN "Organization" o ON o."id" = u."currentOrganizationId" WHERE u."email" = $1`,
    [email],
  );
  restoreLocale = user!.locale;
  await query(`UPDATE "User" SET "locale" = 'fi', "receiveDigest" = true WHERE "id" = $1`, [user!.id]);
  await query(`DELETE FROM "DigestDelivery" WHERE "userId" = $1`, [user!.id]);
  const [key] = await query<{ k: string }>(`SELECT "jwk"->>'k' AS "k" FROM "OidcSigningKey" WHERE "id" = 'unsubscribe-key'`);
  expect(key?.k, "the server stores its unsubscribe key at start").toBeTruthy();

  // The tick, as the server's digest.tick job runs it, with the server's key; mail.send over SMTP.
  const mail = createMailSender({ config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: "digest@demo.example" }, prisma });
  try {
    const jobs = { enqueue: async (_name: string, payload: unknown) => void (await mail.send(payload as never)) };
    await sendDueDigests({ prisma, config: { publicUrl: baseURL!, unsubscribe: { secret: key!.k, fromEnvironment: false } }, jobs: jobs as never }, tick);
  } finally {
    mail.close();
  }
  const digest = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "weeklyDigest", 30_000);
  expect(digest.language).toBe("fi");
  expect(digest.subject).toBe(`Viikkoraporttisi palautteista: ${user!.organization}`);
  expect(digest.text).toContain("Hei Veera Viewer,");
  expect(digest.text).toContain("viikolta 9.3.2026 – 15.3.2026"); // the week that ended
  expect(digest.text).toContain("Vastauksia tällä viikolla:");

  // The link in the mail opens the unsubscribe page in Finnish; opening it changes nothing.
  const link = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(digest.text)![1]!;
  expect(link).toContain("&locale=fi");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Peruuta tilaus" })).toBeVisible();
  await expect(page.getByText(`saa kyselyviestejä lähettäjältä ${user!.organization}`)).toBeVisible();
  expect(await receiveDigest()).toBe(true);
  await page.getByRole("button", { name: "Peruuta tilaus" }).click();
  await expect(page.getByRole("status")).toContainText(`ei enää saa viestejä lähettäjältä ${user!.organization}`);
  expect(await receiveDigest()).toBe(false);

  // The mail client's one-click unsubscribe from the List-Unsubscribe header (turned on again first).
  await query(`UPDATE "User" SET "receiveDigest" = true WHERE "id" = $1`, [user!.id]);
  const header = digest.parsed.headerLines.find((h) => h.key === "list-unsubscribe")!.line.replace(/\r?\n\s+/g, " ");
  const oneClick = /<([^>]+)>/.exec(header)![1]!;
  const answer = await page.request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } });
  expect(answer.status()).toBe(200);
  expect(await receiveDigest()).toBe(false);
});
