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
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { JSONWebKeySet } from "jose";
import Provider, { errors, type Account, type BaseToken, type Client, type KoaContextWithOIDC, type Session } from "oidc-provider";
import type { Config } from "../config.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { CLAIMS_BY_SCOPE, findAccount, findAccountEmail } from "./accounts.js";
import { createPrismaAdapterFactory, pruneExpiredOidcPayloads } from "./adapter.js";
import { chooseLocale } from "./i18n.js";
import { registerInteractionRoutes } from "./interactions.js";
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from "./keys.js";
import { LoginThrottle } from "./throttle.js";
import { renderErrorPage, renderSignedOutPage, renderSignOutPage } from "./views.js";

export const OIDC_PATH = "/oidc";
/** Remember me: the provider session lasts this long (spec: 48 hours). */
export const REMEMBERED_SESSION_TTL_S = 48 * 60 * 60;
/** Without remember me the cookie ends with the browser; the server keeps the session this long. */
export const BROWSER_SESSION_TTL_S = 12 * 60 * 60;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** The scope our API's access tokens carry (the resource server's only scope). */
export const API_SCOPE = "api";
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

export async function createEmbeddedOidc(opts: EmbeddedOidcOptions): Promise<EmbeddedOidc> {
  const { config, prisma } = opts;
  const issuer = `${config.publicUrl}${OIDC_PATH}`;
  const { clientId, audience } = config.oidc;
  const throttle = opts.throttle ?? new LoginThrottle();

  if (!URL.canParse(audience)) {
    throw new Error(`OIDC_AUDIENCE must be an absolute URI to serve as the resource indicator, got "${audience}"`);
  }

  const [signingKeys, cookieKeys] = await Promise.all([
    loadOrCreateSigningKeys(prisma),
    loadOrCreateCookieKeys(prisma, config.sessionSecret),
  ]);

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
        response_types: ["code"],
        redirect_uris: [`${config.publicUrl}/auth-callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/logout`],
      },
    ],
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
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const locale = chooseLocale({ uiLocales: ctx.oidc.params.ui_locales, acceptLanguage: acceptLanguage(ctx) });
          ctx.type = "html";
          ctx.body = renderSignOutPage(locale, form);
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
      const grant =
        existing && existing.accountId === accountId ? existing : new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
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
    extraTokenClaims: async (_ctx: KoaContextWithOIDC, token: BaseToken) => {
      if (token.kind !== "AccessToken" || typeof token.accountId !== "string") return undefined;
      const email = await findAccountEmail(prisma, token.accountId);
      return email ? { email } : undefined;
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
  // Behind a TLS-terminating proxy, honour X-Forwarded-Proto/Host so URLs and Secure cookies are right.
  provider.proxy = true;

  return {
    provider,
    issuer,
    jwks: async () => signingKeys.publicJwks,
    async mount(app: FastifyInstance) {
      provider.on("server_error", (_ctx: unknown, error: unknown) => app.log.error({ err: error }, "oidc provider error"));

      // The provider reads its own request bodies: in this scope no body is parsed by fastify.
      const handler = provider.callback();
      await app.register(async (scope) => {
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
        scope.all(OIDC_PATH, forward);
        scope.all(`${OIDC_PATH}/*`, forward);
      });

      await registerInteractionRoutes(app, { provider, prisma, throttle, config, basePath: OIDC_PATH });

      // Expired rows are invisible already; delete them now and then.
      const timer = setInterval(() => {
        pruneExpiredOidcPayloads(prisma).catch((err: unknown) => app.log.warn({ err }, "pruning expired OIDC rows failed"));
      }, 60 * 60 * 1000);
      timer.unref();
      app.addHook("onClose", async () => clearInterval(timer));
    },
  };
}
