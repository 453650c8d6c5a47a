// `npm start`: install what is missing, generate, build the web client, then run the server
// (which migrates, seeds the demo organisation on first start and serves everything on PORT).
import { ensureBuilt, ensureDependencies, root } from "./lib.mjs";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { constants } from "node:os";

/**
 * PDF exports print the results page in Debian's Chromium. When it is missing and this machine can
 * install Debian packages (root, or sudo without a password), it is installed in the background
 * while the server starts, so the first start is not held up; until it is there, a PDF export
 * fails with the message that Chromium is missing. CHROMIUM_PATH points elsewhere when set.
 */
function installChromiumInBackground() {
  if (process.env.CHROMIUM_PATH || existsSync("/usr/bin/chromium") || !existsSync("/usr/bin/apt-get")) return;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) return;
  mkdirSync(path.join(root, ".data"), { recursive: true });
  const log = path.join(root, ".data", "chromium-install.log");
  const apt = "apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core";
  const child = spawn(asRoot ? "sh" : "sudo", asRoot ? ["-c", apt] : ["sh", "-c", apt], {
    detached: true,
    stdio: ["ignore", openSync(log, "a"), openSync(log, "a")],
  });
  child.unref();
  console.log(`[start] installing Debian's chromium for PDF exports in the background (log: ${path.relative(root, log)})`);
}

await ensureDependencies();
await ensureBuilt();
installChromiumInBackground();
// Node with tsx as a loader, not the tsx command (which starts a second Node process to run it).
// `node` from PATH, where npm puts node_modules/.bin first: the project's Node (the `node` package)
// once installed, even when this script itself started on the machine's Node before the install.
const server = spawn("node", ["--import", "tsx", "api/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// A server killed by a signal is a failure (128 + the signal's number, as a shell reports it), not 0.
server.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
