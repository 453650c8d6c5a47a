// Live response counts (issue 18, item 4). The real server on one process; the subscribers are
// browsers as far as the server can tell: each its own graphql-ws connection with the demo admin's
// access token, subscribed to responseCountChanged(surveyId), run in a worker thread
// (bench/lib/live-subscribers.mjs) so they do not share the server's event loop.
//
// - Latency: responses posted one at a time (250 ms apart) to the demo survey; for each, the time from
//   the server's 201 (the response is stored durably) to the first event carrying its count, at every
//   subscriber: p50 and p99 over all (response, subscriber) pairs, with 1 and with 1,000 subscribers.
//   An event that never arrives (5 s after the last response) counts as lost.
// - Cost to ingestion: the ingestion suite's load (64 connections) without subscribers, then rounds
//   (BENCH_LIVE_ROUNDS, default 3) of 1,000 watching and without again; each round's ratio is "with"
//   over the mean of the "without" runs on either side, and the figure is the rounds' median. The
//   subscribers' worker thread and the load generator share the machine's two cores with the
//   server, so the server's own cost is printed apart: the CPU time of the server's thread (this
//   process's main thread; the load generator and the subscribers run in worker threads) per
//   stored response, with and without subscribers, and the subscribers' thread's CPU time.
// - No event lost under load: after the burst, every subscriber's last event must carry the
//   survey's stored count (a count supersedes the earlier ones: docs/decisions.md "Live counts at
//   scale").
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { demoSignIn, seedDemoOrganization } from "../../api/src/seed/demo.js";
import { signInWithPassword } from "../../api/src/test/oidc-login.js";
import { withScratchDatabase } from "../lib/database.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { percentile } from "../lib/latency.js";
import { createIngestionSpec, load, requestFile } from "./ingestion.js";

export const name = "live";
export const description = "live response counts: stored → subscriber latency with 1 and 1,000 subscribers on one process, lost events, cost to ingestion";

const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 1000);
const SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 40);
/** Rounds of ingestion with subscribers, each between runs without (the cost to ingestion). */
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_LIVE_ROUNDS ?? 3)) || 3);
const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "../lib/live-subscribers.mjs");
const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Report = { events: [number, number][][]; errors: string[]; errorCount: number; cpuMs: number };

/** CPU time of this thread (the server's) in ms. */
const threadCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  return withScratchDatabase(ctx, name, async (databaseUrl) => {
    const api = await startApiServer(databaseUrl, { poolSize: 10 });
    const unregister = ctx.onCleanup(() => api.close());
    try {
      const seed = await seedDemoOrganization(api.prisma, { responses: 200, now: new Date("2026-11-02T12:00:00Z") });
      const spec = await createIngestionSpec(api.prisma, seed.organizationId);
      process.env.INGESTION_BENCH_SPEC = JSON.stringify(spec);
      const setupRequest = (await import(requestFile)).default as (r: object) => { path: string; headers: Record<string, string>; body: string };
      const { accessToken } = await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password);
      const surveyId = encodeGlobalID("Survey", spec.surveyId);

      /** Posts one response; answers the time the server acknowledged it. */
      const post = async (): Promise<number> => {
        const r = setupRequest({});
        const res = await fetch(`${api.baseUrl}${r.path}`, { method: "POST", headers: r.headers, body: r.body });
        const at = clock();
        if (res.status !== 201) throw new Error(`a response was refused: ${res.status} ${await res.text()}`);
        return at;
      };

      /** `count` subscribers, connected and each seen one event (so every subscription is live). */
      const watch = async (count: number) => {
        const worker = new Worker(workerFile, { workerData: { url: `${api.baseUrl.replace(/^http/, "ws")}/graphql`, token: accessToken, surveyId, count } });
        const messages: { type: string }[] = [];
        const waiters = new Set<() => void>();
        worker.on("message", (m: { type: string }) => {
          messages.push(m);
          for (const w of waiters) w();
        });
        const next = async (type: string, timeoutMs: number) => {
          const until = Date.now() + timeoutMs;
          for (;;) {
            const i = messages.findIndex((m) => m.type === type);
            if (i >= 0) return messages.splice(i, 1)[0]!;
            if (Date.now() > until) throw new Error(`live subscribers: no "${type}" within ${timeoutMs} ms`);
            await new Promise<void>((resolve) => {
              waiters.add(resolve);
              setTimeout(resolve, 100);
            }).finally(() => waiters.clear());
          }
        };
        const report = async () => {
          worker.postMessage("report");
          return (await next("report", 30_000)) as unknown as Report;
        };
        await next("connected", 60_000);
        // Probe until every subscriber has had an event: their subscriptions are all open.
        for (let attempt = 0; ; attempt++) {
          await post();
          await sleep(300);
          const r = await report();
          if (r.events.every((e) => e.length > 0)) break;
          if (attempt > 50)
            throw new Error(`live subscribers: ${r.events.filter((e) => e.length === 0).length} of ${count} never got an event (${r.errors.join("; ")})`);
        }
        return {
          report,
          close: async () => {
            worker.postMessage("close");
            await next("closed", 30_000).catch(() => undefined);
            await worker.terminate();
          },
        };
      };

      const latency = async (count: number) => {
        ctx.log(`latency with ${count} subscriber(s): ${SAMPLES} responses, 250 ms apart…`);
        const watchers = await watch(count);
        try {
          const before = await watchers.report();
          const base = Math.max(...before.events.map((e) => e.at(-1)?.[0] ?? 0));
          const acks: number[] = [];
          for (let k = 0; k < SAMPLES; k++) {
            acks.push(await post());
            await sleep(250);
          }
          await sleep(5000);
          const after = await watchers.report();
          const latencies: number[] = [];
          let lost = 0;
          for (const events of after.events) {
            acks.forEach((ack, k) => {
              const expected = base + k + 1;
              const hit = events.find(([n]) => n >= expected);
              if (hit) latencies.push(hit[1] - ack);
              else lost += 1;
            });
          }
          latencies.sort((a, b) => a - b);
          return {
            p50: percentile(latencies, 50, Number.NaN),
            p99: percentile(latencies, 99, Number.NaN),
            lost,
            pairs: acks.length * count,
            errors: after.errorCount,
          };
        } finally {
          await watchers.close();
        }
      };

      const rows: FigureRow[] = [];
      const loadBefore = os.loadavg()[0]!;
      for (const count of [1, SUBSCRIBERS]) {
        const l = await latency(count);
        rows.push({
          figure: `stored response → live count at the subscriber, ${count.toLocaleString("en")} subscriber(s) on one process`,
          value: Math.round(l.p50),
          unit: "ms p50",
          extra: { "p99 ms": Math.round(l.p99), lost: l.lost, "events expected": l.pairs },
          note: `${count === 1 ? "target p50 < 150 ms" : "target p99 < 300 ms, none lost"}${l.errors ? `; ${l.errors} subscription errors` : ""}`,
        });
      }

      ctx.log(`ingestion without subscribers, then ${ROUNDS} rounds of with ${SUBSCRIBERS} and without again: ${ctx.duration} s each`);
      if (ctx.warmup > 0) await load(api.baseUrl, ctx.warmup);
      /** One ingestion run: responses/s, and the server thread's CPU time per stored response (µs). */
      const ingest = async () => {
        const cpu0 = threadCpuMs();
        const r = await load(api.baseUrl, ctx.duration);
        const cpuMs = threadCpuMs() - cpu0;
        return { rate: r["2xx"] / ((r.finish.getTime() - r.start.getTime()) / 1000), cpuUs: (cpuMs * 1000) / Math.max(1, r["2xx"]), stored: r["2xx"] };
      };
      // Rounds of "with" between two "without" runs (each "without" serves the rounds on both sides):
      // one ratio per round against the mean of its neighbours, and the median of the rounds' ratios.
      // On two shared cores one 8-second run moves by ±10 %; alternating and taking the median keeps
      // a passing slow minute from deciding the figure either way.
      const withouts = [await ingest()];
      const rounds: { with: Awaited<ReturnType<typeof ingest>>; finalRight: number; eventsPerSecond: number; subscriberCpuMs: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const watchers = await watch(SUBSCRIBERS);
        try {
          const before = await watchers.report();
          const withSubscribers = await ingest();
          // The last flush and the last merged event: well within a second.
          await sleep(1500);
          const after = await watchers.report();
          const stored = (await api.prisma.survey.findUniqueOrThrow({ where: { id: spec.surveyId }, select: { responseCount: true } })).responseCount;
          const during = after.events.reduce((n, e, k) => n + e.length - before.events[k]!.length, 0);
          rounds.push({
            with: withSubscribers,
            finalRight: after.events.filter((e) => e.at(-1)?.[0] === stored).length,
            eventsPerSecond: during / SUBSCRIBERS / ctx.duration,
            subscriberCpuMs: after.cpuMs - before.cpuMs,
          });
        } finally {
          await watchers.close();
        }
        withouts.push(await ingest());
      }
      const median = (xs: number[]) =>
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        );
      const rateRatios = rounds.map((r, i) => r.with.rate / ((withouts[i]!.rate + withouts[i + 1]!.rate) / 2));
      const cpuRatios = rounds.map((r, i) => (withouts[i]!.cpuUs + withouts[i + 1]!.cpuUs) / 2 / r.with.cpuUs);
      const fmt = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(", ");
      rows.push({
        figure: `ingestion while ${SUBSCRIBERS.toLocaleString("en")} subscribers watch the survey (median of ${ROUNDS} rounds)`,
        value: Math.round(median(rounds.map((r) => r.with.rate))),
        unit: "responses/s",
        extra: { "without (median)": Math.round(median(withouts.map((w) => w.rate))), ratio: Number(median(rateRatios).toFixed(3)) },
        note: `target ratio ≥ 0.95; rounds' ratios ${fmt(rateRatios, 3)}; without ${fmt(withouts.map((w) => w.rate))}, with ${fmt(rounds.map((r) => r.with.rate))}`,
      });
      rows.push({
        figure: `server thread CPU per stored response while ${SUBSCRIBERS.toLocaleString("en")} subscribers watch (median of ${ROUNDS} rounds)`,
        value: Math.round(median(rounds.map((r) => r.with.cpuUs))),
        unit: "µs/response",
        extra: { "without (median)": Math.round(median(withouts.map((w) => w.cpuUs))), ratio: Number(median(cpuRatios).toFixed(3)) },
        note: `ratio = without ÷ with (1 = the subscribers cost the server nothing); rounds' ratios ${fmt(cpuRatios, 3)}`,
      });
      const worst = rounds.reduce((a, b) => (b.finalRight < a.finalRight ? b : a));
      rows.push({
        figure: `subscribers with the survey's final count after each burst (worst of ${ROUNDS} rounds)`,
        value: worst.finalRight,
        unit: `of ${SUBSCRIBERS.toLocaleString("en")}`,
        extra: { "events/s per subscriber": Number(worst.eventsPerSecond.toFixed(1)) },
        note: `target: all; the subscribers' own thread used ${(worst.subscriberCpuMs / 1000).toFixed(1)} s CPU in ${ctx.duration} s`,
      });
      rows.push({
        figure: "machine load (1-minute average, before → after)",
        value: Number(os.loadavg()[0]!.toFixed(2)),
        unit: "load",
        note: `${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`,
      });
      return rows;
    } finally {
      unregister();
      await api.close();
    }
  });
}
