// A test job process (export-process.test.ts): starts a hanging export process, prints its pid, and
// waits to be killed.
import { fileURLToPath } from "node:url";
import { exportProcessEvents, runInExportProcess } from "../domain/exports/export-process.js";

exportProcessEvents.on("spawn", ({ pid }: { pid: number }) => process.stdout.write(`${pid}\n`));
void runInExportProcess({
  entry: fileURLToPath(new URL("./sample-export-process.ts", import.meta.url)),
  input: { mode: "hang" },
  label: "hanging export",
}).catch(() => {});
