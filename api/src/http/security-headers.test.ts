// Security headers per surface on the real server: the web app, the respondent pages (framable by
// customers' sites for the widget), the API and the respondent calls, the identity provider; HSTS
// only in production over https.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { loadConfig } from "../config.js";
import { contentSecurityPolicies, surfaceOf } from "./security-headers.js";

/** The CSP as directive → sources. */
function csp(header: string | null): Record<string, string[]> {
  expect(header, "content-security-policy").toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const common = (r: Response) => {
  expect(r.headers.get("x-content-type-options")).toBe("nosniff");
  expect(r.headers.get("referrer-policy")).toBe("no-referrer");
};

describe("surfaces and policies", () => {
  it("knows the surface by path and content type", () => {
    expect(surfaceOf("/", "text/html; charset=utf-8")).toBe("app");
    expect(surfaceOf("/settings/user", "text/html")).toBe("app");
    expect(surfaceOf("/s/abc", "text/html")).toBe("respondent");
    expect(surfaceOf("/t/abc", "text/html")).toBe("respondent");
    expect(surfaceOf("/s/abc/more", "text/html")).toBe("app");
    expect(surfaceOf("/api/v5/user", "application/json")).toBe("data");
    expect(surfaceOf("/assets/main.js", "application/javascript")).toBe("data");
    expect(surfaceOf("/graphql", "text/html")).toBe("graphiql");
    expect(surfaceOf("/oidc/auth", "text/html")).toBe("oidc");
  });

  it("lets the web app reach its OpenID provider (the embedded one at PUBLIC_URL, or an external one), and only it", () => {
    const policies = contentSecurityPolicies(loadConfig({ PUBLIC_URL: "https://feedback.example.com", OIDC_ISSUER: "https://id.example.com/realms/x" }));
    const app = csp(policies.app);
    expect(app["connect-src"]).toEqual(["'self'", "https://feedback.example.com", "https://id.example.com"]);
    expect(app["frame-src"]).toEqual(["'self'", "https://feedback.example.com", "https://id.example.com"]);
    expect(app["script-src"]).toEqual(["'self'"]);
    // Embedded: a page opened at http://127.0.0.1:8080 still reaches the provider at PUBLIC_URL (localhost).
    expect(csp(contentSecurityPolicies(loadConfig({})).app)["connect-src"]).toEqual(["'self'", "http://localhost:8080"]);
  });
});

describe.skipIf(noDatabase)("security headers on the real server", () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), "web-root-"));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>app</title>");
    await writeFile(path.join(webRoot, "respond.html"), "<!doctype html><title>survey</title>");
    await writeFile(path.join(webRoot, "assets/app-abc123.js"), "console.log(1)");
    t = await startTestApp({ env: { SERVE_WEB: "true" }, webRoot });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });
  const get = (p: string) => fetch(`${t.baseUrl}${p}`, { redirect: "manual" });

  it("the web app: own-origin scripts and styles only, framed only by itself", async () => {
    for (const page of ["/", "/summary", "/outbox"]) {
      const r = await get(page);
      expect(r.status).toBe(200);
      common(r);
      const p = csp(r.headers.get("content-security-policy"));
      expect(p["default-src"]).toEqual(["'self'"]);
      expect(p["script-src"]).toEqual(["'self'"]);
      expect(p["style-src"]).toEqual(["'self'"]);
      expect(p["object-src"]).toEqual(["'none'"]);
      expect(p["frame-ancestors"]).toEqual(["'self'"]);
      expect(r.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(r.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(r.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("a revalidated page (304) keeps the policy it was sent with: the 304 names none", async () => {
    const first = await get("/summary");
    const etag = first.headers.get("etag");
    const lastModified = first.headers.get("last-modified");
    expect(etag ?? lastModified).toBeTruthy();
    // (fetch would add "cache-control: no-cache" to a conditional request, which rules out a 304.)
    const again = await fetch(`${t.baseUrl}/summary`, {
      headers: { "cache-control": "max-age=0", ...(etag ? { "if-none-match": etag } : { "if-modified-since": lastModified! }) },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("the respondent pages: the same sources, and any site may frame them (the website widget)", async () => {
    for (const page of ["/s/0123456789abcdef01234567", "/t/0123456789abcdef01234567"]) {
      const r = await get(page);
      expect(r.status).toBe(200);
      common(r);
      const p = csp(r.headers.get("content-security-policy"));
      expect(p["script-src"]).toEqual(["'self'"]);
      expect(p["frame-ancestors"]).toEqual(["*"]);
      expect(r.headers.get("x-frame-options")).toBeNull();
    }
  });

  it("the API, the respondent calls and files: no sources at all", async () => {
    for (const [url, corp] of [
      ["/api/v5/user", "same-origin"],
      ["/api/v5/openapi.json", "same-origin"],
      ["/r/0123456789abcdef01234567/survey", "cross-origin"],
      ["/assets/app-abc123.js", "same-origin"],
      ["/client-config.json", "same-origin"],
    ] as const) {
      const r = await get(url);
      common(r);
      const p = csp(r.headers.get("content-security-policy"));
      expect(p["default-src"], url).toEqual(["'none'"]);
      expect(p["frame-ancestors"], url).toEqual(["'self'"]);
      expect(r.headers.get("cross-origin-resource-policy"), url).toBe(corp);
    }
    const graphql = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    common(graphql);
    expect(csp(graphql.headers.get("content-security-policy"))["default-src"]).toEqual(["'none'"]);
  });

  it("the identity provider: framed only by us; its sign-in page keeps its own stricter policy", async () => {
    const discovery = await get("/oidc/.well-known/openid-configuration");
    expect(discovery.status).toBe(200);
    common(discovery);
    expect(csp(discovery.headers.get("content-security-policy"))["frame-ancestors"]).toEqual(["'self'"]);
    expect(discovery.headers.get("x-frame-options")).toBe("SAMEORIGIN");

    const authorize = new URL(`${t.baseUrl}/oidc/auth`);
    for (const [k, v] of Object.entries({
      client_id: t.config.oidc.clientId,
      redirect_uri: `${t.baseUrl}/auth-callback`,
      response_type: "code",
      scope: "openid",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    })) {
      authorize.searchParams.set(k, v);
    }
    const started = await fetch(authorize, { redirect: "manual" });
    const location = started.headers.get("location")!;
    const cookie = started.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await fetch(new URL(location, t.baseUrl), { headers: { cookie } });
    expect(page.status).toBe(200);
    common(page);
    const p = csp(page.headers.get("content-security-policy"));
    expect(p["frame-ancestors"]).toEqual(["'none'"]);
    expect(p["default-src"]).toEqual(["'none'"]);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe.skipIf(noDatabase)("security headers in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: "production", PUBLIC_URL: "https://feedback.example" } });
  });
  afterAll(async () => t?.close());

  it("sends HSTS when served over https in production", async () => {
    // PUBLIC_URL names the https proxy in front; the test talks to the server behind it.
    const { port } = t.app.server.address() as AddressInfo;
    const r = await fetch(`http://127.0.0.1:${port}/api/v5/openapi.json`);
    expect(r.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    common(r);
  });
});
