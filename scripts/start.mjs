// `npm start`: install what is missing, generate, build the web client, then run the server
// (which migrates, seeds the demo organisation on first start and serves everything on PORT).
import { bin, ensureBuilt, ensureDependencies, root } from "./lib.mjs";
import { spawn } from "node:child_process";

await ensureDependencies();
await ensureBuilt();
const server = spawn(bin("tsx"), ["api/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
