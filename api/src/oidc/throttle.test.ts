// The sign-in throttle on the real server: someone guessing from one address cannot lock the owner
// out (docs/decisions.md "Sign-in throttle"), and a client cannot escape it by naming its own
// address in X-Forwarded-For unless the proxy it names is trusted (TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { SignInError, signInWithPassword } from "../test/oidc-login.js";

const attempt = (t: TestApp, email: string, password: string, forwardedFor?: string) =>
  signInWithPassword(t.baseUrl, email, password, forwardedFor ? { loginHeaders: { "x-forwarded-for": forwardedFor } } : {}).then(
    () => 200,
    (e: unknown) => {
      if (e instanceof SignInError) return e.status;
      throw e;
    },
  );

describe.skipIf(noDatabase)("sign-in throttle behind a trusted proxy (TRUST_PROXY=127.0.0.1)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    org = await createOrganizationFixture(t.prisma, "Throttle");
  });
  afterAll(async () => t?.close());

  it("five wrong passwords from one address block that address, not the owner signing in from another", async () => {
    const email = org.users.admin.email;
    for (let i = 0; i < 5; i++) expect(await attempt(t, email, `guess ${i}`, "198.51.100.66")).toBe(401);
    // The attacker's address is blocked, even with the right password…
    expect(await attempt(t, email, testPassword, "198.51.100.66")).toBe(429);
    // …while the owner, from their own address, signs in.
    expect(await attempt(t, email, testPassword, "203.0.113.20")).toBe(200);
  });
});

describe.skipIf(noDatabase)("sign-in throttle with the default configuration (no proxy trusted)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "NoProxy");
  });
  afterAll(async () => t?.close());

  it("a new X-Forwarded-For on every guess does not escape the throttle", async () => {
    const email = org.users.editorA.email;
    for (let i = 0; i < 5; i++) expect(await attempt(t, email, `guess ${i}`, `198.51.100.${10 + i}`)).toBe(401);
    expect(await attempt(t, email, `guess 6`, "198.51.100.200")).toBe(429);
    expect(await attempt(t, email, testPassword, "192.0.2.1")).toBe(429);
  });
});
