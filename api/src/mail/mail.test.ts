// Mail end to end on the real server: queued as a job, rendered in the recipient's language, sent
// over real SMTP (smtp-server + mailparser on a loopback port) or kept in the outbox without SMTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestApp, noDatabase, type TestApp } from "../test/harness.js";
import { firstLink, startSmtpCapture, waitForOutboxMail, type SmtpCapture } from "../test/mail.js";
import { queueMail, type MailKind } from "./queue-mail.js";
import { renderMail } from "./templates.js";
import type { DomainContext } from "../domain/context.js";
import { createOrganizationFixture, testPassword } from "../test/fixtures.js";
import { signInWithPassword } from "../test/oidc-login.js";

const unique = (name: string) => `${name}.${randomBytes(4).toString("hex")}@example.test`;
const ctxOf = (t: TestApp): DomainContext => ({ prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer: null });

/** Access tokens of a system admin and of an organisation admin who is not one. */
async function outboxReaders(t: TestApp) {
  const org = await createOrganizationFixture(t.prisma, "Outbox");
  await t.prisma.user.update({ where: { id: org.users.viewerA.id }, data: { systemAdmin: true } });
  const [systemAdmin, orgAdmin] = await Promise.all([
    signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword),
    signInWithPassword(t.baseUrl, org.users.admin.email, testPassword),
  ]);
  return { systemAdmin: { authorization: `Bearer ${systemAdmin.accessToken}` }, orgAdmin: { authorization: `Bearer ${orgAdmin.accessToken}` } };
}

describe("mail templates", () => {
  const kinds: MailKind[] = ["signupVerification", "signupExistingAccount", "passwordReset", "invitation"];
  it("every kind has its own subject in en, es and fi, and carries the link in text and HTML", () => {
    for (const kind of kinds) {
      const subjects = new Set<string>();
      for (const locale of ["en", "es", "fi"]) {
        const m = renderMail(kind, locale, { link: "https://app.example/x?token=abc", organizationName: "Acme", inviterName: "Ann", displayName: "Bob" });
        subjects.add(m.subject);
        expect(m.language).toBe(locale);
        expect(m.text).toContain("https://app.example/x?token=abc");
        expect(m.html).toContain('href="https://app.example/x?token=abc"');
        expect(m.html).toContain(`lang="${locale}"`);
      }
      expect(subjects.size).toBe(3);
    }
  });

  it("se (and anything else) reads English", () => {
    expect(renderMail("passwordReset", "se", { link: "l" }).subject).toBe("Reset your password");
    expect(renderMail("passwordReset", "se", { link: "l" }).language).toBe("en");
  });

  it("escapes values in HTML", () => {
    const m = renderMail("invitation", "en", { link: "https://x/?a=1&b=2", inviterName: "<script>x</script>", organizationName: "A&B" });
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;");
    expect(m.html).toContain("https://x/?a=1&amp;b=2");
  });
});

describe.skipIf(noDatabase)("mail over SMTP", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Feedback <no-reply@feedback.test>" } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("delivers each kind in the recipient's language with subject, recipient and link", async () => {
    const cases = [
      { kind: "signupVerification", locale: "fi", subject: "Vahvista sähköpostiosoitteesi" },
      { kind: "passwordReset", locale: "es", subject: "Restablece tu contraseña" },
      { kind: "invitation", locale: "en", subject: "You are invited to Acme" },
    ] as const;
    for (const c of cases) {
      const to = unique(c.kind);
      const link = `${t.baseUrl}/somewhere?token=${randomBytes(16).toString("base64url")}`;
      await queueMail(ctxOf(t), { kind: c.kind, to, locale: c.locale, data: { link, organizationName: "Acme", inviterName: "Ann" } });
      const received = await smtp.waitFor((m) => m.to.includes(to));
      expect(received.subject).toBe(c.subject);
      expect(received.language).toBe(c.locale);
      expect(received.kind).toBe(c.kind);
      // Links into the app open in the mail's language.
      const expected = c.locale === "en" ? link : `${link}&locale=${c.locale}`;
      expect(firstLink(received.text)).toBe(expected);
      expect(received.html).toContain(`href="${expected.replace(/&/g, "&amp;")}"`);
      expect(received.parsed.from?.value[0]?.address).toBe("no-reply@feedback.test");
    }
  });

  it("keeps nothing in the outbox, and the outbox call does not exist", async () => {
    const to = unique("smtp-only");
    await queueMail(ctxOf(t), { kind: "passwordReset", to, locale: "en", data: { link: "http://x" } });
    await smtp.waitFor((m) => m.to.includes(to));
    expect(await t.prisma.mailOutbox.count({ where: { to } })).toBe(0);
    const response = await fetch(`${t.baseUrl}/api/v5/outbox`, { headers: (await outboxReaders(t)).systemAdmin });
    expect(response.status).toBe(404);
    expect((await (await fetch(`${t.baseUrl}/client-config.json`)).json()).mailOutbox).toBe(false);
  });
});

describe.skipIf(noDatabase)("mail job retry on a failing SMTP server", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    // The first delivery attempt is refused with 451; the job must retry and the second arrives.
    smtp = await startSmtpCapture({ refuse: (attempt) => attempt === 1 });
    t = await startTestApp({ env: { SMTP_URL: smtp.url }, retry: { attempts: 3, backoffMs: 200 } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("retries the mail.send job until the server accepts the message", async () => {
    const to = unique("retry");
    await queueMail(ctxOf(t), { kind: "signupVerification", to, locale: "en", data: { link: "http://x/verify" } });
    const received = await smtp.waitFor((m) => m.to.includes(to));
    expect(received.subject).toBe("Verify your e-mail address");
    expect(smtp.attempts).toBe(2);
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});

describe.skipIf(noDatabase)("the outbox (no SMTP_URL)", () => {
  let t: TestApp;
  let as: Awaited<ReturnType<typeof outboxReaders>>;
  beforeAll(async () => {
    t = await startTestApp();
    as = await outboxReaders(t);
  });
  afterAll(async () => t?.close());

  it("is for signed-in system admins only: 401 without sign-in, 403 for anyone else, and shows no mail to them", async () => {
    const to = unique("secret");
    await queueMail(ctxOf(t), { kind: "passwordReset", to, locale: "en", data: { link: `${t.baseUrl}/reset-password?token=secret-token` } });
    await waitForOutboxMail(t.prisma, to);
    const anonymous = await fetch(`${t.baseUrl}/api/v5/outbox`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("secret-token");
    const orgAdmin = await fetch(`${t.baseUrl}/api/v5/outbox`, { headers: as.orgAdmin });
    expect(orgAdmin.status).toBe(403);
    expect(await orgAdmin.json()).toEqual({ error: "Only system administrators can read the outbox" });
    const systemAdmin = await fetch(`${t.baseUrl}/api/v5/outbox?limit=100`, { headers: as.systemAdmin });
    expect(systemAdmin.status).toBe(200);
    expect(JSON.stringify(await systemAdmin.json())).toContain("secret-token");
    // The web's forgot-password page learns from the client configuration that mail stays here.
    expect((await (await fetch(`${t.baseUrl}/client-config.json`)).json()).mailOutbox).toBe(true);
  });

  it("stores the rendered mail with sentAt and lists it newest first to a system admin", async () => {
    const first = unique("outbox-1");
    const second = unique("outbox-2");
    await queueMail(ctxOf(t), {
      kind: "invitation",
      to: first,
      locale: "fi",
      data: { link: `${t.baseUrl}/accept-invitation?token=aaaaaaaaaaaaaaaa`, organizationName: "Oy" },
    });
    const row1 = await waitForOutboxMail(t.prisma, first);
    await queueMail(ctxOf(t), { kind: "passwordReset", to: second, locale: "en", data: { link: `${t.baseUrl}/reset-password?token=bbbb` } });
    const row2 = await waitForOutboxMail(t.prisma, second);
    expect(row1.subject).toBe("Sinut on kutsuttu organisaatioon Oy");
    expect(row1.sentAt).toBeInstanceOf(Date);
    expect(row1.kind).toBe("invitation");

    const response = await fetch(`${t.baseUrl}/api/v5/outbox?limit=100`, { headers: as.systemAdmin });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      items: { _id: string; to: string; subject: string; text: string; createdAt: string }[];
      nextCursor: string | null;
    };
    const ids = page.items.map((i) => i._id);
    expect(ids).toContain(row1.id);
    expect(ids).toContain(row2.id);
    expect(ids.indexOf(row2.id)).toBeLessThan(ids.indexOf(row1.id));
    const times = page.items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.items.find((i) => i._id === row1.id)?.text).toContain(`${t.baseUrl}/accept-invitation?token=aaaaaaaaaaaaaaaa`);
  });

  it("pages with a cursor without repeating or skipping mail", async () => {
    for (let i = 0; i < 3; i++) {
      const to = unique(`page-${i}`);
      await queueMail(ctxOf(t), { kind: "passwordReset", to, locale: "en", data: { link: "http://x" } });
      await waitForOutboxMail(t.prisma, to);
    }
    const firstPage = (await (await fetch(`${t.baseUrl}/api/v5/outbox?limit=2`, { headers: as.systemAdmin })).json()) as {
      items: { _id: string; createdAt: string }[];
      nextCursor: string;
    };
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.nextCursor).toBeTruthy();
    const secondPage = (await (await fetch(`${t.baseUrl}/api/v5/outbox?limit=2&cursor=${firstPage.nextCursor}`, { headers: as.systemAdmin })).json()) as {
      items: { _id: string; createdAt: string }[];
    };
    expect(secondPage.items.length).toBeGreaterThan(0);
    for (const item of secondPage.items) expect(firstPage.items.map((i) => i._id)).not.toContain(item._id);
    expect(Date.parse(secondPage.items[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(firstPage.items[1]!.createdAt));
  });

  it("refuses a bad cursor or limit with a message", async () => {
    const bad = await fetch(`${t.baseUrl}/api/v5/outbox?cursor=nonsense`, { headers: as.systemAdmin });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid cursor", field: "cursor" });
    const limit = await fetch(`${t.baseUrl}/api/v5/outbox?limit=1000`, { headers: as.systemAdmin });
    expect(limit.status).toBe(400);
    expect((await limit.json()).error).toBe("Limit must be at most 100");
  });
});

describe.skipIf(noDatabase)("the outbox in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: "production" } });
  });
  afterAll(async () => t?.close());

  it("does not exist even without SMTP_URL (it would publish reset links)", async () => {
    const response = await fetch(`${t.baseUrl}/api/v5/outbox`, { headers: (await outboxReaders(t)).systemAdmin });
    expect(response.status).toBe(404);
  });
});
