// Serving the web client: history-mode pages get index.html (never cached, so a deploy is seen
// at once), hashed assets are cached for good, and a missing file is a 404 rather than HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompressDirectory } from "../../web/src/build/precompress.js";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "./config.js";
import { createPrisma } from "./db/client.js";
import { createEventBus } from "./pubsub/bus.js";
import { buildServer } from "./server.js";
import { startJobRunner } from "./jobs/start.js";
import type { JobRunner } from "./jobs/runner.js";
import { databaseUrl, noDatabase } from "./test/harness.js";

describe.skipIf(noDatabase)("serving the web client", () => {
  let app: FastifyInstance;
  let webRoot: string;
  let jobs: JobRunner | undefined;
  const prisma = databaseUrl ? createPrisma(databaseUrl, { max: 1 }) : undefined;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), "web-root-"));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>app</title>");
    await writeFile(path.join(webRoot, "assets/app-abc123.js"), "console.log(1)");
    // A bundle big enough to be worth compressing, its source map, and an unhashed file.
    await writeFile(path.join(webRoot, "assets/respond-Xy_z1234.js"), `${"export const survey = 'a question';\n".repeat(200)}//end`);
    await writeFile(path.join(webRoot, "assets/respond-Xy_z1234.js.map"), '{"version":3,"sources":["secret.ts"]}');
    await writeFile(path.join(webRoot, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);
    await precompressDirectory(webRoot);
    const config = loadConfig({ DATABASE_URL: databaseUrl!, LOG_LEVEL: "silent", SERVE_WEB: "true" });
    jobs = startJobRunner({ config, prisma: prisma! });
    app = await buildServer({ buildResponseBits: false, config, prisma: prisma!, bus: createEventBus(undefined), jobs, verifyAccessToken: undefined, webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await jobs?.close();
    await prisma?.$disconnect();
    await rm(webRoot, { recursive: true, force: true });
  });

  it("answers every page of the app with index.html, not cached", async () => {
    for (const url of ["/", "/settings/user", "/surveys/abc/edit?x=1"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<title>app</title>");
    }
    const head = await app.inject({ method: "HEAD", url: "/summary" });
    expect(head.statusCode).toBe(200);
  });

  it("caches hashed assets for good and answers a missing file with 404", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const missing = await app.inject({ method: "GET", url: "/assets/app-old999.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Not found" });
  });

  it("keeps API and identity paths out of the page fallback", async () => {
    const api = await app.inject({ method: "GET", url: "/api/v5/nothing" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toMatch(/No such call/);
    const post = await app.inject({ method: "POST", url: "/settings/user" });
    expect(post.statusCode).toBe(404);
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, and the plain file otherwise", async () => {
    const url = "/assets/respond-Xy_z1234.js";
    const plain = await app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("revalidates files whose name carries no hash", async () => {
    const icon = await app.inject({ method: "GET", url: "/favicon.svg", headers: { "accept-encoding": "br" } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect(icon.headers["content-encoding"]).toBe("br");
  });

  it("does not serve source maps by default", async () => {
    const map = await app.inject({ method: "GET", url: "/assets/respond-Xy_z1234.js.map" });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain("secret.ts");
  });

  it("compresses the server's own text answers, not only files", async () => {
    const config = await app.inject({ method: "GET", url: "/api/v5/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(config.statusCode).toBe(200);
    expect(config.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(config.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await app.inject({ method: "GET", url: "/livez", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe.skipIf(noDatabase)("serving source maps when asked to", () => {
  it("serves *.map with SERVE_SOURCE_MAPS=true", async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "web-root-maps-"));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>app</title>");
    await writeFile(path.join(webRoot, "assets/app-abc123.js.map"), '{"version":3}');
    const prisma = createPrisma(databaseUrl!, { max: 1 });
    const config = loadConfig({ DATABASE_URL: databaseUrl!, LOG_LEVEL: "silent", SERVE_WEB: "true", SERVE_SOURCE_MAPS: "true" });
    const jobs = startJobRunner({ config, prisma });
    const app = await buildServer({ buildResponseBits: false, config, prisma, bus: createEventBus(undefined), jobs, verifyAccessToken: undefined, webRoot });
    try {
      const map = await app.inject({ method: "GET", url: "/assets/app-abc123.js.map" });
      expect(map.statusCode).toBe(200);
    } finally {
      await app.close();
      await jobs.close();
      await prisma.$disconnect();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
