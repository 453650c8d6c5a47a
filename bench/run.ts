// `npm run bench [-- <suite>…] [--duration=8] [--connections=32] [--warmup=2]`
// Runs every suite in bench/suites/ (or the ones named) and prints their figures as tables on stdout;
// progress goes to stderr. Each suite makes its own scratch database and drops it, also on Ctrl-C.
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dropAbandonedScratchDatabases, serverVersion } from "./lib/database.js";
import { formatTable } from "./lib/table.js";
import { isSuiteModule, type BenchContext, type BenchOptions, type FigureRow, type SuiteModule } from "./lib/suite.js";

const suitesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "suites");

function parseArgs(argv: string[]): { names: string[]; options: BenchOptions } {
  const options: BenchOptions = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
    duration: Number(process.env.BENCH_DURATION ?? 8),
    warmup: Number(process.env.BENCH_WARMUP ?? 2),
  };
  const names: string[] = [];
  for (const arg of argv) {
    const flag = /^--(connections|duration|warmup)=(\d+(?:\.\d+)?)$/.exec(arg);
    if (flag) options[flag[1] as keyof BenchOptions] = Number(flag[2]);
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg} (use --connections=N, --duration=S, --warmup=S)`);
    else names.push(arg);
  }
  return { names, options };
}

async function loadSuites(): Promise<SuiteModule[]> {
  const files = (await readdir(suitesDir)).filter((f) => /\.ts$/.test(f) && !/\.(test|d)\.ts$/.test(f)).sort();
  const suites: SuiteModule[] = [];
  for (const file of files) {
    const mod: unknown = await import(pathToFileURL(path.join(suitesDir, file)).href);
    // A part of a suite (campaigns-*.ts): its suite runs it.
    if (!isSuiteModule(mod) && file.startsWith("campaigns-")) continue;
    if (!isSuiteModule(mod)) throw new Error(`bench/suites/${file} must export name, description and run()`);
    suites.push(mod);
  }
  return suites;
}

const cleanups = new Set<() => Promise<void>>();
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

async function cleanUp(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    // A step that hangs (a server waiting on an open transaction) must not keep the database alive.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log("a clean-up step took more than 5 s; going on");
        resolve();
      }, 5000);
    });
    await Promise.race([fn(), timeout])
      .catch((error: unknown) => log(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => clearTimeout(timer));
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log(`${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const { names, options } = parseArgs(process.argv.slice(2));
  const all = await loadSuites();
  const unknown = names.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length) {
    log(`unknown suite(s): ${unknown.join(", ")}; available: ${all.map((s) => s.name).join(", ")}`);
    return 2;
  }
  const chosen = names.length ? all.filter((s) => names.includes(s.name)) : all;

  const pgVersion = await serverVersion().catch(() => "not reachable");
  await dropAbandonedScratchDatabases(log).catch((error: unknown) =>
    log(`could not look for abandoned scratch databases: ${error instanceof Error ? error.message : String(error)}`),
  );
  console.log(
    `Benchmarks ${new Date().toISOString()} · node ${process.version} · ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}) · PostgreSQL ${pgVersion}`,
  );
  console.log(
    `Load: autocannon, ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s measured per row; ` +
      `the load generator runs in a worker thread, the servers on this process's main thread.\n` +
      `Machine load average (1 min) before: ${os.loadavg()[0]!.toFixed(2)}; other work on the machine makes figures noisy.\n`,
  );

  const ctx: BenchContext = {
    ...options,
    log,
    onCleanup(fn) {
      cleanups.add(fn);
      return () => void cleanups.delete(fn);
    },
  };
  let failed = 0;
  for (const suite of chosen) {
    log(`suite ${suite.name}: ${suite.description}`);
    const started = performance.now();
    try {
      const rows: FigureRow[] = await suite.run(ctx);
      console.log(formatTable(`${suite.name}: ${suite.description}`, rows));
      console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s; load average after: ${os.loadavg()[0]!.toFixed(2)})\n`);
    } catch (error) {
      failed++;
      console.log(`== ${suite.name}: FAILED ==\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
  }
  await cleanUp();
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
