// The embedded OpenID provider end to end: real PostgreSQL (a database of its own, migrated, dropped
// at the end), real HTTP on 127.0.0.1, the real authorization-code + PKCE flow.
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokenVerifier, InvalidAccessTokenError } from "../auth/access-tokens.js";
import { skipWithout } from "../test/services.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createTestDatabase, createUser, startOidcApp, type RunningOidc, type TestDb } from "../test/oidc-app.js";
import { CookieJar, pageError, refresh, SignInError, signInWithPassword } from "../test/oidc-login.js";
import { PrismaOidcAdapter, pruneExpiredOidcPayloads } from "./adapter.js";
import { COOKIE_NAMES } from "./provider.js";

const hasPostgres = !skipWithout("PostgreSQL");

async function countIssued(prisma: PrismaClient): Promise<number> {
  return prisma.oidcPayload.count({ where: { type: { in: ["AuthorizationCode", "AccessToken", "RefreshToken", "Grant"] } } });
}

/** Fetches the sign-in page of a new authorization request (following redirects by hand). */
async function openSignInPage(baseUrl: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  const authorize = new URL(`${baseUrl}/oidc/auth`);
  const params = {
    client_id: "feedback-web",
    redirect_uri: `${baseUrl}/auth-callback`,
    response_type: "code",
    scope: "openid email profile",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSZw4Ev4k3Xg9vvQ",
    code_challenge_method: "S256",
    state: "s",
    ...query,
  };
  for (const [k, v] of Object.entries(params)) if (v) authorize.searchParams.set(k, v);
  let url = authorize.href;
  for (let i = 0; i < 5; i++) {
    const cookie = jar.headerFor(url);
    const response = await fetch(url, { redirect: "manual", headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    jar.store(response);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    return { status: response.status, html: await response.text(), url, jar };
  }
  throw new Error("too many redirects");
}

describe.skipIf(!hasPostgres)("embedded OpenID provider", () => {
  let db: TestDb;
  let main: RunningOidc;
  let user: { id: string; email: string };
  const password = "correct horse battery staple";

  beforeAll(async () => {
    db = await createTestDatabase("main");
    user = await createUser(db.prisma, "Ada.Lovelace@Example.com", password, { displayName: "Ada Lovelace", locale: "fi" });
    main = await startOidcApp(db.prisma);
  });

  afterAll(async () => {
    await main?.close();
    await db?.drop();
  });

  const verifierFor = (running: RunningOidc) =>
    createAccessTokenVerifier({ issuer: running.oidc.issuer, audience: running.config.oidc.audience, jwks: () => running.oidc.jwks() });

  it("signs in with code + PKCE and issues a JWT access token the verifier accepts", async () => {
    const tokens = await signInWithPassword(main.baseUrl, "ada.lovelace@example.com", password);
    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ typ: "at+jwt", alg: "RS256" });
    const verified = await verifierFor(main)(tokens.accessToken);
    expect(verified.sub).toBe(user.id);
    expect(verified.email).toBe("ada.lovelace@example.com");
    expect(verified.claims.iss).toBe(`${main.baseUrl}/oidc`);
    expect(verified.claims.aud).toBe(`${main.baseUrl}/api`);
    expect(verified.claims.client_id).toBe("feedback-web");

    const idToken = decodeJwt(tokens.idToken);
    expect(idToken).toMatchObject({ sub: user.id, email: user.email, name: "Ada Lovelace", locale: "fi", aud: "feedback-web" });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresIn).toBeGreaterThan(0);
  });

  it("serves discovery and the public keys under /oidc", async () => {
    const discovery = (await (await fetch(`${main.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${main.baseUrl}/oidc`);
    expect(discovery.token_endpoint).toBe(`${main.baseUrl}/oidc/token`);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    const jwks = (await (await fetch(`${main.baseUrl}/oidc/jwks`)).json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual((await main.oidc.jwks()).keys.map((k) => k.kid));
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });

  it("refuses a wrong password with a clear message and issues nothing", async () => {
    const before = await countIssued(db.prisma);
    const error = await signInWithPassword(main.baseUrl, user.email, "wrong password").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).status).toBe(401);
    expect((error as SignInError).message).toBe("The email or password is incorrect.");
    expect((error as SignInError).body).toContain('role="alert"');
    expect(await countIssued(db.prisma)).toBe(before);
    // An unknown email gets the very same answer.
    const unknown = await signInWithPassword(main.baseUrl, "nobody@example.com", password).catch((e: unknown) => e);
    expect((unknown as SignInError).message).toBe("The email or password is incorrect.");
  });

  it("refuses an authorization request without PKCE", async () => {
    const page = await openSignInPage(main.baseUrl, { code_challenge: "", code_challenge_method: "" });
    // The error goes back to the client's redirect_uri, where the fetch loop stops (no such route here).
    expect(page.url.startsWith(`${main.baseUrl}/auth-callback`)).toBe(true);
    expect(new URL(page.url).searchParams.get("error")).toBe("invalid_request");
    expect(new URL(page.url).searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("rotates refresh tokens: the new one works, a reused one is refused and revokes the grant", async () => {
    const first = await signInWithPassword(main.baseUrl, user.email, password);
    const second = await refresh(main.baseUrl, first.refreshToken);
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await verifierFor(main)(second.accessToken)).sub).toBe(user.id);

    const third = await refresh(main.baseUrl, second.refreshToken);
    expect(third.refreshToken).not.toBe(second.refreshToken);

    const reused = await refresh(main.baseUrl, first.refreshToken).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(SignInError);
    expect((reused as SignInError).message).toContain("invalid_grant");
    // Reuse means theft is possible: the whole grant is revoked, including the newest token.
    const afterReuse = await refresh(main.baseUrl, third.refreshToken).catch((e: unknown) => e);
    expect((afterReuse as SignInError).message).toContain("invalid_grant");
  });

  it("keeps state and keys in PostgreSQL: after a restart the refresh token still works, with the same keys", async () => {
    const tokens = await signInWithPassword(main.baseUrl, user.email, password);
    const keysBefore = await main.oidc.jwks();
    const port = Number(new URL(main.baseUrl).port);
    // A restart: a new provider instance on the same database, same public URL.
    await main.close();
    main = await startOidcApp(db.prisma, {}, port);
    expect(await main.oidc.jwks()).toEqual(keysBefore);
    const refreshed = await refresh(main.baseUrl, tokens.refreshToken);
    expect((await verifierFor(main)(refreshed.accessToken)).sub).toBe(user.id);
    // The access token issued before the restart still verifies too.
    expect((await verifierFor(main)(tokens.accessToken)).sub).toBe(user.id);

    // A second process beside it (another port, same database) also accepts the new refresh token.
    const second = await startOidcApp(db.prisma, { OIDC_AUDIENCE: main.config.oidc.audience });
    try {
      expect(await second.oidc.jwks()).toEqual(keysBefore);
      const again = await refresh(second.baseUrl, refreshed.refreshToken);
      const crossCheck = createAccessTokenVerifier({ issuer: second.oidc.issuer, audience: main.config.oidc.audience, jwks: () => main.oidc.jwks() });
      expect((await crossCheck(again.accessToken)).sub).toBe(user.id);
    } finally {
      await second.close();
    }
  });

  it("remember me: a 48-hour persistent session cookie; without it a browser-session cookie", async () => {
    const remembered = await signInWithPassword(main.baseUrl, user.email, password, { rememberMe: true });
    const persistent = remembered.loginSetCookies.find((c) => c.startsWith(`${COOKIE_NAMES.session}=`));
    expect(persistent).toBeDefined();
    const jar = new CookieJar();
    jar.storeHeader(persistent!);
    const cookie = jar.get(COOKIE_NAMES.session)!;
    expect(cookie.maxAge).toBeGreaterThan(47.9 * 3600);
    expect(cookie.maxAge).toBeLessThanOrEqual(48 * 3600);
    const expiresInMs = (cookie.expires?.getTime() ?? 0) - Date.now();
    expect(expiresInMs).toBeGreaterThan(47.9 * 3600 * 1000);
    expect(expiresInMs).toBeLessThanOrEqual(48 * 3600 * 1000 + 5000);
    expect(cookie.httpOnly).toBe(true);

    const transient = await signInWithPassword(main.baseUrl, user.email, password, { rememberMe: false });
    const sessionCookie = transient.loginSetCookies.find((c) => c.startsWith(`${COOKIE_NAMES.session}=`));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie!.toLowerCase()).not.toContain("expires=");
    expect(sessionCookie!.toLowerCase()).not.toContain("max-age=");
  });

  it("an existing session signs in again without the form (silent renewal path)", async () => {
    const first = await signInWithPassword(main.baseUrl, user.email, password, { rememberMe: true });
    // No password needed: the session cookie in the jar is enough.
    const again = await signInWithPassword(main.baseUrl, user.email, "not used", { cookies: first.cookies });
    expect((await verifierFor(main)(again.accessToken)).sub).toBe(user.id);
  });

  it("renders the sign-in page in Finnish and Spanish, English by default", async () => {
    const fi = await openSignInPage(main.baseUrl, { locale: "fi" });
    expect(fi.status).toBe(200);
    expect(fi.html).toContain('<html lang="fi">');
    expect(fi.html).toContain("Kirjaudu sisään");
    expect(fi.html).toContain('<label for="password">Salasana</label>');
    expect(fi.html).toContain("Muista minut");

    const es = await openSignInPage(main.baseUrl, { ui_locales: "es-ES en" });
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain("Iniciar sesión");
    expect(es.html).toContain("Recordarme");
    expect(es.html).toContain(`href="${main.baseUrl}/forgot-password"`);

    const byHeader = await openSignInPage(main.baseUrl, {}, { "accept-language": "de-DE, fi;q=0.8, en;q=0.5" });
    expect(byHeader.html).toContain('<html lang="fi">');

    const fallback = await openSignInPage(main.baseUrl, { locale: "se" });
    expect(fallback.html).toContain('<html lang="en">');
    expect(fallback.html).toContain("Remember me");

    // The page's own language links switch it.
    const switched = await fetch(`${fi.url}?locale=es`, { headers: { cookie: fi.jar.headerFor(fi.url) ?? "" } });
    expect(await switched.text()).toContain('<html lang="es">');
  });

  it("shows a wrong-password message in the page's language", async () => {
    const error = (await signInWithPassword(main.baseUrl, user.email, "nope", { locale: "es" }).catch((e: unknown) => e)) as SignInError;
    expect(error.message).toBe("El correo electrónico o la contraseña no son correctos.");
    expect(error.body).toContain('<html lang="es">');
  });

  it("throttles repeated failures per account", async () => {
    const victim = await createUser(db.prisma, "throttled@example.com", password);
    for (let i = 0; i < 5; i++) {
      const e = (await signInWithPassword(main.baseUrl, victim.email, `guess ${i}`).catch((x: unknown) => x)) as SignInError;
      expect(e.status).toBe(401);
    }
    const blocked = (await signInWithPassword(main.baseUrl, victim.email, password).catch((x: unknown) => x)) as SignInError;
    expect(blocked).toBeInstanceOf(SignInError);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/Too many failed sign-in attempts/);
    // Other accounts are not affected.
    await expect(signInWithPassword(main.baseUrl, user.email, password)).resolves.toBeDefined();
  });

  it("refuses tokens signed by another key, for another audience, of another type, or expired", async () => {
    const tokens = await signInWithPassword(main.baseUrl, user.email, password);
    const verify = verifierFor(main);

    const { privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
    const forged = await new SignJWT({ email: user.email, client_id: "feedback-web" })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: (await main.oidc.jwks()).keys[0]?.kid })
      .setIssuer(main.oidc.issuer)
      .setAudience(main.config.oidc.audience)
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    await expect(verify(forged)).rejects.toBeInstanceOf(InvalidAccessTokenError);

    const otherAudience = createAccessTokenVerifier({ issuer: main.oidc.issuer, audience: "https://elsewhere.example/api", jwks: () => main.oidc.jwks() });
    await expect(otherAudience(tokens.accessToken)).rejects.toBeInstanceOf(InvalidAccessTokenError);

    const otherIssuer = createAccessTokenVerifier({
      issuer: "https://elsewhere.example/oidc",
      audience: main.config.oidc.audience,
      jwks: () => main.oidc.jwks(),
    });
    await expect(otherIssuer(tokens.accessToken)).rejects.toBeInstanceOf(InvalidAccessTokenError);

    // Our own key, but an id token (typ JWT) is not an access token, and expired tokens are refused.
    await expect(verify(tokens.idToken)).rejects.toBeInstanceOf(InvalidAccessTokenError);
    const stored = await db.prisma.oidcSigningKey.findMany();
    const signingJwk = stored.map((row) => row.jwk as JWK).find((jwk) => jwk.kty === "RSA")!;
    const ownKey = await importJWK(signingJwk, "RS256");
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: signingJwk.kid })
      .setIssuer(main.oidc.issuer)
      .setAudience(main.config.oidc.audience)
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(ownKey);
    await expect(verify(expired)).rejects.toThrow(/exp/);
    await expect(verify("not-a-jwt")).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it("signs out through end_session: redirects to /logout and ends the session's refresh tokens", async () => {
    const tokens = await signInWithPassword(main.baseUrl, user.email, password, { rememberMe: true });
    const jar = tokens.cookies;
    const endSession = new URL(`${main.baseUrl}/oidc/session/end`);
    endSession.searchParams.set("id_token_hint", tokens.idToken);
    endSession.searchParams.set("post_logout_redirect_uri", `${main.baseUrl}/logout`);
    const page = await fetch(endSession, { headers: { cookie: jar.headerFor(endSession.href) ?? "" }, redirect: "manual" });
    jar.store(page);
    const html = await page.text();
    expect(page.status).toBe(200);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const confirmed = await fetch(action!, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.headerFor(action!) ?? "" },
      body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`${main.baseUrl}/logout`);
    const afterLogout = await refresh(main.baseUrl, tokens.refreshToken).catch((e: unknown) => e);
    expect((afterLogout as SignInError).message).toContain("invalid_grant");
  });

  it("shows a localised page when the sign-in page is opened without its interaction", async () => {
    const response = await fetch(`${main.baseUrl}/oidc/interaction/doesnotexist`, { headers: { "accept-language": "fi" } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="fi">');
    expect(pageError(html)).toBeUndefined();
  });

  it("stores the provider's models in PostgreSQL: expiry, consumption, lookups and grant revocation", async () => {
    const sessions = new PrismaOidcAdapter(db.prisma, "Session");
    const codes = new PrismaOidcAdapter(db.prisma, "AuthorizationCode");
    const tokens = new PrismaOidcAdapter(db.prisma, "AccessToken");
    await sessions.upsert("s1", { uid: "u1", accountId: user.id }, 60);
    expect(await sessions.findByUid("u1")).toMatchObject({ uid: "u1", accountId: user.id });
    expect(await codes.find("s1")).toBeUndefined(); // keyed by (type, id)

    await codes.upsert("c1", { grantId: "g1", userCode: "ABCD" }, 60);
    expect((await codes.find("c1"))?.consumed).toBeUndefined();
    await codes.consume("c1");
    expect(typeof (await codes.find("c1"))?.consumed).toBe("number");
    expect(await codes.findByUserCode("ABCD")).toMatchObject({ grantId: "g1" });

    await tokens.upsert("t1", { grantId: "g1" }, 60);
    await tokens.upsert("t2", { grantId: "g2" }, 60);
    await tokens.revokeByGrantId("g1");
    expect(await tokens.find("t1")).toBeUndefined();
    expect(await codes.find("c1")).toBeUndefined();
    expect(await tokens.find("t2")).toBeDefined();

    await tokens.upsert("old", { grantId: "g3" }, 60);
    await db.prisma.oidcPayload.update({ where: { type_id: { type: "AccessToken", id: "old" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await tokens.find("old")).toBeUndefined();
    expect(await pruneExpiredOidcPayloads(db.prisma)).toBeGreaterThanOrEqual(1);

    await sessions.destroy("s1");
    expect(await sessions.find("s1")).toBeUndefined();
  });

  describe("an external OpenID provider", () => {
    let externalDb: TestDb;
    let external: RunningOidc;

    beforeAll(async () => {
      externalDb = await createTestDatabase("external");
      await createUser(externalDb.prisma, "grace@example.com", "external password");
      external = await startOidcApp(externalDb.prisma, { OIDC_AUDIENCE: "https://feedback.example/api" });
    });

    afterAll(async () => {
      await external?.close();
      await externalDb?.drop();
    });

    it("is trusted through its jwks_uri; the embedded provider's tokens are refused", async () => {
      const verify = createAccessTokenVerifier({
        issuer: external.oidc.issuer,
        audience: "https://feedback.example/api",
        jwksUri: `${external.oidc.issuer}/jwks`,
      });
      const fromExternal = await signInWithPassword(external.baseUrl, "grace@example.com", "external password");
      const verified = await verify(fromExternal.accessToken);
      expect(verified.email).toBe("grace@example.com");
      expect(verified.claims.iss).toBe(external.oidc.issuer);

      const fromEmbedded = await signInWithPassword(main.baseUrl, user.email, password);
      await expect(verify(fromEmbedded.accessToken)).rejects.toBeInstanceOf(InvalidAccessTokenError);
      // Different keys too: even the external verifier's key set rejects the embedded signature.
      expect((await external.oidc.jwks()).keys[0]?.kid).not.toBe((await main.oidc.jwks()).keys[0]?.kid);
    });
  });
});
