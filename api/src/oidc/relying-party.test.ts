// The embedded provider as a standard relying party sees it: openid-client 6 (a certified client
// library) discovers it, signs in with code + PKCE through our real sign-in page, exchanges and
// refreshes tokens, reads userinfo and builds the sign-out request. Beside it: what discovery
// advertises, that request headers never change the provider's URLs, and the sign-out confirmation.
// Real PostgreSQL (a database of its own), real HTTP on 127.0.0.1.
import { request as httpRequest } from "node:http";
import { decodeJwt } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokenVerifier } from "../auth/access-tokens.js";
import { skipWithout } from "../test/services.js";
import { type CookieJar, completeAuthorization, refresh, type SignInError, signInWithPassword } from "../test/oidc-login.js";
import { createTestDatabase, createUser, startOidcApp, type RunningOidc, type TestDb } from "../test/oidc-app.js";

const hasPostgres = !skipWithout("PostgreSQL");

const password = "relying party password";

/** A GET over node:http, which (unlike fetch) lets the test send any Host header. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Signs in through openid-client: discovery, authorization URL, our sign-in page, code exchange. */
async function signInWithOpenIdClient(running: RunningOidc, email: string, opts: { scope?: string; cookies?: CookieJar } = {}) {
  const config = await client.discovery(new URL(running.oidc.issuer), running.config.oidc.clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const redirectUri = `${running.baseUrl}/auth-callback`;
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: opts.scope ?? "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const { callbackUrl, cookies } = await completeAuthorization(authorizationUrl.href, { email, password, redirectUri, cookies: opts.cookies });
  const tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl), {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return { config, tokens, cookies };
}

describe.skipIf(!hasPostgres)("the embedded provider through a standard relying party (openid-client)", () => {
  let db: TestDb;
  let main: RunningOidc;
  let ada: { id: string; email: string };
  let bob: { id: string; email: string };

  beforeAll(async () => {
    db = await createTestDatabase("rp");
    ada = await createUser(db.prisma, "ada.rp@example.com", password, { displayName: "Ada RP", locale: "es" });
    bob = await createUser(db.prisma, "bob.rp@example.com", password, { displayName: "Bob RP", unverified: true });
    main = await startOidcApp(db.prisma);
  });

  afterAll(async () => {
    await main?.close();
    await db?.drop();
  });

  it("discovers, signs in with code + PKCE, reads userinfo, refreshes, and reads userinfo again", async () => {
    const { config, tokens } = await signInWithOpenIdClient(main, ada.email);
    expect(config.serverMetadata().issuer).toBe(main.oidc.issuer);

    // openid-client has checked the ID token (signature, iss, aud, nonce) by now.
    const idClaims = tokens.claims()!;
    expect(idClaims).toMatchObject({ sub: ada.id, email: ada.email, name: "Ada RP", locale: "es" });

    // The access token is still our API's JWT (audience: the API), which the API accepts.
    const apiVerifier = createAccessTokenVerifier({ issuer: main.oidc.issuer, audience: main.config.oidc.audience, jwks: () => main.oidc.jwks() });
    const verified = await apiVerifier(tokens.access_token);
    expect(verified.sub).toBe(ada.id);
    expect(verified.claims.aud).toBe(main.config.oidc.audience);
    expect(String(verified.claims.scope).split(" ").sort()).toEqual(["email", "openid", "profile"]);

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, ada.id);
    expect(userinfo).toEqual({ sub: ada.id, email: ada.email, email_verified: true, name: "Ada RP", locale: "es" });

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await apiVerifier(refreshed.access_token)).claims.aud).toBe(main.config.oidc.audience);
    expect(await client.fetchUserInfo(config, refreshed.access_token, ada.id)).toEqual(userinfo);
  });

  it("userinfo releases the claims of the token's scopes only, and says email_verified as it is", async () => {
    const openidOnly = await signInWithOpenIdClient(main, ada.email, { scope: "openid" });
    expect(await client.fetchUserInfo(openidOnly.config, openidOnly.tokens.access_token, ada.id)).toEqual({ sub: ada.id });

    const emailOnly = await signInWithOpenIdClient(main, bob.email, { scope: "openid email" });
    expect(await client.fetchUserInfo(emailOnly.config, emailOnly.tokens.access_token, bob.id)).toEqual({
      sub: bob.id,
      email: bob.email,
      email_verified: false,
    });
  });

  it("userinfo refuses a token without the openid scope, a forged or altered token, and a deleted account's", async () => {
    const userinfoUrl = `${main.oidc.issuer}/me`;
    const call = (token: string) => fetch(userinfoUrl, { headers: { authorization: `Bearer ${token}` } });

    const apiOnly = await signInWithPassword(main.baseUrl, ada.email, password, { scope: "api" });
    expect(decodeJwt(apiOnly.accessToken).scope).toBe("api");
    const noOpenId = await call(apiOnly.accessToken);
    expect(noOpenId.status).toBe(403);
    expect(noOpenId.headers.get("www-authenticate")).toMatch(/error="insufficient_scope"/);

    const good = await signInWithPassword(main.baseUrl, ada.email, password);
    const [header, payload, signature] = good.accessToken.split(".");
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(good.accessToken), sub: bob.id })).toString("base64url")}.${signature}`;
    for (const token of [altered, `${header}.${payload}.${"A".repeat(signature!.length)}`, good.idToken]) {
      const refused = await call(token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer realm=".*", error="invalid_token"/);
      expect(await refused.json()).toMatchObject({ error: "invalid_token" });
    }
    expect((await call(good.accessToken)).status).toBe(200);

    const gone = await createUser(db.prisma, "gone.rp@example.com", password);
    const goneTokens = await signInWithPassword(main.baseUrl, gone.email, password);
    expect((await call(goneTokens.accessToken)).status).toBe(200);
    await db.prisma.user.delete({ where: { id: gone.id } });
    expect((await call(goneTokens.accessToken)).status).toBe(401);
  });

  it("discovery advertises the code flow only, and implicit, hybrid and fragment requests are refused", async () => {
    const discovery = (await (await fetch(`${main.oidc.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.response_types_supported).toEqual(["code"]);
    expect(discovery.response_modes_supported).toEqual(["query", "form_post"]);
    expect(discovery.grant_types_supported).toEqual(["authorization_code", "refresh_token"]);
    expect(discovery.userinfo_endpoint).toBe(`${main.oidc.issuer}/me`);

    const authorize = (params: Record<string, string>) => {
      const url = new URL(`${main.oidc.issuer}/auth`);
      const all = {
        client_id: main.config.oidc.clientId,
        redirect_uri: `${main.baseUrl}/auth-callback`,
        scope: "openid",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSZw4Ev4k3Xg9vvQ",
        code_challenge_method: "S256",
        state: "s",
        nonce: "n",
        ...params,
      };
      for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
      return fetch(url, { redirect: "manual" });
    };
    for (const responseType of ["id_token", "code id_token", "id_token token", "code token", "token"]) {
      const refused = await authorize({ response_type: responseType });
      const location = new URL(refused.headers.get("location") ?? "", main.baseUrl);
      // The provider answers the client with an error (in the fragment those response types
      // default to) and issues nothing.
      expect(location.href.startsWith(`${main.baseUrl}/auth-callback`), responseType).toBe(true);
      const answer = new URLSearchParams(location.search || location.hash.slice(1));
      expect(["unsupported_response_type", "invalid_request"], responseType).toContain(answer.get("error"));
      for (const issued of ["code", "id_token", "access_token"]) expect(answer.has(issued), `${responseType}: ${issued}`).toBe(false);
    }
    const fragment = await authorize({ response_type: "code", response_mode: "fragment" });
    const location = new URL(fragment.headers.get("location") ?? "", main.baseUrl);
    const answer = new URLSearchParams(location.search || location.hash.slice(1));
    expect(answer.get("error")).toBe("invalid_request");
    expect(answer.get("error_description")).toMatch(/response_mode/);
    expect(answer.has("code")).toBe(false);
    // The code flow itself still starts: a redirect to our sign-in page.
    const ok = await authorize({ response_type: "code" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toMatch(/^\/oidc\/interaction\//);
  });

  describe("forwarded headers", () => {
    const spoofing = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      forwarded: 'for=203.0.113.9;host="evil.example";proto=https',
    };

    const urlsOf = (discovery: Record<string, unknown>) =>
      Object.entries(discovery).filter(([key, value]) => typeof value === "string" && (key.endsWith("_endpoint") || key.endsWith("_uri") || key === "issuer"));

    it("discovery's endpoints come from PUBLIC_URL whatever Host, X-Forwarded-Host or Forwarded say", async () => {
      const answer = await rawGet(`${main.oidc.issuer}/.well-known/openid-configuration`, spoofing);
      expect(answer.status).toBe(200);
      const urls = urlsOf(JSON.parse(answer.body) as Record<string, unknown>);
      expect(urls.length).toBeGreaterThanOrEqual(7);
      for (const [key, value] of urls) expect(String(value).startsWith(`${main.oidc.issuer}`), `${key}: ${String(value)}`).toBe(true);

      // The sign-out form's action, written from the request, too.
      const signedIn = await signInWithPassword(main.baseUrl, ada.email, password);
      const page = await rawGet(`${main.oidc.issuer}/session/end`, {
        ...spoofing,
        cookie: signedIn.cookies.headerFor(`${main.oidc.issuer}/session/end`) ?? "",
      });
      expect(page.body).toContain(`action="${main.oidc.issuer}/session/end/confirm"`);
      expect(page.body).not.toContain("evil.example");
    });

    it("with TRUST_PROXY set, the provider's URLs still come from PUBLIC_URL", async () => {
      const trusting = await startOidcApp(db.prisma, { TRUST_PROXY: "true" });
      try {
        expect(trusting.config.trustProxy).toBe(true);
        const answer = await rawGet(`${trusting.oidc.issuer}/.well-known/openid-configuration`, spoofing);
        for (const [key, value] of urlsOf(JSON.parse(answer.body) as Record<string, unknown>)) {
          expect(String(value).startsWith(trusting.oidc.issuer), `${key}: ${String(value)}`).toBe(true);
        }
      } finally {
        await trusting.close();
      }
    });
  });

  describe("sign-out (end_session)", () => {
    const endSessionUrl = (params: Record<string, string> = {}) => {
      const url = new URL(`${main.oidc.issuer}/session/end`);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      return url.href;
    };

    async function open(url: string, jar: CookieJar, headers: Record<string, string> = {}) {
      const response = await fetch(url, { headers: { ...headers, cookie: jar.headerFor(url) ?? "" }, redirect: "manual" });
      jar.store(response);
      return { response, html: await response.text() };
    }

    async function confirm(html: string, jar: CookieJar) {
      const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      expect(action && xsrf).toBeTruthy();
      return fetch(action!, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.headerFor(action!) ?? "" },
        body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }).toString(),
      });
    }

    it("a plain link (no id_token_hint) asks to confirm and ends nothing until the person confirms", async () => {
      const signedIn = await signInWithPassword(main.baseUrl, ada.email, password, { rememberMe: true });
      const jar = signedIn.cookies;
      const page = await open(endSessionUrl(), jar, { "accept-language": "en" });
      expect(page.response.status).toBe(200);
      expect(page.html).toContain("<h1>Sign out?</h1>");
      expect(page.html).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>');
      expect(page.html).toContain(`href="${main.baseUrl}">Stay signed in</a>`);
      expect(page.html).not.toContain("<script");
      expect(page.response.headers.get("content-security-policy")).toContain("script-src 'none'");
      expect(page.response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(page.response.headers.get("x-frame-options")).toBe("DENY");

      // Opening the link signed nobody out: the session's refresh token still works.
      const stillValid = await refresh(main.baseUrl, signedIn.refreshToken);

      const confirmed = await confirm(page.html, jar);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.get("location")).toBe(`${main.oidc.issuer}/session/end/success`);
      const after = await refresh(main.baseUrl, stillValid.refreshToken).catch((e: unknown) => e);
      expect((after as SignInError).message).toContain("invalid_grant");
    });

    it("asks in the person's language (fi, es)", async () => {
      const signedIn = await signInWithPassword(main.baseUrl, ada.email, password);
      const fi = await open(endSessionUrl({ ui_locales: "fi" }), signedIn.cookies);
      expect(fi.html).toContain('<html lang="fi">');
      expect(fi.html).toContain("Kirjaudutaanko ulos?");
      expect(fi.html).toContain(">Pysy kirjautuneena</a>");
      const es = await open(endSessionUrl(), signedIn.cookies, { "accept-language": "es-ES,es;q=0.9" });
      expect(es.html).toContain('<html lang="es">');
      expect(es.html).toContain("¿Cerrar sesión?");
    });

    it("a hint of someone else, or no registered post_logout_redirect_uri, also asks to confirm", async () => {
      const adaSession = await signInWithPassword(main.baseUrl, ada.email, password);
      const bobTokens = await signInWithPassword(main.baseUrl, bob.email, password);
      const othersHint = await open(
        endSessionUrl({ id_token_hint: bobTokens.idToken, post_logout_redirect_uri: `${main.baseUrl}/logout` }),
        adaSession.cookies,
      );
      expect(othersHint.html).toContain("<h1>Sign out?</h1>");
      expect(othersHint.html).not.toContain("<script");

      const noRedirect = await open(endSessionUrl({ id_token_hint: adaSession.idToken }), adaSession.cookies);
      expect(noRedirect.html).toContain("<h1>Sign out?</h1>");
      expect(noRedirect.html).not.toContain("<script");
      await expect(refresh(main.baseUrl, adaSession.refreshToken)).resolves.toBeTruthy();
    });

    it("the application's own request (openid-client's end-session URL with id_token_hint) proceeds by itself", async () => {
      const { config, tokens, cookies } = await signInWithOpenIdClient(main, ada.email);
      const url = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${main.baseUrl}/logout` });
      const page = await open(url.href, cookies);
      expect(page.response.status).toBe(200);
      const script = /<script>([\s\S]*?)<\/script>/.exec(page.html)?.[1];
      expect(script).toContain("f.submit()");
      // The CSP allows exactly that script, by its hash.
      const { createHash } = await import("node:crypto");
      const hash = createHash("sha256").update(script!).digest("base64");
      expect(page.response.headers.get("content-security-policy")).toContain(`script-src 'sha256-${hash}'`);
      const confirmed = await confirm(page.html, cookies);
      expect(confirmed.headers.get("location")).toBe(`${main.baseUrl}/logout`);
      await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toThrow();
    });
  });
});
