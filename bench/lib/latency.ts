// Latency figures the suites print: the nearest-rank percentile of sorted samples, p50/p99 of a list
// of milliseconds, and one decimal.

/** The nearest-rank percentile of ascending `sorted` samples; `empty` when there are none. */
export function percentile(sorted: readonly number[], p: number, empty = 0): number {
  if (sorted.length === 0) return empty;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function latencyStats(ms: readonly number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const round1 = (x: number) => Math.round(x * 10) / 10;
