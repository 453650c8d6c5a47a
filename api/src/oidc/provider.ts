// The embedded OpenID provider (oidc-provider) at `${publicUrl}/oidc`, served by our fastify app.
//
// - One first-party public client (config.oidc.clientId, the web app): authorization code + PKCE,
//   refresh tokens rotated on every use (a reused refresh token revokes the whole grant).
// - Access tokens are JWTs (typ at+jwt) for the resource config.oidc.audience, carrying sub (our
//   User.id) and email; id tokens carry email, name and locale by scope.
// - State lives in PostgreSQL (OidcPayload); signing and cookie keys are generated once and stored
//   (OidcSigningKey). Several api processes can share one database.
// - Sessions: "remember me" keeps the sign-in 48 hours with a persistent cookie; without it the
//   cookie ends with the browser session (and the server forgets the session after 12 hours).
//   Refresh tokens end with the session they were issued in (and after 48 hours at most).
// - Discovery offers only what we serve: the code flow (no implicit or hybrid), answered by query or
//   form_post. Every URL the provider writes comes from PUBLIC_URL, never from request headers.
// - The userinfo endpoint accepts our JWT access tokens (audience: our API): see `serveUserinfo`.
// - A sign-out request asks the person to confirm unless it carries an id_token_hint of the signed-in
//   person and a registered post_logout_redirect_uri (README.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { JSONWebKeySet } from "jose";
import Provider, { errors, type Account, type BaseToken, type Client, type Grant, type KoaContextWithOIDC, type Session } from "oidc-provider";
import type { Config } from "../config.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createAccessTokenVerifier } from "../auth/access-tokens.js";
import { issuedBeforeBarrier } from "../auth/token-barrier.js";
import { CLAIMS_BY_SCOPE, claimsForScopes, findAccount, findAccountEmail, findAccountRow } from "./accounts.js";
import { createPrismaAdapterFactory, pruneExpiredOidcPayloads } from "./adapter.js";
import { chooseLocale } from "./i18n.js";
import { registerInteractionRoutes } from "./interactions.js";
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from "./keys.js";
import { LoginThrottle } from "./throttle.js";
import { followsReachedAddress, publicUrlFor } from "../http/public-address.js";
import { renderConfirmSignOutPage, renderErrorPage, renderSignedOutPage, renderSignOutPage, SIGN_OUT_SCRIPT_CSP_SOURCE } from "./views.js";

const OIDC_PATH = "/oidc";
/** Remember me: the provider session lasts this long (spec: 48 hours). */
const REMEMBERED_SESSION_TTL_S = 48 * 60 * 60;
/** Without remember me the cookie ends with the browser; the server keeps the session this long. */
const BROWSER_SESSION_TTL_S = 12 * 60 * 60;
const ACCESS_TOKEN_TTL_S = 15 * 60;
/** The scope our API's access tokens carry (the resource server's only scope). */
const API_SCOPE = "api";
/** The only authorization response type: the code flow (no implicit, no hybrid). */
const RESPONSE_TYPES = ["code"] as const;
/** How the code comes back: in the redirect's query, or posted by a form (never in a fragment). */
const RESPONSE_MODES = ["query", "form_post"] as const;
export const COOKIE_NAMES = {
  session: "feedback_oidc_session",
  interaction: "feedback_oidc_interaction",
  resume: "feedback_oidc_resume",
} as const;

export type EmbeddedOidc = {
  provider: Provider;
  /** `${config.publicUrl}/oidc` */
  issuer: string;
  /** Serves everything under /oidc (protocol endpoints and the sign-in pages) on this app. */
  mount(app: FastifyInstance): Promise<void>;
  /** The public signing keys (what /oidc/jwks serves). */
  jwks(): Promise<JSONWebKeySet>;
};

export type EmbeddedOidcOptions = {
  config: Config;
  prisma: PrismaClient;
  /** Sign-in throttling; a fresh in-memory one by default. */
  throttle?: LoginThrottle;
};

/**
 * oidc-provider gives a remembered session cookie an Expires attribute only; add the equivalent
 * Max-Age (which browsers prefer and which does not depend on the client's clock). Session cookies
 * without Expires (no "remember me") are left as they are: they end with the browser session.
 */
function addMaxAgeToPersistentSessionCookie(res: ServerResponse): void {
  const sessionCookie = new RegExp(`^${COOKIE_NAMES.session}(?:\\.sig)?=`);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  // The provider edits its Set-Cookie list in place until the very end: rewrite it as headers go out.
  res.writeHead = ((...args: unknown[]) => {
    const value = res.getHeader("set-cookie");
    if (Array.isArray(value) || typeof value === "string") {
      const cookies = (typeof value === "string" ? [value] : value).map((cookie) => {
        if (!sessionCookie.test(cookie) || /;\s*max-age=/i.test(cookie)) return cookie;
        const expires = /;\s*expires=([^;]+)/i.exec(cookie)?.[1];
        if (!expires) return cookie;
        const seconds = Math.floor((new Date(expires).getTime() - Date.now()) / 1000);
        return Number.isFinite(seconds) && seconds > 0 ? `${cookie}; max-age=${seconds}` : cookie;
      });
      res.setHeader("set-cookie", cookies);
    }
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

function acceptLanguage(ctx: KoaContextWithOIDC): string | undefined {
  return ctx.get("accept-language") || undefined;
}

/** Headers that could make the provider believe it is addressed under another name or protocol. */
const ADDRESSING_HEADERS = ["forwarded", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-for", "x-real-ip"];

/**
 * The provider (a Koa app with `proxy = true`) builds every URL it writes (discovery's endpoints,
 * redirects, form actions) from the request's Host and X-Forwarded-* headers, and marks cookies
 * Secure by X-Forwarded-Proto. The issuer is configured (PUBLIC_URL), so those headers are replaced
 * by the public address before the provider sees the request, whoever sent them. The client address
 * it sees is fastify's `request.ip`, which believes forwarded addresses only as TRUST_PROXY allows.
 */
function pinToPublicAddress(request: FastifyRequest, publicUrl: URL): void {
  const clientAddress = request.ip;
  const headers = request.raw.headers;
  for (const name of ADDRESSING_HEADERS) delete headers[name];
  headers.host = publicUrl.host;
  headers["x-forwarded-host"] = publicUrl.host;
  headers["x-forwarded-proto"] = publicUrl.protocol.replace(/:$/, "");
  if (clientAddress) headers["x-forwarded-for"] = clientAddress;
}

/** The OpenID Connect scopes (openid, email, profile) of the authorization a token is issued from. */
function openIdScopeOfTokenRequest(ctx: KoaContextWithOIDC | undefined): string | undefined {
  const oidc = ctx?.oidc;
  const grant = oidc?.entities.Grant as unknown as Grant | undefined;
  const source = oidc?.entities.AuthorizationCode ?? oidc?.entities.RefreshToken;
  if (!oidc || !grant || !source) return undefined;
  const requested = oidc.params.scope ? oidc.requestParamScopes : (source as unknown as { scopes: Set<string> }).scopes;
  return grant.getOIDCScopeFiltered(requested) || undefined;
}

function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

export async function createEmbeddedOidc(opts: EmbeddedOidcOptions): Promise<EmbeddedOidc> {
  const { config, prisma } = opts;
  const issuer = `${config.publicUrl}${OIDC_PATH}`;
  const { clientId, audience } = config.oidc;
  const throttle = opts.throttle ?? new LoginThrottle();

  if (!URL.canParse(audience)) {
    throw new Error(`OIDC_AUDIENCE must be an absolute URI to serve as the resource indicator, got "${audience}"`);
  }

  const [signingKeys, cookieKeys] = await Promise.all([loadOrCreateSigningKeys(prisma), loadOrCreateCookieKeys(prisma, config.sessionSecret)]);

  const provider = new Provider(issuer, {
    adapter: createPrismaAdapterFactory(prisma),
    jwks: signingKeys.privateJwks,
    cookies: {
      names: COOKIE_NAMES,
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    clients: [
      {
        client_id: clientId,
        client_name: "Feedback platform",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: [...RESPONSE_TYPES],
        response_modes: [...RESPONSE_MODES],
        redirect_uris: loopbackVariants(config.publicUrl).map((origin) => `${origin}/auth-callback`),
        post_logout_redirect_uris: loopbackVariants(config.publicUrl).map((origin) => `${origin}/logout`),
      },
    ],
    // Browsers call the token, userinfo and revocation endpoints from the application's origin: the
    // registered callback's, or in development the origin the server is reached at.
    clientBasedCORS: (ctx: KoaContextWithOIDC, origin: string, client: Client) => {
      if (origin === "null") return false;
      const registered = (client as unknown as { redirectUris?: string[] }).redirectUris ?? [];
      if (registered.some((uri) => URL.canParse(uri) && new URL(uri).origin === origin)) return true;
      const href = (ctx as unknown as { href?: string }).href;
      return followsReachedAddress(config) && Boolean(href) && URL.canParse(href as string) && new URL(href as string).origin === origin;
    },
    responseTypes: [...RESPONSE_TYPES],
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "email", "profile", API_SCOPE],
    claims: {
      openid: [...CLAIMS_BY_SCOPE.openid],
      email: [...CLAIMS_BY_SCOPE.email],
      profile: [...CLAIMS_BY_SCOPE.profile],
    },
    // `locale` on the authorization request chooses the sign-in page's language (like ui_locales).
    extraParams: ["locale"],
    discovery: { ui_locales_supported: ["en", "es", "fi"] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => findAccount(prisma, sub),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Requests that name no resource get our API: the web client needs no extra parameter.
        defaultResource: async (_ctx: KoaContextWithOIDC, _client: Client, oneOf?: string[]) => oneOf ?? audience,
        // The token endpoint uses the resource granted at authorization (so refreshes keep JWTs).
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContextWithOIDC, resourceIndicator: string) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: "jwt",
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Shown while someone is signed in. A link from anywhere must not sign people out: without an
        // id_token_hint naming the signed-in person and a registered post_logout_redirect_uri (which
        // the provider has checked by now), the person confirms with a button. Otherwise the
        // application asked on their behalf, and the page proceeds by itself.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const locale = chooseLocale({ uiLocales: ctx.oidc.params.ui_locales, acceptLanguage: acceptLanguage(ctx) });
          const hint = ctx.oidc.entities.IdTokenHint as unknown as { payload?: { sub?: unknown } } | undefined;
          const accountId = ctx.oidc.session.accountId;
          const requestedByApplication = Boolean(accountId) && hint?.payload?.sub === accountId && typeof ctx.oidc.params.post_logout_redirect_uri === "string";
          ctx.type = "html";
          ctx.set("x-frame-options", "DENY");
          ctx.set(
            "content-security-policy",
            `default-src 'none'; style-src 'unsafe-inline'; script-src ${requestedByApplication ? SIGN_OUT_SCRIPT_CSP_SOURCE : "'none'"}; frame-ancestors 'none'; base-uri 'none'`,
          );
          ctx.body = requestedByApplication ? renderSignOutPage(locale, form) : renderConfirmSignOutPage(locale, form, config.publicUrl);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          const locale = chooseLocale({ acceptLanguage: acceptLanguage(ctx) });
          ctx.type = "html";
          ctx.body = renderSignedOutPage(locale, config.publicUrl);
        },
      },
    },
    // Our own client is trusted: consent is granted without asking. The grant is created (or
    // extended) here, so the consent prompt never shows for it.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      if (!client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const accountId = ctx.oidc.account?.accountId;
      if (client.clientId !== clientId || !accountId) return existing;
      const grant = existing && existing.accountId === accountId ? existing : new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      const oidcScope = [...ctx.oidc.requestParamOIDCScopes].join(" ");
      if (oidcScope) grant.addOIDCScope(oidcScope);
      for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers)) {
        if (server) grant.addResourceScope(indicator, server.scope);
      }
      await grant.save();
      return grant;
    },
    // Refresh tokens for our client without asking for offline_access; they end with the session.
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: Client & { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    formats: {
      customizers: {
        // Our JWT access tokens also serve the userinfo endpoint (`serveUserinfo`): their `scope`
        // names the OpenID Connect scopes granted with them beside the API's own.
        jwt: async (ctx: KoaContextWithOIDC | undefined, token: BaseToken, jwt: { payload: Record<string, unknown> }) => {
          if (token.kind !== "AccessToken") return;
          const openIdScope = openIdScopeOfTokenRequest(ctx);
          if (!openIdScope) return;
          const current = typeof jwt.payload.scope === "string" ? jwt.payload.scope.split(" ").filter(Boolean) : [];
          jwt.payload.scope = [...new Set([...openIdScope.split(" "), ...current])].join(" ");
        },
      },
    },
    // The token's grant ("gid"): signing out deletes it, and the API refuses the token from then on
    // (auth/authenticate.ts; a server keeping it in memory hears of the deletion: auth/access-cache.ts).
    extraTokenClaims: async (_ctx: KoaContextWithOIDC, token: BaseToken & { grantId?: string }) => {
      if (token.kind !== "AccessToken" || typeof token.accountId !== "string") return undefined;
      const email = await findAccountEmail(prisma, token.accountId);
      const grant = typeof token.grantId === "string" ? { gid: token.grantId } : {};
      return email ? { email, ...grant } : { ...grant };
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      // Rotated refresh tokens inherit what is left of the first one: 48 hours from sign-in.
      RefreshToken: (ctx: KoaContextWithOIDC | undefined) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : REMEMBERED_SESSION_TTL_S;
      },
      // Counted from the sign-in, not from the last use: remember me means 48 hours.
      Session: (_ctx: KoaContextWithOIDC, session: Session & { loginTs?: number }) => {
        if (!session.accountId || !session.loginTs) return 60 * 60;
        const lifetime = session.transient ? BROWSER_SESSION_TTL_S : REMEMBERED_SESSION_TTL_S;
        return Math.max(1, session.loginTs + lifetime - Math.floor(Date.now() / 1000));
      },
    },
    interactions: {
      url: async (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${OIDC_PATH}/interaction/${interaction.uid}`,
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      const locale = chooseLocale({ acceptLanguage: acceptLanguage(ctx) });
      ctx.type = "html";
      ctx.body = renderErrorPage(locale, config.publicUrl, { error: out.error, description: out.error_description });
    },
  });
  // The provider reads the address it is reached at from X-Forwarded-Host/-Proto, which
  // `pinToPublicAddress` sets from PUBLIC_URL on every request (URLs and Secure cookies follow it).
  provider.proxy = true;
  // In development the provider answers at whatever address the server is reached (a phone on the
  // network, 127.0.0.1): its URLs follow the request, and the application's callback and sign-out
  // pages at that same address are accepted. The issuer identifier (tokens' `iss`) stays PUBLIC_URL's.
  const addressOf = (request: FastifyRequest) => new URL(publicUrlFor(config, request));
  if (followsReachedAddress(config)) acceptReachedAddress(provider, new URL(config.publicUrl).pathname.replace(/\/+$/, ""));

  // Discovery: the response modes we serve (the provider's list is fixed and includes "fragment").
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route === "discovery" && ctx.body && typeof ctx.body === "object") {
      (ctx.body as Record<string, unknown>).response_modes_supported = [...RESPONSE_MODES];
    }
  });

  const verifyAccessToken = createAccessTokenVerifier({ issuer, audience, jwks: async () => signingKeys.publicJwks });

  /**
   * The userinfo endpoint for our JWT access tokens. oidc-provider answers only tokens it stores and
   * that carry no audience (its rule: a token for a resource server is not for userinfo), so every
   * token we issue (JWT, audience: our API, not stored) got 401. Here such a token is verified like
   * the API verifies it, must carry the `openid` scope, must belong to an existing account and be
   * newer than the account's last password reset; the answer holds the claims of the token's scopes.
   * Anything else (no bearer token, an opaque token) goes to the provider's own endpoint.
   */
  async function serveUserinfo(request: FastifyRequest, reply: FastifyReply, forward: (request: FastifyRequest, reply: FastifyReply) => void) {
    const token = bearerOf(request.headers.authorization);
    if (token?.split(".").length !== 3) return forward(request, reply);
    const refuse = (status: number, error: string, description: string, extra = "") => {
      const challenge = `Bearer realm="${issuer}", error="${error}", error_description="${description}"${extra}`;
      return reply.code(status).header("cache-control", "no-store").header("www-authenticate", challenge).send({ error, error_description: description });
    };
    let claims: Record<string, unknown>;
    let sub: string;
    try {
      ({ sub, claims } = await verifyAccessToken(token));
    } catch {
      return refuse(401, "invalid_token", "invalid token provided");
    }
    const scopes = new Set(typeof claims.scope === "string" ? claims.scope.split(" ") : []);
    if (!scopes.has("openid")) return refuse(403, "insufficient_scope", "access token missing openid scope", ', scope="openid"');
    const account = await findAccountRow(prisma, sub);
    if (!account || issuedBeforeBarrier(claims.iat, account.tokensValidAfter)) {
      return refuse(401, "invalid_token", "invalid token provided");
    }
    return reply.header("cache-control", "no-store").send(claimsForScopes(account, scopes));
  }

  return {
    provider,
    issuer,
    jwks: async () => signingKeys.publicJwks,
    async mount(app: FastifyInstance) {
      provider.on("server_error", (_ctx: unknown, error: unknown) => app.log.error({ err: error }, "oidc provider error"));

      // The provider reads its own request bodies: in this scope no body is parsed by fastify.
      const handler = provider.callback();
      await app.register(async (oidcScope) => {
        // Everything under /oidc (protocol endpoints and our interaction pages) is addressed by PUBLIC_URL.
        oidcScope.addHook("onRequest", async (request) => pinToPublicAddress(request, addressOf(request)));
        await oidcScope.register(async (scope) => {
          scope.removeAllContentTypeParsers();
          scope.addContentTypeParser("*", (_request: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) =>
            done(null, undefined),
          );
          const forward = (request: FastifyRequest, reply: FastifyReply) => {
            const raw = request.raw as IncomingMessage & { originalUrl?: string };
            const url = raw.url ?? OIDC_PATH;
            // The provider derives its mount path from originalUrl minus url (as under express).
            raw.originalUrl = url;
            raw.url = url.slice(OIDC_PATH.length) || "/";
            if (!raw.url.startsWith("/")) raw.url = `/${raw.url}`;
            reply.hijack();
            addMaxAgeToPersistentSessionCookie(reply.raw);
            handler(raw, reply.raw);
          };
          scope.get(`${OIDC_PATH}/me`, (request, reply) => serveUserinfo(request, reply, forward));
          scope.post(`${OIDC_PATH}/me`, (request, reply) => serveUserinfo(request, reply, forward));
          scope.all(OIDC_PATH, forward);
          scope.all(`${OIDC_PATH}/*`, forward);
        });

        await registerInteractionRoutes(oidcScope, { provider, prisma, throttle, config, basePath: OIDC_PATH });
      });

      // Expired rows are invisible already; delete them now and then.
      const timer = setInterval(
        () => {
          pruneExpiredOidcPayloads(prisma).catch((err: unknown) => app.log.warn({ err }, "pruning expired OIDC rows failed"));
        },
        60 * 60 * 1000,
      );
      timer.unref();
      app.addHook("onClose", async () => clearInterval(timer));
    },
  };
}

/**
 * Development: besides the registered addresses, the application's pages at the address the request
 * came to (`/auth-callback` for sign-in, `/logout` after sign-out). The provider asks its client
 * model; the model is this provider's own class, so only this provider is changed.
 */
function acceptReachedAddress(provider: Provider, appPath: string): void {
  const model = (provider as unknown as { Client: { prototype: ClientRedirectChecks } }).Client.prototype;
  const registered = { redirect: model.redirectUriAllowed, postLogout: model.postLogoutRedirectUriAllowed };
  const atReachedAddress = (value: unknown, page: string): boolean => {
    // The request the provider is answering (its URL follows the reached address, pinToPublicAddress).
    const href = (Provider as unknown as { ctx?: { href?: string } }).ctx?.href;
    if (typeof value !== "string" || !href || !URL.canParse(value) || !URL.canParse(href)) return false;
    const url = new URL(value);
    return url.origin === new URL(href).origin && url.pathname === `${appPath}${page}` && !url.search && !url.hash;
  };
  model.redirectUriAllowed = function (this: unknown, value: string) {
    return registered.redirect.call(this, value) || atReachedAddress(value, "/auth-callback");
  };
  model.postLogoutRedirectUriAllowed = function (this: unknown, value: string) {
    return registered.postLogout.call(this, value) || atReachedAddress(value, "/logout");
  };
}

interface ClientRedirectChecks {
  redirectUriAllowed(value: string): boolean;
  postLogoutRedirectUriAllowed(value: string): boolean;
}

/**
 * The web client's addresses: PUBLIC_URL, and when it names this machine (localhost, 127.0.0.1 or
 * [::1]) the same port and path under each of those names, so the app opened at
 * http://127.0.0.1:8080 signs in as well as at http://localhost:8080 (loopback addresses, as RFC
 * 8252 §7.3 treats them). Any other PUBLIC_URL is the one address.
 */
export function loopbackVariants(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"];
  if (!loopback.includes(url.hostname)) return [publicUrl];
  const path = url.pathname.replace(/\/+$/, "");
  return [publicUrl, ...loopback.filter((h) => h !== url.hostname).map((h) => `${url.protocol}//${h}${url.port ? `:${url.port}` : ""}${path}`)];
}
