// `npm start` with nothing configured: the server process starts on an embedded PGlite database
// under DATA_DIR, migrates, seeds the demo organisation, serves /healthz and the API, and signs
// the demo user in. A second start reuses the data (no migration, no seeding) and is quicker.
import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../api/src/test/support.js";
import { signInWithPassword } from "./helpers/oidc-login.js";

const root = path.resolve(import.meta.dirname, "..");

async function startServer(dataDir: string, port: number) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_RESPONSES: "300",
    SERVE_WEB: "false",
    LOG_LEVEL: "warn",
  };
  const started = Date.now();
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["api/src/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, output: () => output, startupMs: Date.now() - started };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy:\n${output}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

describe("embedded mode (no DATABASE_URL)", () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await stop(c);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("starts, seeds, signs the demo user in, and a second start reuses the data", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "feedback-embedded-"));
    const port = await freePort();
    const first = await startServer(dataDir, port);
    children.push(first.child);
    expect(first.output()).toContain("embedded PostgreSQL (PGlite)");
    expect(first.output()).toMatch(/applied 1 migration|applied migration/);
    expect(first.output()).toContain("Demo sign-in: admin@demo.example / Demo-Password-1!");

    const base = `http://127.0.0.1:${port}`;
    const { accessToken } = await signInWithPassword(base, "admin@demo.example", "Demo-Password-1!");
    const user = await (await fetch(`${base}/api/v5/user`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
    expect(user.email).toBe("admin@demo.example");
    expect(user.settings.currentOrganization.name).toBe("Demo Oy");
    expect(user.system_admin).toBe(true);
    // Requests side by side on the pool's connections, which share PGlite's one session (a statement
    // prepared by name on one connection used to clash on the next: "already exists").
    const headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
    const statuses = await Promise.all([
      ...Array.from({ length: 8 }, () => fetch(`${base}/api/v5/user`, { headers }).then((r) => r.status)),
      ...Array.from({ length: 4 }, () => fetch(`${base}/api/v5/summary`, { method: "POST", headers, body: "{}" }).then((r) => r.status)),
    ]);
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 200));
    await stop(first.child);

    const second = await startServer(dataDir, port);
    children.push(second.child);
    expect(second.output()).toContain("database schema is up to date");
    expect(second.output()).not.toContain("seeding the demo organisation");
    expect(second.startupMs).toBeLessThan(first.startupMs);
    // The same data: the earlier sign-in still holds (keys and grants were stored).
    const again = await fetch(`${base}/api/v5/user`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(again.status).toBe(200);
    console.log(`embedded start: first ${first.startupMs} ms, second ${second.startupMs} ms`);
  }, 240_000);
});
