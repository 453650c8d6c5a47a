// /livez, /healthz (readiness of the database and Redis) and /metrics (Prometheus text format), on
// the real server and on a bare fastify with the real PostgreSQL, Redis and closed ports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../config.js";
import { createPrisma } from "../db/client.js";
import { createJobRunner, type JobRunner } from "../jobs/runner.js";
import { createScratchDatabase, freePort, type ScratchDatabase } from "../test/support.js";
import { noDatabase, redisUrl, startTestApp, type TestApp } from "../test/harness.js";
import { registerOps } from "./ops.js";

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): every line is a
 * `# HELP`, a `# TYPE` or a sample `name{label="value",…} number`; anything else throws.
 */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const name = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  const sampleLine = new RegExp(`^(${name})(?:\\{(.*)\\})? (\\S+)(?: -?[0-9]+)?$`);
  // Values as Prometheus reads them (Go's ParseFloat): decimal or exponent numbers, and NaN and
  // ±Inf in any case (prom-client writes an empty event-loop histogram's mean as "Nan").
  const value = /^(?:[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?|nan|[+-]?inf(?:inity)?)$/i;
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("# HELP ")) {
      if (!new RegExp(`^# HELP ${name} .*$`).test(line)) throw new Error(`bad HELP line: ${line}`);
      continue;
    }
    if (line.startsWith("# TYPE ")) {
      const m = new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
      if (!m) throw new Error(`bad TYPE line: ${line}`);
      types.set(m[1]!, m[2]!);
      continue;
    }
    const m = sampleLine.exec(line);
    if (!m || !value.test(m[3]!)) throw new Error(`bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[2]) {
      label.lastIndex = 0;
      while (label.lastIndex < m[2].length) {
        const l = label.exec(m[2]);
        if (!l) throw new Error(`bad labels: ${line}`);
        labels[l[1]!] = l[2]!;
      }
    }
    const v = m[3]!.toLowerCase().replace(/inity$/, "");
    samples.push({ name: m[1]!, labels, value: v === "nan" ? Number.NaN : v.endsWith("inf") ? (v.startsWith("-") ? -Infinity : Infinity) : Number(v) });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** A loopback port nobody listens on (freePort() finds one; nothing is started on it). */
const closedPort = freePort;

describe.skipIf(noDatabase)("operations endpoints on the real server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("/livez answers without looking at anything; /healthz reports the database and Redis", async () => {
    const live = await fetch(`${t.baseUrl}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const health = await fetch(`${t.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", checks: { database: "ok", redis: redisUrl ? "ok" : "not configured" } });
  });

  it("/metrics counts the web client's static files as one route", async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), "ops-web-"));
    try {
      await mkdir(path.join(webRoot, "assets"));
      await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>app</title>");
      for (const name of ["a-1.js", "b-2.js"]) await writeFile(path.join(webRoot, "assets", name), "void 0");
      const web = await startTestApp({ env: { SERVE_WEB: "true" }, webRoot });
      try {
        for (const name of ["a-1.js", "b-2.js"]) expect((await fetch(`${web.baseUrl}/assets/${name}`)).status).toBe(200);
        // A request is counted once its answer has gone out (after the client may already have it): read until both are.
        const scrape = async () => parsePrometheus(await (await fetch(`${web.baseUrl}/metrics`)).text()).samples;
        await expect
          .poll(async () => find(await scrape(), "http_request_duration_seconds_count", { route: "/assets/*", status_code: "200" })[0]?.value)
          .toBe(2);
        expect((await scrape()).some((s) => s.labels.route?.includes("a-1.js"))).toBe(false);
      } finally {
        await web.close();
      }
    } finally {
      await rm(webRoot, { recursive: true, force: true });
    }
  });

  it("/metrics counts requests by route pattern and status, without ids", async () => {
    const surveyId = `s${randomBytes(8).toString("hex")}`;
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.baseUrl}/api/v5/surveys/${surveyId}`)).status).toBe(401);
    const response = await fetch(`${t.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const { samples, types } = parsePrometheus(text);
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    const route = { method: "GET", route: "/api/v5/surveys/:id", status_code: "401" };
    expect(find(samples, "http_request_duration_seconds_count", route)[0]?.value).toBe(3);
    const buckets = find(samples, "http_request_duration_seconds_bucket", route);
    expect(buckets.at(-1)).toMatchObject({ labels: { le: "+Inf" }, value: 3 });
    // Cumulative buckets never decrease.
    expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));
    expect(text).not.toContain(surveyId);
    // The other series are there too.
    expect(find(samples, "jobs_queue_depth", { mode: t.jobs.mode, state: "waiting" })).toHaveLength(1);
    expect(find(samples, "rollup_pending_responses")).toHaveLength(1);
    expect(find(samples, "process_resident_memory_bytes")).toHaveLength(1);
  });
});

describe.skipIf(noDatabase)("readiness, queue depths, backlog and who may read /metrics", () => {
  let scratch: ScratchDatabase;
  const apps: FastifyInstance[] = [];
  const runners: JobRunner[] = [];
  const prismas: { $disconnect(): Promise<void> }[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase("ops");
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const r of runners) await r.close();
    for (const p of prismas) await p.$disconnect();
    await scratch?.drop();
  });

  async function opsApp(opts: { database?: string; redis?: string; token?: string; jobs?: JobRunner } = {}) {
    const config = loadConfig({
      DATABASE_URL: opts.database ?? scratch.url,
      ...(opts.redis ? { REDIS_URL: opts.redis } : {}),
      ...(opts.token ? { METRICS_TOKEN: opts.token } : {}),
      LOG_LEVEL: "silent",
    });
    const prisma = createPrisma(config.databaseUrl!, { max: 2 });
    prismas.push(prisma);
    const jobs = opts.jobs ?? createJobRunner({ redisUrl: undefined, handlers: {} });
    if (!opts.jobs) runners.push(jobs);
    const app = Fastify({ logger: false });
    apps.push(app);
    registerOps(app, { config, prisma, jobs, checkTimeoutMs: 1_000 });
    app.get("/things/:thingId", async () => ({ ok: true }));
    await app.ready();
    return { app, prisma };
  }

  it("answers 503 naming Redis when REDIS_URL points at a closed port", async () => {
    const { app } = await opsApp({ redis: `redis://127.0.0.1:${await closedPort()}` });
    const started = Date.now();
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "unavailable", checks: { database: "ok", redis: "unreachable" } });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Liveness does not depend on it.
    expect((await app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
  });

  it("answers 503 naming the database when it does not answer", async () => {
    const { app } = await opsApp({ database: `postgresql://postgres@127.0.0.1:${await closedPort()}/nothing` });
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "unavailable", checks: { database: "unreachable", redis: "not configured" } });
  });

  it.skipIf(!redisUrl)("answers 200 with a reachable Redis", async () => {
    const { app } = await opsApp({ redis: redisUrl! });
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json().checks).toEqual({ database: "ok", redis: "ok" });
  });

  it("reports the roll-up backlog and the in-process queue's depth", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const jobs = createJobRunner({ redisUrl: undefined, handlers: { "mail.send": () => gate } });
    runners.push(jobs);
    const { app, prisma } = await opsApp({ jobs });
    const ids = Array.from({ length: 3 }, () => randomBytes(12).toString("hex"));
    for (const id of ids) await prisma.rollupPending.create({ data: { responseId: id } });
    const mail = { to: "a@example.com", kind: "passwordReset", locale: "en", data: {} } as never;
    await jobs.enqueue("mail.send", mail);
    await jobs.enqueue("mail.send", mail);
    await new Promise((resolve) => setImmediate(resolve));

    const read = async () => parsePrometheus((await app.inject({ method: "GET", url: "/metrics" })).body).samples;
    let samples = await read();
    expect(find(samples, "rollup_pending_responses")[0]?.value).toBe(3);
    expect(find(samples, "jobs_queue_depth", { mode: "in-process", state: "active" })[0]?.value).toBe(2);
    expect(find(samples, "jobs_queue_depth", { mode: "in-process", state: "waiting" })[0]?.value).toBe(0);

    release();
    await jobs.idle(5_000);
    await prisma.rollupPending.deleteMany({ where: { responseId: { in: ids.slice(0, 2) } } });
    samples = await read();
    expect(find(samples, "rollup_pending_responses")[0]?.value).toBe(1);
    expect(find(samples, "jobs_queue_depth", { mode: "in-process", state: "active" })[0]?.value).toBe(0);
  });

  it.skipIf(!redisUrl)("reports BullMQ's counts with Redis", async () => {
    const jobs = createJobRunner({
      redisUrl: redisUrl!,
      handlers: {},
      runWorkers: false,
      prefix: `ops-${randomBytes(6).toString("hex")}`,
      removeOnClose: true,
    });
    runners.push(jobs);
    const { app } = await opsApp({ jobs });
    const mail = { to: "a@example.com", kind: "passwordReset", locale: "en", data: {} } as never;
    for (let i = 0; i < 4; i++) await jobs.enqueue("mail.send", mail);
    const { samples } = parsePrometheus((await app.inject({ method: "GET", url: "/metrics" })).body);
    expect(find(samples, "jobs_queue_depth", { mode: "redis", state: "waiting" })[0]?.value).toBe(4);
    expect(find(samples, "jobs_queue_depth", { mode: "redis", state: "active" })[0]?.value).toBe(0);
  });

  it("without METRICS_TOKEN only loopback peers may read /metrics, whatever X-Forwarded-For says", async () => {
    const { app } = await opsApp();
    expect((await app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/metrics", remoteAddress: "::1" })).statusCode).toBe(200);
    const remote = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.7", headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain("http_request_duration_seconds");
  });

  it("with METRICS_TOKEN the bearer is needed, from anywhere", async () => {
    const token = randomBytes(24).toString("hex");
    const { app } = await opsApp({ token });
    const from = (headers: Record<string, string>, remoteAddress = "203.0.113.7") =>
      app.inject({ method: "GET", url: "/metrics", remoteAddress, headers }).then((r) => r.statusCode);
    expect(await from({ authorization: `Bearer ${token}` })).toBe(200);
    expect(await from({ authorization: `Bearer ${token}x` })).toBe(403);
    expect(await from({})).toBe(403);
    expect(await from({}, "127.0.0.1")).toBe(403);
  });

  it("refuses a METRICS_TOKEN shorter than 16 characters", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
