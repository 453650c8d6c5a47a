// Signs a person in through the real OpenID Connect authorization-code + PKCE flow over HTTP, as a
// browser would (redirects followed by hand, cookies kept in a small jar), without a browser.
// Integration tests use it to get genuine access, refresh and id tokens from the embedded provider.
//
//   const { accessToken } = await signInWithPassword(baseUrl, "ada@example.com", "secret-password");
//   await fetch(`${baseUrl}/graphql`, { headers: { authorization: `Bearer ${accessToken}` }, ... });
//
// `baseUrl` is the app's public URL (config.publicUrl); the issuer is `${baseUrl}/oidc`.
import { createHash, randomBytes } from "node:crypto";

export const DEFAULT_CLIENT_ID = "feedback-web";

export type StoredCookie = {
  name: string;
  value: string;
  path: string;
  /** Max-Age in seconds, when the cookie had one. */
  maxAge?: number;
  /** Expires, when the cookie had one. */
  expires?: Date;
  httpOnly: boolean;
  sameSite?: string;
  /** The Set-Cookie header it came from. */
  raw: string;
};

/** A minimal cookie jar for one host: path matching and deletion, no domain logic. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) this.storeHeader(header);
  }

  storeHeader(header: string): void {
    const [pair = "", ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) return;
    const cookie: StoredCookie = {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      path: "/",
      httpOnly: false,
      raw: header,
    };
    for (const attribute of attributes) {
      const [k = "", ...rest] = attribute.split("=");
      const key = k.trim().toLowerCase();
      const value = rest.join("=").trim();
      if (key === "path") cookie.path = value || "/";
      else if (key === "max-age") cookie.maxAge = Number(value);
      else if (key === "expires") cookie.expires = new Date(value);
      else if (key === "httponly") cookie.httpOnly = true;
      else if (key === "samesite") cookie.sameSite = value.toLowerCase();
    }
    const key = `${cookie.name};${cookie.path}`;
    const expired =
      (cookie.maxAge !== undefined && cookie.maxAge <= 0) || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) || cookie.value === "";
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, cookie);
  }

  /** The Cookie header for a URL (undefined when no cookie applies). */
  headerFor(url: string): string | undefined {
    const path = new URL(url).pathname;
    const matching = [...this.cookies.values()].filter(
      (c) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`) || c.path === "/",
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join("; ") : undefined;
  }

  get(name: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((c) => c.name === name);
  }

  list(): StoredCookie[] {
    return [...this.cookies.values()];
  }
}

/** Sign-in refused by the provider's page (wrong password, throttled...) or a protocol error. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
    this.name = "SignInError";
  }
}

export type Tokens = {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
  scope?: string;
};

export type SignInResult = Tokens & {
  cookies: CookieJar;
  /** The Set-Cookie headers of the sign-in form's answer (where the session cookie is set). */
  loginSetCookies: string[];
  /** Every Set-Cookie header seen during the flow, in order. */
  allSetCookies: string[];
};

export type SignInOptions = {
  clientId?: string;
  rememberMe?: boolean;
  /** Sent as the `locale` authorization parameter (chooses the sign-in page's language). */
  locale?: string;
  /** Defaults to "openid email profile". */
  scope?: string;
  /** Reuse a jar, e.g. to show that an existing session signs in without the form. */
  cookies?: CookieJar;
  /** Defaults to `${baseUrl}/auth-callback`. */
  redirectUri?: string;
  /** Extra headers of the form's POST (e.g. X-Forwarded-For, to play clients behind a proxy). */
  loginHeaders?: Record<string, string>;
};

type Discovery = { authorization_endpoint: string; token_endpoint: string; issuer: string };

const discoveryCache = new Map<string, Promise<Discovery>>();

async function discover(baseUrl: string): Promise<Discovery> {
  const key = baseUrl.replace(/\/+$/, "");
  let cached = discoveryCache.get(key);
  if (!cached) {
    cached = (async () => {
      const response = await fetch(`${key}/oidc/.well-known/openid-configuration`);
      if (!response.ok) throw new SignInError(`discovery failed (${response.status})`, response.status, await response.text());
      return (await response.json()) as Discovery;
    })();
    cached.catch(() => discoveryCache.delete(key));
    discoveryCache.set(key, cached);
  }
  return cached;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The message of a sign-in page's error box, if any. */
export function pageError(html: string): string | undefined {
  const match = /<p class="error"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match?.[1] ? decodeEntities(match[1].trim()) : undefined;
}

async function fetchWithJar(jar: CookieJar, url: string, init: RequestInit = {}, seen?: string[]): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.headerFor(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(response);
  seen?.push(...response.headers.getSetCookie());
  return response;
}

/**
 * Follows redirects (GET) until a non-redirect answer or a redirect to `stopAt` (the client's
 * redirect_uri), which is returned without being fetched.
 */
async function follow(jar: CookieJar, response: Response, from: string, stopAt: string, seen: string[]): Promise<{ response?: Response; url: string }> {
  let current = response;
  let url = from;
  for (let hops = 0; hops < 20; hops++) {
    if (current.status < 300 || current.status >= 400) return { response: current, url };
    const location = current.headers.get("location");
    if (!location) return { response: current, url };
    url = new URL(location, url).href;
    if (url.startsWith(stopAt)) return { url };
    await current.body?.cancel();
    current = await fetchWithJar(jar, url, {}, seen);
  }
  throw new SignInError("too many redirects", 0, "");
}

async function tokenRequest(tokenEndpoint: string, form: Record<string, string>): Promise<Tokens> {
  const response = await fetch(tokenEndpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new SignInError(
      `token request failed: ${String(body.error)}${body.error_description ? ` (${String(body.error_description)})` : ""}`,
      response.status,
      JSON.stringify(body),
    );
  }
  return {
    accessToken: String(body.access_token),
    refreshToken: String(body.refresh_token ?? ""),
    idToken: String(body.id_token ?? ""),
    expiresIn: Number(body.expires_in),
    ...(typeof body.scope === "string" ? { scope: body.scope } : {}),
  };
}

/**
 * Drives an authorization request to its end as a browser would: opens `authorizationUrl`, follows
 * redirects, fills in the sign-in form when it shows (an existing session in `cookies` skips it),
 * and stops at the redirect to `redirectUri`, which is returned unfetched. Any relying party (for
 * instance openid-client) can build the URL and read the callback.
 */
export async function completeAuthorization(
  authorizationUrl: string,
  opts: {
    email: string;
    password: string;
    redirectUri: string;
    cookies?: CookieJar;
    rememberMe?: boolean;
    loginHeaders?: Record<string, string>;
    seen?: string[];
  },
): Promise<{ callbackUrl: string; cookies: CookieJar; loginSetCookies: string[] }> {
  const jar = opts.cookies ?? new CookieJar();
  const seen = opts.seen ?? [];
  const { redirectUri } = opts;
  let step = await follow(jar, await fetchWithJar(jar, authorizationUrl, {}, seen), authorizationUrl, redirectUri, seen);
  let loginSetCookies: string[] = [];

  if (step.response) {
    // The sign-in page.
    const html = await step.response.text();
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (step.response.status !== 200 || !action) {
      throw new SignInError(pageError(html) ?? `expected the sign-in page, got ${step.response.status}`, step.response.status, html);
    }
    const actionUrl = new URL(decodeEntities(action), step.url).href;
    const form = new URLSearchParams({ email: opts.email, password: opts.password });
    if (opts.rememberMe) form.set("remember", "yes");
    const before = seen.length;
    const posted = await fetchWithJar(
      jar,
      actionUrl,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...opts.loginHeaders }, body: form.toString() },
      seen,
    );
    if (posted.status !== 303 && posted.status !== 302) {
      const page = await posted.text();
      throw new SignInError(pageError(page) ?? `sign-in refused (${posted.status})`, posted.status, page);
    }
    step = await follow(jar, posted, actionUrl, redirectUri, seen);
    loginSetCookies = seen.slice(before);
    if (step.response) {
      const page = await step.response.text();
      throw new SignInError(pageError(page) ?? `sign-in did not return to the client (${step.response.status})`, step.response.status, page);
    }
  }
  return { callbackUrl: step.url, cookies: jar, loginSetCookies };
}

export async function signInWithPassword(baseUrl: string, email: string, password: string, opts: SignInOptions = {}): Promise<SignInResult> {
  const root = baseUrl.replace(/\/+$/, "");
  const clientId = opts.clientId ?? DEFAULT_CLIENT_ID;
  const redirectUri = opts.redirectUri ?? `${root}/auth-callback`;
  const jar = opts.cookies ?? new CookieJar();
  const seen: string[] = [];
  const discovery = await discover(root);

  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const authorize = new URL(discovery.authorization_endpoint);
  const params: Record<string, string> = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: opts.scope ?? "openid email profile",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
  };
  // A nonce belongs to OpenID Connect requests only (the provider refuses one without openid).
  if (params.scope!.split(" ").includes("openid")) params.nonce = nonce;
  if (opts.locale) params.locale = opts.locale;
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);

  const { callbackUrl, loginSetCookies } = await completeAuthorization(authorize.href, {
    email,
    password,
    redirectUri,
    cookies: jar,
    rememberMe: opts.rememberMe,
    loginHeaders: opts.loginHeaders,
    seen,
  });

  const callback = new URL(callbackUrl);
  if (callback.searchParams.get("error")) {
    throw new SignInError(
      `authorization failed: ${callback.searchParams.get("error")} ${callback.searchParams.get("error_description") ?? ""}`.trim(),
      400,
      callback.href,
    );
  }
  if (callback.searchParams.get("state") !== state) throw new SignInError("state mismatch on the callback", 400, callback.href);
  const code = callback.searchParams.get("code");
  if (!code) throw new SignInError("no authorization code on the callback", 400, callback.href);

  const tokens = await tokenRequest(discovery.token_endpoint, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: clientId,
  });
  return { ...tokens, cookies: jar, loginSetCookies, allSetCookies: seen };
}

/** Exchanges a refresh token (rotation: the answer carries a new one; the old one is spent). */
export async function refresh(baseUrl: string, refreshToken: string, opts: { clientId?: string } = {}): Promise<Tokens> {
  const discovery = await discover(baseUrl.replace(/\/+$/, ""));
  return tokenRequest(discovery.token_endpoint, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: opts.clientId ?? DEFAULT_CLIENT_ID,
  });
}
