// Security headers on every answer (docs/decisions.md "Security headers"): @fastify/helmet sets the
// common ones (X-Content-Type-Options nosniff, Referrer-Policy no-referrer, HSTS in production over
// https, Cross-Origin-Opener-Policy, …); the Content-Security-Policy and framing rules depend on
// the surface, so they are chosen here when the answer goes out:
//
// - the web app (every other HTML page): scripts, styles, fonts and connections from our own origin
//   only (plus an external OpenID provider's origin for sign-in calls and silent renewal), framed
//   only by itself;
// - the respondent pages /s/… and /t/…: the same sources, but any site may frame them (the website
//   widget shows /s/… in an iframe on customers' pages; docs/widget.md);
// - /oidc: its own pages set their own policy (api/src/oidc/interactions.ts); the provider's other
//   pages may be framed only by us (silent renewal);
// - everything else (JSON, files, the widget script, GraphiQL in development): no sources at all
//   ("default-src 'none'") and framed only by us; a PDF gets only the framing rule (Chromium's viewer
//   needs its plugin).
// Cross-Origin-Resource-Policy is cross-origin for what customers' pages load (/widget.js, /r/…)
// and same-origin elsewhere.
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.js";

type Directives = Record<string, string[]>;

const serialize = (d: Directives) =>
  Object.entries(d)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");

export type Surface = "app" | "respondent" | "oidc" | "graphiql" | "data";

export function surfaceOf(pathname: string, contentType: string): Surface {
  const html = /^text\/html\b/i.test(contentType);
  if (isOidc(pathname)) return "oidc";
  if (!html) return "data";
  if (/^\/(s|t)\/[^/]+\/?$/.test(pathname)) return "respondent";
  if (pathname === "/graphql") return "graphiql";
  if (pathname.startsWith("/api/") || pathname.startsWith("/r/")) return "data";
  return "app";
}

/** Paths whose answers customers' pages load from another origin. */
const crossOriginResource = (pathname: string) => pathname === "/widget.js" || pathname.startsWith("/r/");

export function contentSecurityPolicies(config: Config) {
  // An external OpenID provider: the web app calls its endpoints and frames it for silent renewal.
  // The embedded one lives at PUBLIC_URL: a page reached at another address of this server (say
  // http://127.0.0.1:8080 while PUBLIC_URL says localhost) still calls it there.
  const issuerOrigins = [...new Set([new URL(config.publicUrl).origin, ...(config.oidc.externalIssuer ? [new URL(config.oidc.externalIssuer).origin] : [])])];
  const page = (frameAncestors: string[]): Directives => ({
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    // Logos may live elsewhere (a terminal's logo address); images cannot run code.
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...issuerOrigins],
    "frame-src": ["'self'", ...issuerOrigins],
    "form-action": ["'self'", ...issuerOrigins],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": frameAncestors,
  });
  return {
    app: serialize(page(["'self'"])),
    respondent: serialize(page(["*"])),
    oidc: serialize({ "frame-ancestors": ["'self'"] }),
    graphiql: serialize({ "frame-ancestors": ["'none'"] }),
    data: serialize({ "default-src": ["'none'"], "frame-ancestors": ["'self'"] }),
    pdf: serialize({ "frame-ancestors": ["'self'"] }),
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith("https://");
  await app.register(fastifyHelmet, {
    // Chosen per surface below.
    contentSecurityPolicy: false,
    xFrameOptions: false,
    crossOriginResourcePolicy: false,
    strictTransportSecurity: config.env === "production" && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
  });
  const policies = contentSecurityPolicies(config);
  // Both hooks are synchronous (callback style): an async hook costs every answer a promise and a
  // trip through the microtask queue for work that never waits.
  // The provider answers /oidc itself (fastify's onSend does not run): set its rule on the raw
  // answer now; its sign-in pages replace it with their own.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url.startsWith("/oidc") && isOidc(pathOf(request.url))) {
      reply.raw.setHeader("content-security-policy", policies.oidc);
      reply.raw.setHeader("x-frame-options", "SAMEORIGIN");
      reply.raw.setHeader("cross-origin-resource-policy", "same-origin");
    }
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    try {
      setPolicyHeaders(request.url, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, payload);
  });
  function setPolicyHeaders(url: string, reply: FastifyReply): void {
    const pathname = pathOf(url);
    if (isOidc(pathname)) return;
    if (!reply.hasHeader("cross-origin-resource-policy")) {
      reply.header("cross-origin-resource-policy", crossOriginResource(pathname) ? "cross-origin" : "same-origin");
    }
    // A route that chose its own policy (the sign-in pages) keeps it. A 304 carries no content type
    // and its headers replace the cached answer's: it keeps the policy sent with the answer itself.
    if (reply.hasHeader("content-security-policy") || reply.statusCode === 304) return;
    const contentType = String(reply.getHeader("content-type") ?? "");
    const surface = surfaceOf(pathname, contentType);
    const policy = surface === "data" && /^application\/pdf\b/i.test(contentType) ? policies.pdf : policies[surface];
    reply.header("content-security-policy", policy);
    if (surface === "app" || surface === "oidc" || surface === "data") reply.header("x-frame-options", "SAMEORIGIN");
    if (surface === "graphiql") reply.header("x-frame-options", "DENY");
  }
}

/** The path of a request's URL (without its query). */
const pathOf = (url: string) => {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
};
const isOidc = (pathname: string) => pathname === "/oidc" || pathname.startsWith("/oidc/");
