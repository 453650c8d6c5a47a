// Our processes started as a deployment starts them (`node api/src/main.ts`, `api/src/worker.ts`),
// for the tests that need more than one process on one database: scale-out.test.ts and
// auth/access-cache.test.ts.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./support.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type RunningProcess = { child: ChildProcess; output: string[]; stop(): Promise<void> };

/**
 * Starts one of our processes (`entry`, relative to the repository) with this process's environment
 * and `env` over it (less the names in `unset`); resolves once `ready()` answers true. Its output is
 * kept, and shown when it exits early or is not ready within 120 s.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  opts: { unset?: readonly string[] } = {},
): Promise<RunningProcess> {
  const inherited = { ...process.env };
  for (const name of opts.unset ?? []) delete inherited[name];
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", entry], { cwd: root, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => output.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => output.push(d.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output.join("").slice(-3000)}`);
    if (await ready().catch(() => false)) return { child, output, stop };
    if (Date.now() > until) {
      await stop();
      throw new Error(`${entry} did not start within 120 s:\n${output.join("").slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ready when the api at `baseUrl` answers /healthz. */
export const healthy = (baseUrl: string) => async () => (await fetch(`${baseUrl}/healthz`)).ok;

export type TwoApis = { a: string; b: string; processes: RunningProcess[]; stop(): Promise<void> };

/**
 * Two api processes (A and B, each on a free port of 127.0.0.1) on the database `databaseUrl`, as
 * behind a load balancer: one public address (A's) in front of both, so tokens name one issuer; no
 * demo data, no web client, warnings only. `env` is added to both (e.g. REDIS_URL, a cache lifetime);
 * `unset` drops inherited variables (e.g. REDIS_URL, so nothing but PostgreSQL connects them);
 * `worker` also starts `api/src/worker.ts` with the same environment.
 */
export async function startTwoApis(
  databaseUrl: string,
  opts: { env?: Record<string, string>; unset?: readonly string[]; worker?: boolean } = {},
): Promise<TwoApis> {
  const [portA, portB] = [await freePort(), await freePort()];
  const a = `http://127.0.0.1:${portA}`;
  const b = `http://127.0.0.1:${portB}`;
  const common = {
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    PUBLIC_URL: a,
    SEED_DEMO: "false",
    SERVE_WEB: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
    ...opts.env,
  };
  const unset = opts.unset ?? [];
  const started = await Promise.allSettled([
    startProcess("api/src/main.ts", { ...common, PORT: String(portA) }, healthy(a), { unset }),
    startProcess("api/src/main.ts", { ...common, PORT: String(portB) }, healthy(b), { unset }),
    ...(opts.worker ? [startProcess("api/src/worker.ts", common, async () => true, { unset })] : []),
  ]);
  const processes = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { a, b, processes, stop };
}
