// Forgotten password on the real server: POST /user/reset-password and /confirm, the mail in the
// outbox (and over SMTP in the user's language), sign-in with the new password through the real
// code + PKCE flow, and every way a token can be wrong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { firstLink, startSmtpCapture, waitForOutboxMail, type SmtpCapture } from "../../test/mail.js";
import { refresh, signInWithPassword } from "../../test/oidc-login.js";
import { messages } from "../../domain/validation.js";

const newPassword = "Brand-New-Pass-9!";
const invalidToken = "This password reset link is invalid, already used or expired. Ask for a new link.";

describe.skipIf(noDatabase)("password reset (outbox)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;

  const post = (path: string, body: unknown) =>
    fetch(`${t.baseUrl}/api/v5${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  /** Requests a reset and returns the token from the mailed link. */
  async function requestToken(email: string): Promise<string> {
    const earlier = await t.prisma.mailOutbox.count({ where: { to: email } });
    const response = await post("/user/reset-password", { email });
    expect(response.status).toBe(200);
    await t.jobs.idle();
    expect(await t.prisma.mailOutbox.count({ where: { to: email } })).toBe(earlier + 1);
    const mail = await waitForOutboxMail(t.prisma, email, { kind: "passwordReset" });
    const link = firstLink(mail.text)!;
    expect(link.startsWith(`${t.baseUrl}/reset-password?token=`)).toBe(true);
    return new URL(link).searchParams.get("token")!;
  }

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Reset");
    other = await createOrganizationFixture(t.prisma, "Bystander");
  });
  afterAll(async () => t?.close());

  it("answers the same for a known and an unknown address; only the known one gets a mail", async () => {
    const unknown = `nobody.${Date.now()}@example.test`;
    const known = await post("/user/reset-password", { email: org.users.editorA.email.toUpperCase() });
    const missing = await post("/user/reset-password", { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    const knownBody = await known.json();
    expect(knownBody).toEqual({ message: "password reset link sent" });
    expect(await missing.json()).toEqual(knownBody);

    const mail = await waitForOutboxMail(t.prisma, org.users.editorA.email, { kind: "passwordReset" });
    expect(mail.subject).toBe("Reset your password");
    expect(mail.organizationId).toBe(org.organization.id);
    await t.jobs.idle();
    expect(await t.prisma.mailOutbox.count({ where: { to: unknown } })).toBe(0);
  });

  it("stores only the SHA-256 of a 32-byte token, valid one hour; a new request invalidates the earlier link", async () => {
    const user = org.users.viewerA;
    const first = await requestToken(user.email);
    expect(Buffer.from(first, "base64url")).toHaveLength(32);
    const rows = await t.prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(first).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(first);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    const second = await requestToken(user.email);
    expect(second).not.toBe(first);
    const stale = await post("/user/reset-password/confirm", { token: first, password: newPassword });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toEqual({ error: invalidToken, field: "token" });
  });

  it("refuses an invalid e-mail address with the spec's message", async () => {
    for (const email of ["not-an-address", "", 42]) {
      const response = await post("/user/reset-password", { email });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: messages.invalidEmail, field: "email" });
    }
  });

  it("a good token sets the new password: new one signs in, old one is refused, old sessions end; reuse refused", async () => {
    const user = org.users.adminA;
    const earlier = await signInWithPassword(t.baseUrl, user.email, testPassword);
    const bystanderHash = (await t.prisma.user.findUniqueOrThrow({ where: { id: other.users.adminA.id } })).passwordHash;
    const token = await requestToken(user.email);

    const confirmed = await post("/user/reset-password/confirm", { token, password: newPassword });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).message).toMatch(/Password changed/);

    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordChangedAt).toBeInstanceOf(Date);
    const signedIn = await signInWithPassword(t.baseUrl, user.email, newPassword);
    expect(signedIn.accessToken).toBeTruthy();
    await expect(signInWithPassword(t.baseUrl, user.email, testPassword)).rejects.toThrow();
    // The refresh token of the session signed in with the old password no longer works.
    await expect(refresh(t.baseUrl, earlier.refreshToken)).rejects.toThrow();

    const reused = await post("/user/reset-password/confirm", { token, password: "Another-Pass-7!" });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: invalidToken, field: "token" });
    await expect(signInWithPassword(t.baseUrl, user.email, newPassword)).resolves.toBeTruthy();
    // Another organisation's user is untouched.
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: other.users.adminA.id } })).passwordHash).toBe(bystanderHash);
  });

  it("ends every credential of the old password: access tokens issued before and API keys are refused afterwards", async () => {
    const user = org.users.editorA;
    const before = await signInWithPassword(t.baseUrl, user.email, testPassword);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const getUser = (token: string) => fetch(`${t.baseUrl}/api/v5/user`, { headers: bearer(token) });
    const userinfo = (token: string) => fetch(`${t.baseUrl}/oidc/me`, { headers: bearer(token) });
    const generated = await fetch(`${t.baseUrl}/api/v5/user/api-keys`, {
      method: "POST",
      headers: { ...bearer(before.accessToken), "content-type": "application/json" },
      body: JSON.stringify({ name: "made before the reset" }),
    });
    expect(generated.status).toBe(201);
    const { key, _id: keyId } = (await generated.json()) as { key: string; _id: string };
    expect((await getUser(before.accessToken)).status).toBe(200);
    expect((await getUser(key)).status).toBe(200);
    expect((await userinfo(before.accessToken)).status).toBe(200);

    const token = await requestToken(user.email);
    expect((await post("/user/reset-password/confirm", { token, password: newPassword })).status).toBe(200);

    // The access token (15 minutes of life left) and the key no longer authenticate anyone.
    const refused = await getUser(before.accessToken);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toBe("Not logged in");
    expect((await getUser(key)).status).toBe(401);
    expect((await userinfo(before.accessToken)).status).toBe(401);
    const keyRow = await t.prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(keyRow.revokedAt).toBeInstanceOf(Date);

    // A sign-in with the new password works. JWT iat counts whole seconds and a token of the reset's
    // own second is refused too, so this sign-in happens in a later second.
    const { tokensValidAfter } = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(tokensValidAfter).toBeInstanceOf(Date);
    const nextSecond = Math.floor(tokensValidAfter!.getTime() / 1000) * 1000 + 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextSecond - Date.now() + 20)));
    const after = await signInWithPassword(t.baseUrl, user.email, newPassword);
    expect((await getUser(after.accessToken)).status).toBe(200);
    expect((await userinfo(after.accessToken)).status).toBe(200);
    // Another user's access is untouched.
    const bystander = await signInWithPassword(t.baseUrl, other.users.adminA.email, testPassword);
    expect((await getUser(bystander.accessToken)).status).toBe(200);
  });

  it("refuses an expired token and changes nothing", async () => {
    const user = org.users.adminB;
    const token = await requestToken(user.email);
    await t.prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const response = await post("/user/reset-password/confirm", { token, password: newPassword });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: invalidToken, field: "token" });
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
  });

  it("refuses a weak password with the spec's message, and the token still works afterwards", async () => {
    const user = org.users.admin;
    const token = await requestToken(user.email);
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    for (const password of ["short1!", "alllowercase1!", "NoNumber!!", "NoSpecial123", ""]) {
      const response = await post("/user/reset-password/confirm", { token, password });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: messages.weakPassword(8), field: "password" });
    }
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(before.passwordHash);
    const ok = await post("/user/reset-password/confirm", { token, password: newPassword });
    expect(ok.status).toBe(200);
  });

  it("refuses unknown and missing tokens", async () => {
    for (const body of [{ token: "x".repeat(43), password: newPassword }, { password: newPassword }, { token: "", password: newPassword }]) {
      const response = await post("/user/reset-password/confirm", body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe(invalidToken);
    }
  });

  it("rate-limits requests per address, known or not, with 429", async () => {
    const unknown = `limited.${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("/user/reset-password", { email: unknown })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post("/user/reset-password", { email: unknown });
    expect((await limited.json()).error).toMatch(/^Too many password reset requests\. Try again in \d+ minutes?\.$/);
  });
});

describe.skipIf(noDatabase)("password reset mail over SMTP", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let org: OrganizationFixture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    org = await createOrganizationFixture(t.prisma, "SmtpReset");
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("arrives in the user's language with a working link", async () => {
    const user = org.users.editorA;
    await t.prisma.user.update({ where: { id: user.id }, data: { locale: "fi" } });
    const response = await fetch(`${t.baseUrl}/api/v5/user/reset-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    expect(response.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe("Vaihda salasanasi");
    expect(mail.language).toBe("fi");
    const token = new URL(firstLink(mail.text)!).searchParams.get("token")!;
    const confirm = await fetch(`${t.baseUrl}/api/v5/user/reset-password/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password: newPassword }),
    });
    expect(confirm.status).toBe(200);
    await expect(signInWithPassword(t.baseUrl, user.email, newPassword)).resolves.toBeTruthy();
  });
});
