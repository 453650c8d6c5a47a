// Runs every generator in order: Prisma client and Pothos types, schema.graphql and the OpenAPI
// document, Relay artifacts, Lingui catalogs. `npm run generate`; `npm start` and `npm test` call it.
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // Prisma finds its generators (prisma-pothos-types) on PATH, as under `npm run`.
    const env = { ...process.env, PATH: `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}` };
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(" ")} exited with ${code}`))));
  });
}

export async function generateAll(opts: { log?: (m: string) => void } = {}) {
  const log = opts.log ?? ((m: string) => console.log(m));
  log("generate: Prisma client and Pothos types");
  await run(bin("prisma"), ["generate"]);
  // schema.graphql imports the generated Prisma types, so it runs in a new process after them.
  log("generate: schema.graphql and docs/openapi.json");
  await run(bin("tsx"), ["codegen/print-schema.ts"]);
  log("generate: Relay artifacts");
  await mkdir(path.join(root, "web/src/__generated__"), { recursive: true });
  await run(bin("relay-compiler"), []);
  log("generate: Lingui catalogs");
  await run(bin("lingui"), ["compile", "--typescript"]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await generateAll();
}
