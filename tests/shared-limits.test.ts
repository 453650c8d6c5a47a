// Two real api processes (`api/src/main.ts`, as `npm start` runs it) on one database and one Redis
// enforce ONE limit: respondent submissions, failed sign-ins and password-reset requests counted at
// either process add up (docs/decisions.md "Limits shared across processes"). Both trust the
// proxy on 127.0.0.1, so the test plays one client address with X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { freePort } from "../api/src/test/support.js";
import { databaseUrl, redisUrl, skipWithout } from "../api/src/test/services.js";
import { createPrisma } from "../api/src/db/client.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../api/src/test/fixtures.js";
import { defaultRateLimits } from "../api/src/domain/respondent/rate-limit.js";
import { resetLimits } from "../api/src/domain/password-reset/rate-limit.js";
import { loginLimits } from "../api/src/oidc/throttle.js";
import { SignInError, signInWithPassword } from "../api/src/test/oidc-login.js";
import type { PrismaClient } from "../api/src/generated/prisma/client.js";

const root = path.resolve(import.meta.dirname, "..");

type Server = { child: ChildProcess; base: string; output: () => string };

async function startApi(port: number): Promise<Server> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl!,
    REDIS_URL: redisUrl!,
    // Jobs stay queued: no worker of ours takes another run's jobs from the shared Redis.
    RUN_WORKERS: "false",
    SEED_DEMO: "false",
    SERVE_WEB: "false",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "127.0.0.1",
  };
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["api/src/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api process exited early:\n${output}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`api process did not become healthy:\n${output}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** A client address of this run only (the counters live in a Redis other runs share). */
const runAddress = (() => {
  const bytes = randomBytes(2);
  return (n: number) => `10.${bytes[0]}.${bytes[1]}.${n}`;
})();

describe.skipIf(skipWithout("PostgreSQL", "Redis"))("two api processes, one Redis: one limit", () => {
  const servers: Server[] = [];
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let touchpointId: string;
  let surveyId: string;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    org = await createOrganizationFixture(prisma, "Shared limits");
    const organizationId = org.organization.id;
    const unitId = org.units.unitA.id;
    const survey = await prisma.survey.create({ data: { organizationId, unitId, name: "Shared", languages: ["en"] } });
    await prisma.question.create({ data: { organizationId, surveyId: survey.id, position: 0, type: "nps", title: { en: "NPS" } } });
    const touchpoint = await prisma.touchpoint.create({ data: { organizationId, unitId, name: "Link", type: "link", activeSurveyId: survey.id } });
    touchpointId = touchpoint.id;
    surveyId = survey.id;
    // One after the other: the first start makes the provider's keys, the second reads them.
    servers.push(await startApi(await freePort()));
    servers.push(await startApi(await freePort()));
  });
  afterAll(async () => {
    for (const s of servers) await stop(s.child);
    await prisma?.$disconnect();
  });

  it("respondent submissions from one address, split across both processes, share one window", async () => {
    const { points, durationSeconds } = defaultRateLimits.writesPerAddress;
    const address = runAddress(1);
    const submit = (server: Server) =>
      fetch(`${server.base}/r/${touchpointId}/responses`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        // No answers: refused with 400 after the limit has counted it, so nothing is stored.
        body: JSON.stringify({ idempotencyKey: `k-${randomBytes(8).toString("hex")}`, surveyId, answers: [] }),
      }).then((r) => r.status);
    const started = Date.now();
    // Twice the limit, half at each process: with a limit per process every one would pass.
    const statuses = await Promise.all(Array.from({ length: 2 * points }, (_, i) => submit(servers[i % 2]!)));
    const elapsedSeconds = (Date.now() - started) / 1000;
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    const passed = statuses.filter((s) => s === 400).length;
    // One window (or, on a machine slower than the window, as many windows as began).
    expect(passed).toBeGreaterThanOrEqual(points);
    expect(passed).toBeLessThanOrEqual(points * (Math.floor(elapsedSeconds / durationSeconds) + 1));
    // Both processes refuse the address now.
    if (elapsedSeconds < durationSeconds / 2) {
      expect(await Promise.all(servers.map(submit))).toEqual([429, 429]);
    }
    // Another address is not affected, and a real answer is stored.
    const stored = await fetch(`${servers[1]!.base}/r/${touchpointId}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": runAddress(2) },
      body: JSON.stringify({
        idempotencyKey: `k-${randomBytes(8).toString("hex")}`,
        surveyId,
        answers: [{ questionId: (await prisma.question.findFirstOrThrow({ where: { surveyId } })).id, value: 9 }],
      }),
    });
    expect(stored.status).toBe(201);
  });

  it("failed sign-ins at either process add up for the account and address", async () => {
    const email = org.users.viewerA.email;
    const address = runAddress(3);
    const attempt = (server: Server, password: string) =>
      signInWithPassword(server.base, email, password, { loginHeaders: { "x-forwarded-for": address } }).then(
        () => 200,
        (e: unknown) => (e instanceof SignInError ? e.status : Promise.reject(e)),
      );
    const failures = loginLimits.perPair.points;
    for (let i = 0; i < failures; i++) expect(await attempt(servers[i % 2]!, `wrong ${i}`)).toBe(401);
    // Three failures at one process and two at the other: both now refuse, even the right password.
    expect(await attempt(servers[0]!, testPassword)).toBe(429);
    expect(await attempt(servers[1]!, testPassword)).toBe(429);
  });

  it("password-reset requests for one address at either process add up", async () => {
    // An address without an account: counted the same, and no mail is queued.
    const email = `nobody-${randomBytes(6).toString("hex")}@example.test`;
    const request = (server: Server) =>
      fetch(`${server.base}/api/v5/user/reset-password`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": runAddress(4) },
        body: JSON.stringify({ email }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < resetLimits.perEmail.points; i++) statuses.push(await request(servers[i % 2]!));
    expect(statuses).toEqual(Array.from({ length: resetLimits.perEmail.points }, () => 200));
    expect(await request(servers[0]!)).toBe(429);
    expect(await request(servers[1]!)).toBe(429);
  });
});
