// The export-process machinery on real processes (sample entries in api/src/test/): the result and
// ordered progress come back from another process; a domain error keeps its code and message; a
// child that exits early is an error; and a child never outlives its parent, even one killed with
// SIGKILL (no exit hook runs then: the child sees its IPC channel close).
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DomainError } from "../errors.js";
import { runInExportProcess, runningExportProcesses } from "./export-process.js";

const entry = fileURLToPath(new URL("../../test/sample-export-process.ts", import.meta.url));
const run = (mode: string, progress: number[] = []) =>
  runInExportProcess<{ pid: number }>({ entry, input: { mode }, label: `test ${mode}`, heapMb: 64, onProgress: (p) => void progress.push(p) });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("export processes", () => {
  it("answers the child's result, pid and peak RSS, with its progress in order, once per percent", async () => {
    const progress: number[] = [];
    const outcome = await run("done", progress);
    expect(outcome.pid).not.toBe(process.pid);
    expect(outcome.result.pid).toBe(outcome.pid);
    expect(outcome.peakRssKb).toBeGreaterThan(10_000);
    expect(progress).toEqual([10, 50]);
    expect(alive(outcome.pid)).toBe(false);
    expect(runningExportProcesses()).toBe(0);
  });

  it("a domain error in the child comes back as that domain error", async () => {
    const error = await run("domain-error").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "CONFLICT", message: "Nothing to export" });
  });

  it("a child that exits before answering is an error naming the export and the exit code", async () => {
    await expect(run("exit")).rejects.toThrow("test exit: the export process ended with exit code 3 before the file was written");
    expect(runningExportProcesses()).toBe(0);
  });

  it("a child exits when its parent is killed", async () => {
    // node itself with tsx's loader (tsx's CLI would put a process of its own in between).
    const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    const parentEntry = fileURLToPath(new URL("../../test/sample-export-job.ts", import.meta.url));
    const parent = spawn(process.execPath, ["--import", loader, parentEntry], { stdio: ["ignore", "pipe", "inherit"] });
    const childPid = await new Promise<number>((resolve, reject) => {
      let out = "";
      parent.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) resolve(Number(out.trim()));
      });
      parent.on("exit", (code) => reject(new Error(`the parent ended with ${code}`)));
    }).catch((error: unknown) => {
      parent.kill("SIGKILL");
      throw error;
    });
    expect(alive(childPid)).toBe(true);
    parent.kill("SIGKILL");
    const started = Date.now();
    while (alive(childPid) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(alive(childPid)).toBe(false);
  });
});
