// The open unsubscribe calls: reading a token's state changes nothing, the click and the RFC 8058
// one-click POST put the address on the block list once (a second click answers the same), a GET of
// the one-click address never unsubscribes, a tampered token is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { listUnsubscribeHeaders, signUnsubscribeToken } from "../../domain/campaigns/unsubscribe/token.js";
import { unsubscribeMessages } from "../../domain/campaigns/unsubscribe/unsubscribe.js";
import { withUnsubscribeSecret } from "../../domain/campaigns/unsubscribe/secret.js";
import { loadConfig } from "../../config.js";

describe.skipIf(noDatabase)("unsubscribe (REST, open)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  const call = (method: string, path: string, body?: unknown) => apiCall(t.baseUrl, method, path, undefined, body);
  const blocked = (email: string) => t.prisma.blockedContact.findMany({ where: { organizationId: org.organization.id, email } });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Sender");
  });
  afterAll(async () => t?.close());

  it("shows the masked address and organisation, then unsubscribes once; a second click answers the same", async () => {
    const email = `Reader.${Date.now()}@Example.org`;
    const token = signUnsubscribeToken(t.config, { organizationId: org.organization.id, email });
    const state = await call("GET", `/unsubscribe?token=${token}`);
    expect(state).toEqual({ status: 200, body: { maskedEmail: "r***@e***.org", organizationName: org.organization.name, unsubscribed: false } });
    expect(await blocked(email.toLowerCase())).toHaveLength(0);

    const first = await call("POST", `/unsubscribe?token=${token}`, {});
    expect(first.body).toEqual({
      maskedEmail: "r***@e***.org",
      organizationName: org.organization.name,
      unsubscribed: true,
      message: unsubscribeMessages.unsubscribed,
    });
    const second = await call("POST", `/unsubscribe?token=${token}`, {});
    expect(second).toEqual(first);
    expect(await blocked(email.toLowerCase())).toHaveLength(1);
    expect((await call("GET", `/unsubscribe?token=${token}`)).body.unsubscribed).toBe(true);
  });

  it("one-click: the List-Unsubscribe address takes a POST of List-Unsubscribe=One-Click; a GET or another body changes nothing", async () => {
    const email = `oneclick.${Date.now()}@example.org`;
    const token = signUnsubscribeToken(t.config, { organizationId: org.organization.id, email });
    const url = /^<(.+)>$/.exec(listUnsubscribeHeaders(t.config, token)["List-Unsubscribe"]!)![1]!;
    expect(url).toBe(`${t.baseUrl}/api/v5/unsubscribe/one-click?token=${token}`);

    expect((await fetch(url)).status).toBe(404);
    const wrongBody = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=Yes" });
    expect(wrongBody.status).toBe(400);
    expect(await blocked(email)).toHaveLength(0);

    const post = () => fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: unsubscribeMessages.unsubscribed });
    expect((await post()).status).toBe(200);
    expect(await blocked(email)).toHaveLength(1);
  });

  it("one-click accepts a multipart/form-data body (RFC 8058)", async () => {
    const email = `multipart.${Date.now()}@example.org`;
    const token = signUnsubscribeToken(t.config, { organizationId: org.organization.id, email });
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await fetch(`${t.baseUrl}/api/v5/unsubscribe/one-click?token=${token}`, { method: "POST", body: form });
    expect(res.status).toBe(200);
    expect(await blocked(email)).toHaveLength(1);
    const wrong = new FormData();
    wrong.set("List-Unsubscribe", "Maybe");
    const other = signUnsubscribeToken(t.config, { organizationId: org.organization.id, email: `x${email}` });
    expect((await fetch(`${t.baseUrl}/api/v5/unsubscribe/one-click?token=${other}`, { method: "POST", body: wrong })).status).toBe(400);
    expect(await blocked(`x${email}`)).toHaveLength(0);
  });

  it("counts only invalid tokens against a client address: many valid one-clicks pass, guessing is stopped", async () => {
    const own = await startTestApp();
    try {
      for (let i = 0; i < 70; i++) {
        const token = signUnsubscribeToken(own.config, { organizationId: org.organization.id, email: `many${i}.${Date.now()}@example.org` });
        const res = await fetch(`${own.baseUrl}/api/v5/unsubscribe/one-click?token=${token}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
        expect(res.status).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await fetch(`${own.baseUrl}/api/v5/unsubscribe?token=guess${i}`)).status);
      expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await own.close();
    }
  }, 60_000);

  it("refuses a tampered token, another installation's token and a token of a deleted organisation, changing nothing", async () => {
    const email = `tamper.${Date.now()}@example.org`;
    const token = signUnsubscribeToken(t.config, { organizationId: org.organization.id, email });
    const [v, , signature] = token.split(".");
    const forged = `${v}.${Buffer.from(JSON.stringify({ o: org.organization.id, e: "ceo@example.org" })).toString("base64url")}.${signature}`;
    const foreignKey = signUnsubscribeToken(loadConfig({ UNSUBSCRIBE_SECRET: "x".repeat(40) }), { organizationId: org.organization.id, email });
    const gone = signUnsubscribeToken(t.config, { organizationId: "ffffffffffffffffffffffff", email });
    for (const bad of [forged, foreignKey, gone, "garbage"]) {
      expect((await call("GET", `/unsubscribe?token=${encodeURIComponent(bad)}`)).body).toEqual({ error: unsubscribeMessages.invalidToken, field: "token" });
      expect((await call("POST", `/unsubscribe?token=${encodeURIComponent(bad)}`, {})).status).toBe(400);
    }
    expect(await t.prisma.blockedContact.count({ where: { email: { in: [email, "ceo@example.org"] } } })).toBe(0);
  });

  it("the generated key is kept in the database: every process (and a restart) signs with the same one", async () => {
    const a = await withUnsubscribeSecret(loadConfig({}), t.prisma);
    const b = await withUnsubscribeSecret(loadConfig({}), t.prisma);
    expect(a.unsubscribe.secret).toBe(b.unsubscribe.secret);
    const fromEnvironment = loadConfig({ UNSUBSCRIBE_SECRET: "y".repeat(40) });
    expect(await withUnsubscribeSecret(fromEnvironment, t.prisma)).toBe(fromEnvironment);
  });
});
