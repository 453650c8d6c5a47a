// Load runs with autocannon: a warm-up, then the measured run; requests per second and latency.
import autocannon, { type Result } from "autocannon";
import type { BenchOptions } from "./suite.js";

export type LoadTarget = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};

export type LoadFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers, errors and timeouts during the measured run: the figures are not valid unless 0. */
  failures: number;
};

function run(target: LoadTarget, opts: { connections: number; duration: number }): Promise<Result> {
  return Promise.resolve(
    autocannon({
      url: target.url,
      method: target.method ?? "GET",
      headers: target.headers,
      body: target.body,
      connections: opts.connections,
      duration: opts.duration,
      timeout: 10,
      // The load generator runs in a worker thread, off the servers' event loop.
      workers: 1,
    }),
  );
}

export async function measure(target: LoadTarget, opts: BenchOptions): Promise<LoadFigures> {
  if (opts.warmup > 0) await run(target, { connections: opts.connections, duration: opts.warmup });
  const result = await run(target, { connections: opts.connections, duration: opts.duration });
  const ok = result["2xx"];
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    // 2xx answers per second of the measured run (autocannon's own mean over its 1-second samples
    // would also count failed requests).
    requestsPerSecond: seconds > 0 ? ok / seconds : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: ok,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Mean latency of `count` requests sent one after another (no concurrency), after `warm` unmeasured ones. */
export async function serialLatency(target: LoadTarget, count = 50, warm = 10): Promise<number> {
  const once = async () => {
    const response = await fetch(target.url, { method: target.method ?? "GET", headers: target.headers, body: target.body });
    await response.arrayBuffer();
  };
  for (let i = 0; i < warm; i++) await once();
  const started = performance.now();
  for (let i = 0; i < count; i++) await once();
  return (performance.now() - started) / count;
}
