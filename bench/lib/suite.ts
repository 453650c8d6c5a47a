// What a benchmark suite is. Every file in bench/suites/ exports `name`, `description` and `run`;
// bench/run.ts finds them, runs them (all, or the ones named on the command line) and prints their
// figure rows as tables.

/** One measured figure. `extra` holds further columns (p50, p99, ratio…), printed in the order they first appear. */
export type FigureRow = {
  figure: string;
  value: number;
  unit: string;
  extra?: Record<string, string | number>;
  note?: string;
};

export type BenchOptions = {
  /** Concurrent connections of a load run. */
  connections: number;
  /** Seconds measured per load run. */
  duration: number;
  /** Seconds of load before each measured run (not counted). */
  warmup: number;
};

export type BenchContext = BenchOptions & {
  /** Progress for the person watching (stderr); the figures go to stdout. */
  log(message: string): void;
  /** Registers clean-up work that must happen even when the run is interrupted (Ctrl-C). */
  onCleanup(fn: () => Promise<void>): () => void;
};

export type SuiteModule = {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<FigureRow[]>;
};

export function isSuiteModule(value: unknown): value is SuiteModule {
  const m = value as Partial<SuiteModule> | null;
  return !!m && typeof m.name === "string" && typeof m.run === "function";
}
