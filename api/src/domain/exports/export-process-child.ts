// The child side of ./export-process.ts, imported by an export process's entry module. Keep it free of
// imports beyond Node's own: whatever it loads, every export process carries.
import { readFileSync } from "node:fs";

/** The argument export-process.ts starts its children with. */
export const exportProcessFlag = "--export-process";

export type ExportProcessContext = {
  /** Sends progress (0..100) to the parent; at most one message per distinct whole percent. */
  progress(pct: number): void;
};

/** The kernel's high-water mark of this process's resident set (VmHWM), in kB. */
export function peakRssKb(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (kb) return Number(kb[1]);
  } catch {
    // not Linux: fall through
  }
  return process.resourceUsage().maxRSS;
}

function send(message: unknown): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/**
 * Waits for the parent's start message, runs `work` with its input, reports the outcome and exits.
 * Exits at once when the parent goes away (the IPC channel closes) before the work is done.
 */
export function serveExportProcess<I, R>(work: (input: I, ctx: ExportProcessContext) => Promise<R>): void {
  if (!process.send || !process.argv.includes(exportProcessFlag)) {
    throw new Error("an export process's entry runs only when ../exports/export-process.ts starts it: do not import it");
  }
  let finished = false;
  process.on("disconnect", () => {
    if (!finished) process.exit(1);
  });
  process.once("message", (raw: unknown) => {
    const m = raw as { type?: string; input?: I };
    if (m?.type !== "start") {
      void send({ type: "failed", message: `unexpected first message ${JSON.stringify(m?.type)}` }).then(() => process.exit(1));
      return;
    }
    let last = -1;
    const ctx: ExportProcessContext = {
      progress(pct) {
        const value = Math.max(0, Math.min(100, Math.floor(pct)));
        if (value <= last) return;
        last = value;
        process.send?.({ type: "progress", pct: value });
      },
    };
    work(m.input as I, ctx).then(
      async (result) => {
        finished = true;
        await send({ type: "done", result, peakRssKb: peakRssKb() });
        process.exit(0);
      },
      async (error: unknown) => {
        finished = true;
        const e = error as { name?: string; code?: unknown; message?: string; stack?: string };
        // A domain error's message is meant for the person; anything else goes to the parent's log.
        const domain = e?.name === "DomainError" && typeof e.code === "string";
        await send({ type: "failed", message: e?.message ?? String(error), ...(domain ? { code: e.code } : {}) });
        process.exit(1);
      },
    );
  });
}
