// `npm start` with nothing configured: the server process starts on an embedded PGlite database
// under DATA_DIR, migrates, seeds the demo organisation, serves /healthz and the API, and signs
// the demo user in. A second start reuses the data (no migration, no seeding); how long each start
// takes is printed, not asserted (a timing depends on the machine's load: bench/ measures speed).
import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../api/src/test/support.js";
import { signInWithPassword } from "../api/src/test/oidc-login.js";

const root = path.resolve(import.meta.dirname, "..");
// The demo responses end at a fixed instant (an injected "now" for the seed), so the data and the
// windows below are the same whatever the day and hour of the run.
const responsesUntil = new Date("2026-03-16T10:00:00Z");

async function startServer(dataDir: string, port: number) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_RESPONSES: "300",
    DEMO_RESPONSES_UNTIL: responsesUntil.toISOString(),
    SERVE_WEB: "false",
    LOG_LEVEL: "info", // the start-up lines this test reads are logged at info
  };
  const started = Date.now();
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["api/src/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // Generous: on a busy two-core machine the first start (migrate, seed) has taken over 90 s.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
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
    // …and each gets its own answer: summaries of different windows, first one by one, then side by
    // side (two connections' messages used to interleave in PGlite's one session, so a query could
    // run another's statement).
    const day = (back: number) => new Date(responsesUntil.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const windows = [
      { from: day(6), to: day(0) },
      { from: day(29), to: day(0) },
      { from: day(89), to: day(60) },
    ];
    const summaryOf = async (w: { from: string; to: string }) => {
      const body = await (await fetch(`${base}/api/v5/summary`, { method: "POST", headers, body: JSON.stringify(w) })).json();
      return JSON.stringify({ count: body.count, average: body.average, daily: body.charts?.daily?.length });
    };
    const alone: string[] = [];
    for (const w of windows) alone.push(await summaryOf(w));
    expect(new Set(alone).size).toBe(3);
    const together = await Promise.all([...windows, ...windows, ...windows].map(summaryOf));
    expect(together).toEqual([...alone, ...alone, ...alone]);
    // Statements of different shapes side by side: one question grouped four ways.
    // The busiest survey, by name (ids are random, so "the first" could be any survey).
    const surveys = (await (await fetch(`${base}/api/v5/surveys`, { headers })).json()) as { _id: string; name: string }[];
    const storeVisit = surveys.find((s) => s.name === "Store visit");
    expect(storeVisit).toBeDefined();
    const survey = (await (await fetch(`${base}/api/v5/surveys/${storeVisit!._id}`, { headers })).json()) as { questions: { _id: string }[] };
    const questionId = survey.questions[0]!._id;
    const questionOf = async (groupBy: string) => {
      const answer = await fetch(`${base}/api/v5/results/question`, { method: "POST", headers, body: JSON.stringify({ questionId, ...windows[1], groupBy }) });
      const r = await answer.json();
      expect(answer.status, JSON.stringify(r)).toBe(200);
      return JSON.stringify(r.series.map((p: { group: string }) => p.group));
    };
    const groupings = ["daily", "weekday", "monthly", "hourly"];
    const oneByOne: string[] = [];
    for (const g of groupings) oneByOne.push(await questionOf(g));
    expect(new Set(oneByOne).size).toBe(4);
    // Twice each side by side: eight, within one caller's analytics budget (2 running, 8 waiting).
    const sideBySide = await Promise.all([...groupings, ...groupings].map(questionOf));
    expect(sideBySide).toEqual([...oneByOne, ...oneByOne]);
    // The results screen's query: every question at once (this is where a series came back with
    // another statement's rows).
    const resultsOf = async (groupBy: string) => {
      const filters = { ...windows[1], groupBy };
      const r = await (
        await fetch(`${base}/graphql`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            query: "query($f: ResultsFilterInput) { results(filters: $f) { questionLegacyId series { group metrics { count } } } }",
            variables: { f: filters },
          }),
        })
      ).json();
      return JSON.stringify(r.data.results);
    };
    const screens: string[] = [];
    for (const g of ["weekNumber", "daily"]) screens.push(await resultsOf(g));
    const screensTogether = await Promise.all(["weekNumber", "daily", "weekNumber", "daily"].map(resultsOf));
    expect(screensTogether).toEqual([...screens, ...screens]);
    await stop(first.child);

    const second = await startServer(dataDir, port);
    children.push(second.child);
    expect(second.output()).toContain("database schema is up to date");
    expect(second.output()).not.toContain("seeding the demo organisation");
    // The same data: the earlier sign-in still holds (keys and grants were stored).
    const again = await fetch(`${base}/api/v5/user`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(again.status).toBe(200);
    console.log(`embedded start: first ${first.startupMs} ms, second ${second.startupMs} ms`);
  }, 600_000);
});
