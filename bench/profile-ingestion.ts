// Where an ingested response's CPU goes (issue 18, item 3):
//   npx tsx bench/profile-ingestion.ts [seconds] [out.cpuprofile]
// Starts the real server on a scratch database as `npm run bench -- ingestion` does, loads
// POST /r/{touchpointId}/responses with the same 64 clients (autocannon in a worker thread), and
// prints CPU time per stored response: the server's thread (process.threadCpuUsage) and every
// PostgreSQL process together (utime + stime from /proc, the roll-up applier's backend included),
// which, unlike responses/s, hardly move with the machine's other load. V8's sampling profiler runs
// on the server's thread during the measured load only; summarise the profile with
// `npx tsx bench/lib/cpu-profile-summary.ts <out>`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { seedDemoOrganization } from "../api/src/seed/demo.js";
import { withScratchDatabase } from "./lib/database.js";
import { startApiServer } from "./lib/servers.js";
import { createIngestionSpec, load } from "./suites/ingestion.js";

const seconds = Number(process.argv[2] ?? 8);
const out = process.argv[3] ?? "/tmp/ingestion.cpuprofile";
const ticksPerSecond = 100; // USER_HZ on Linux

/** CPU seconds used so far by every process whose command is postgres (0 where /proc is not readable). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / ticksPerSecond;
}

/** CPU seconds so far of each of this process's threads, by the thread's name (summed per name). */
function threadCpuSeconds(): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return byName;
}

const ctx = { connections: 64, duration: seconds, warmup: 2, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "profile", async (databaseUrl) => {
  const api = await startApiServer(databaseUrl, { poolSize: 10 });
  try {
    const seed = await seedDemoOrganization(api.prisma, { responses: 1000 });
    const spec = await createIngestionSpec(api.prisma, seed.organizationId);
    process.env.INGESTION_BENCH_SPEC = JSON.stringify(spec);
    await load(api.baseUrl, 2);
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    const loadBefore = os.loadavg()[0]!;
    const thread0 = process.threadCpuUsage();
    const process0 = process.cpuUsage();
    const threads0 = threadCpuSeconds();
    const pg0 = postgresCpuSeconds();
    const result = await load(api.baseUrl, seconds);
    const thread = process.threadCpuUsage(thread0);
    const whole = process.cpuUsage(process0);
    const threads = [...threadCpuSeconds()].map(([name, s]) => [name, s - (threads0.get(name) ?? 0)] as const).filter(([, s]) => s > 0);
    const pgSeconds = postgresCpuSeconds() - pg0;
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(out, JSON.stringify(profile));
    session.disconnect();
    const ok = result["2xx"];
    const wall = (result.finish.getTime() - result.start.getTime()) / 1000;
    const perResponse = (cpuSeconds: number) => ((cpuSeconds * 1000) / Math.max(1, ok)).toFixed(3);
    console.log(
      `${Math.round(ok / wall)} responses/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; CPU per response: server thread ${perResponse((thread.user + thread.system) / 1e6)} ms, the rest of this process (the load generator's worker thread, libuv, the garbage collector's helpers) ${perResponse((whole.user + whole.system - thread.user - thread.system) / 1e6)} ms, PostgreSQL (all processes) ${perResponse(pgSeconds)} ms; load ${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)}; profile: ${out}`,
    );
    const ms = (s: number) => `${((s * 1000) / Math.max(1, ok)).toFixed(3)} ms`;
    console.log(`this process's threads, CPU per response: ${threads.map(([name, s]) => `${name} ${ms(s)}`).join(", ")}`);
  } finally {
    await api.close();
  }
});
