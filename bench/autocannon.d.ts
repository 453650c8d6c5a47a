// The part of autocannon 8's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
  };

  export type Result = {
    url: string;
    connections: number;
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    start: Date;
    finish: Date;
  };

  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    workers?: number;
    expectBody?: string;
  };

  export type Instance = PromiseLike<Result> & { stop(): void; on(event: string, listener: (...args: unknown[]) => void): Instance };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
