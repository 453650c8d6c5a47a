// CPU per GraphQL viewer query, ours against a bare graphql-yoga, in one run (issue 18, item 2;
// docs/decisions.md "API layer"):
//   npx tsx bench/profile-graphql.ts [seconds] [rounds] [out-dir]
// On a loaded machine requests per second say little; the CPU time each request costs the server
// says more. Starts the real server (as the foundation bench does) and the foundation bench's bare
// yoga (the same answer from memory, mounted by the same mountGraphQL) in this process, and loads
// each in turn (ours, bare, ours, bare… `rounds` times) with 32 connections from an autocannon
// process of its own, so this process's CPU time (process.cpuUsage: every thread, GC included) is
// the servers' alone. Then one more load of each with V8's sampling profiler on (the same as
// `node --cpu-prof`), written to `out-dir` (graphql-ours.cpuprofile, graphql-bare.cpuprofile) for
// bench/lib/cpu-profile-summary.ts; the CPU figures come from the runs without the profiler.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { promisify } from "node:util";
import { signInWithPassword } from "../api/src/test/oidc-login.js";
import { demoSignIn, seedDemoOrganization } from "../api/src/seed/demo.js";
import { type CpuProfile, frameName, packageOf, selfTime } from "./lib/cpu-profile.js";
import { withScratchDatabase } from "./lib/database.js";
import type { LoadTarget } from "./lib/load.js";
import { startApiServer, startBareYogaServer } from "./lib/servers.js";
import { viewerQuery, viewerTypeDefs } from "./suites/foundation.js";

const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 2);
const outDir = process.argv[4] ?? "/tmp";
mkdirSync(outDir, { recursive: true });
const autocannonBin = path.resolve(import.meta.dirname, "../node_modules/.bin/autocannon");

/** One load of `target` from an autocannon process: the 2xx answers, their rate and the failures. */
async function load(target: LoadTarget, duration: number): Promise<{ requests: number; rps: number; failures: number }> {
  const args = ["-j", "-c", "32", "-d", String(duration), "-m", target.method ?? "GET"];
  for (const [k, v] of Object.entries(target.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (target.body) args.push("-b", target.body);
  const { stdout } = await promisify(execFile)(autocannonBin, [...args, target.url], { maxBuffer: 10_000_000 });
  const r = JSON.parse(stdout) as { "2xx": number; non2xx: number; errors: number; timeouts: number; start: string; finish: string };
  const s = (Date.parse(r.finish) - Date.parse(r.start)) / 1000;
  return { requests: r["2xx"], rps: r["2xx"] / s, failures: r.non2xx + r.errors + r.timeouts };
}

/** This process's CPU time (user + system, every thread) during `work`, in ms. */
async function cpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}

const ctx = { connections: 32, duration: seconds, warmup: 0, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "profile_graphql", async (databaseUrl) => {
  const api = await startApiServer(databaseUrl);
  try {
    await seedDemoOrganization(api.prisma, { responses: 100 });
    const bearer = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
    const target = (baseUrl: string, headers: Record<string, string>): LoadTarget => ({
      url: `${baseUrl}/graphql`,
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: viewerQuery }),
    });
    const ours = target(api.baseUrl, { authorization: `Bearer ${bearer}` });
    const answer = (await (await fetch(ours.url, { method: "POST", headers: ours.headers, body: ours.body })).json()) as { data?: { viewer?: unknown } };
    if (!answer.data?.viewer) throw new Error(`the viewer query answered no viewer: ${JSON.stringify(answer).slice(0, 300)}`);
    const bareServer = await startBareYogaServer(viewerTypeDefs, answer.data.viewer);
    const bare = target(bareServer.baseUrl, {});
    const targets = [
      ["ours", ours],
      ["bare", bare],
    ] as const;
    const profiled = new Map<string, { profile: CpuProfile; requests: number }>();
    const rows: { name: string; rps: number; requests: number; failures: number; cpuMs: number; perRequestUs: number; sql: number }[] = [];
    try {
      for (const [, t] of targets) await load(t, 2);
      for (let round = 1; round <= rounds; round++) {
        for (const [name, t] of targets) {
          const statements = api.statements();
          const { result, cpuMs } = await cpuDuring(() => load(t, seconds));
          const sql = api.statements() - statements;
          const row = { name, ...result, cpuMs, perRequestUs: (cpuMs * 1000) / Math.max(1, result.requests), sql };
          rows.push(row);
          console.error(
            `${name} round ${round}: ${Math.round(row.rps)} req/s, ${row.requests} requests, ${row.failures} failures, CPU ${(cpuMs / 1000).toFixed(2)} s, ${row.perRequestUs.toFixed(1)} µs/request, ${row.sql} SQL statements (any, background work included); load average ${os.loadavg()[0]!.toFixed(1)}`,
          );
        }
      }
      const session = new Session();
      session.connect();
      await session.post("Profiler.enable");
      for (const [name, t] of targets) {
        await session.post("Profiler.start");
        const { requests } = await load(t, seconds);
        const { profile } = await session.post("Profiler.stop");
        writeFileSync(path.join(outDir, `graphql-${name}.cpuprofile`), JSON.stringify(profile));
        profiled.set(name, { profile: profile as unknown as CpuProfile, requests });
      }
      session.disconnect();
    } finally {
      await bareServer.close();
    }
    // Where ours spends beyond the bare yoga: the profiles' self time per request, by package and by
    // function, largest difference first (sampled wall time of the busy thread: it shows the
    // shares; the CPU figures above are the measure).
    const perRequest = (name: string, group: Parameters<typeof selfTime>[1]) => {
      const p = profiled.get(name)!;
      return new Map([...selfTime(p.profile, group)].map(([k, us]) => [k, us / Math.max(1, p.requests)]));
    };
    for (const [title, group, top] of [
      ["package", (f: { url: string }) => packageOf(f.url), 25],
      ["function", frameName, 40],
    ] as const) {
      const o = perRequest("ours", group);
      const b = perRequest("bare", group);
      const keys = [...new Set([...o.keys(), ...b.keys()])].sort((x, y) => (o.get(y) ?? 0) - (b.get(y) ?? 0) - ((o.get(x) ?? 0) - (b.get(x) ?? 0)));
      console.log(`\nself time per request by ${title} (µs, profiled runs): ours, bare, difference`);
      for (const k of keys.slice(0, top))
        console.log(
          `${(o.get(k) ?? 0).toFixed(1).padStart(8)} ${(b.get(k) ?? 0).toFixed(1).padStart(8)} ${((o.get(k) ?? 0) - (b.get(k) ?? 0)).toFixed(1).padStart(8)}  ${k}`,
        );
      const sum = (m: Map<string, number>) => [...m.values()].reduce((n, v) => n + v, 0);
      console.log(`${sum(o).toFixed(1).padStart(8)} ${sum(b).toFixed(1).padStart(8)} ${(sum(o) - sum(b)).toFixed(1).padStart(8)}  (all busy samples)`);
    }
    const mean = (name: string) => {
      const r = rows.filter((x) => x.name === name);
      return r.reduce((n, x) => n + x.perRequestUs, 0) / r.length;
    };
    for (const r of rows)
      console.log(
        `${r.name}: ${Math.round(r.rps)} req/s, ${r.requests} requests, ${r.failures} failures, CPU ${(r.cpuMs / 1000).toFixed(2)} s, ${r.perRequestUs.toFixed(1)} µs/request`,
      );
    // Each round's ours and bare run back to back: their ratio is less moved by the machine's load
    // than the means are (a loaded machine makes every instruction slower, for both alike).
    const pairs = rows
      .filter((r) => r.name === "ours")
      .map((o, i) => rows.filter((r) => r.name === "bare")[i]!.perRequestUs / o.perRequestUs)
      .sort((a, b) => a - b);
    const median = pairs.length % 2 ? pairs[(pairs.length - 1) / 2]! : (pairs[pairs.length / 2 - 1]! + pairs[pairs.length / 2]!) / 2;
    console.log(`bare ÷ ours per round: ${pairs.map((p) => p.toFixed(3)).join(" ")}; median ${median.toFixed(3)}`);
    console.log(
      `CPU per request (mean of ${rounds}): ours ${mean("ours").toFixed(1)} µs, bare yoga ${mean("bare").toFixed(1)} µs; bare ÷ ours ${(mean("bare") / mean("ours")).toFixed(3)}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; profiles in ${outDir}`,
    );
  } finally {
    await api.close();
  }
});
