// A test export process (export-process.test.ts): does what its input says, through the same child
// side as the real ones.
import { serveExportProcess } from "../domain/exports/export-process-child.js";
import { DomainError } from "../domain/errors.js";

type Mode = "done" | "hang" | "domain-error" | "exit";

serveExportProcess<{ mode: Mode }, { pid: number }>(async ({ mode }, ctx) => {
  ctx.progress(10);
  ctx.progress(10); // the same percent twice is sent once
  ctx.progress(50);
  if (mode === "domain-error") throw new DomainError("CONFLICT", "Nothing to export");
  if (mode === "exit") process.exit(3);
  if (mode === "hang") await new Promise(() => {});
  return { pid: process.pid };
});
