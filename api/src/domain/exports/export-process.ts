// Export producers that stream a large file (the feedback list as CSV or XLSX) run it in a process of
// their own: a lean Node process that loads only what writing the file needs (pg, the writer), with a
// capped heap, so a million-row export neither grows the api process (Prisma, fastify, the schema…)
// nor makes V8 size that process's heap for the export's garbage. The producer still runs in the
// process that runs the job (api or `npm run worker`, in-process queue or BullMQ): it checks rights,
// works out what to export, starts the export process, relays its progress to the job
// (reportProgress → ExportJob row and `exportStatusChanged`), and answers when the file is written.
//
// The protocol (IPC, structured clone): the parent sends { type: "start", input } once; the child
// answers { type: "progress", pct } any number of times, then { type: "done", result, peakRssKb } or
// { type: "failed", message, code? } and exits. A child that exits or dies without "done" fails the
// export with the cause in the log; the job reads "File generation failed" (run.ts). Children are
// killed when the parent exits, and a child exits when its parent goes away (IPC disconnect), so
// none outlives the process that started it. The child side is ./export-process-child.ts.
import { fork, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { DomainError, type DomainErrorCode } from "../errors.js";
import { exportProcessFlag } from "./export-process-child.js";

/** Old-space cap of an export process (MB): its heap holds one batch of rows and the writer's buffers. */
export const exportProcessHeapMb = 96;

export type ExportProcessMessage =
  | { type: "progress"; pct: number }
  | { type: "done"; result: unknown; peakRssKb: number }
  | { type: "failed"; message: string; code?: DomainErrorCode };

export type ExportProcessOutcome<T> = {
  result: T;
  /** The child's process id (never this process's). */
  pid: number;
  /** The child's peak resident set size (the kernel's high-water mark, VmHWM), in kB. */
  peakRssKb: number;
};

export type ExportProcessOptions = {
  /** Absolute path of the child's entry module (.ts runs through tsx's loader, .js as is). */
  entry: string;
  /** What the child works on: structured-clonable (plain data, Dates, Maps; no functions). */
  input: unknown;
  /** Called with the child's progress (0..100), one call at a time, in order. */
  onProgress?: (pct: number) => Promise<void> | void;
  heapMb?: number;
  /** Names the export in errors and logs, e.g. "csv export 65f…". */
  label: string;
};

/** Lifecycle events of export processes ("spawn" and "exit" with { pid, label, code?, signal? }): for tests and the bench. */
export const exportProcessEvents = new EventEmitter();

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}

/** How many export processes this process has running now. */
export function runningExportProcesses(): number {
  return running.size;
}

let tsxLoader: string | undefined;
function loaderArgs(entry: string): string[] {
  if (!entry.endsWith(".ts")) return [];
  tsxLoader ??= pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return ["--import", tsxLoader];
}

/** Runs `entry` in a child process of its own and answers its result, or rejects when it fails or dies. */
export function runInExportProcess<T>(opts: ExportProcessOptions): Promise<ExportProcessOutcome<T>> {
  killAllOnExit();
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = fork(opts.entry, [exportProcessFlag], {
        execArgv: [...loaderArgs(opts.entry), `--max-old-space-size=${opts.heapMb ?? exportProcessHeapMb}`],
        serialization: "advanced",
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
    } catch (error) {
      reject(error);
      return;
    }
    running.add(child);
    const pid = child.pid ?? -1;
    exportProcessEvents.emit("spawn", { pid, label: opts.label });

    let outcome: { ok: true; value: ExportProcessOutcome<T> } | { ok: false; error: Error } | undefined;
    // Progress calls are chained so they reach the job in order and the outcome waits for the last one.
    let progressChain: Promise<void> = Promise.resolve();
    const settle = (o: NonNullable<typeof outcome>) => {
      outcome ??= o;
    };

    child.on("message", (raw: unknown) => {
      const m = raw as ExportProcessMessage;
      if (m?.type === "progress") {
        const pct = m.pct;
        progressChain = progressChain
          .then(() => opts.onProgress?.(pct))
          .catch((error: unknown) => {
            // A progress write that fails (the database away) fails the export: stop the child.
            settle({ ok: false, error: error instanceof Error ? error : new Error(String(error)) });
            child.kill("SIGTERM");
          });
      } else if (m?.type === "done") {
        settle({ ok: true, value: { result: m.result as T, pid, peakRssKb: m.peakRssKb } });
      } else if (m?.type === "failed") {
        settle({ ok: false, error: m.code ? new DomainError(m.code, m.message) : new Error(`${opts.label}: ${m.message}`) });
      }
    });
    child.on("error", (error) => {
      settle({ ok: false, error: new Error(`${opts.label}: the export process could not run: ${error.message}`) });
    });
    child.on("exit", (code, signal) => {
      running.delete(child);
      exportProcessEvents.emit("exit", { pid, label: opts.label, code, signal });
      if (!outcome) {
        settle({
          ok: false,
          error: new Error(`${opts.label}: the export process ended ${signal ? `by ${signal}` : `with exit code ${code}`} before the file was written`),
        });
      }
      void progressChain.then(() => {
        const o = outcome!;
        if (o.ok) resolve(o.value);
        else reject(o.error);
      });
    });

    child.send({ type: "start", input: opts.input }, (error) => {
      if (error) {
        settle({ ok: false, error: new Error(`${opts.label}: could not hand the export to its process: ${error.message}`) });
        child.kill("SIGKILL");
      }
    });
  });
}
