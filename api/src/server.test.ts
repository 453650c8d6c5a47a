// Serving the web client: history-mode pages get index.html (never cached, so a deploy is seen
// at once), hashed assets are cached for good, and a missing file is a 404 rather than HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
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
    const config = loadConfig({ DATABASE_URL: databaseUrl!, LOG_LEVEL: "silent", SERVE_WEB: "true" });
    jobs = startJobRunner({ config, prisma: prisma! });
    app = await buildServer({ config, prisma: prisma!, bus: createEventBus(undefined), jobs, verifyAccessToken: undefined, webRoot });
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
});
