// Shared by start.mjs and test.mjs. Plain Node (no dependencies): it runs before `npm ci` has.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const bin = (name) => path.join(root, "node_modules/.bin", name);

export function run(command, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...opts });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`${path.basename(command)} ${args.join(" ")} failed (${signal ?? code})`), { code }));
    });
  });
}

/** Installs the npm packages when node_modules is missing or older than package-lock.json. */
export async function ensureDependencies() {
  const lock = path.join(root, "package-lock.json");
  const installed = path.join(root, "node_modules/.package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return false;
  console.log("[setup] installing npm packages…");
  // `npm install`, not `npm ci`: see .ci/run (a registry without every optional platform build).
  await run("npm", ["install", "--no-audit", "--no-fund"]);
  return true;
}

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "__generated__" || entry.name === "generated") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** A fingerprint of everything the generators and the web build read. */
export function buildInputsFingerprint() {
  const hash = createHash("sha256");
  const inputs = [
    "package-lock.json",
    "prisma/schema.prisma",
    "relay.config.json",
    "lingui.config.ts",
    "schema.graphql",
    ...[...walk(path.join(root, "web"))].map((f) => path.relative(root, f)),
    ...[...walk(path.join(root, "api/src/schema"))].map((f) => path.relative(root, f)),
  ].sort();
  for (const file of inputs) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const s = statSync(full);
    hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

const stampFile = path.join(root, ".data/build-stamp.txt");

/** Runs the generators and the web build unless nothing they read has changed since the last run. */
export async function ensureBuilt({ force = false } = {}) {
  const fingerprint = buildInputsFingerprint();
  const upToDate =
    !force &&
    existsSync(path.join(root, "dist/web/index.html")) &&
    existsSync(path.join(root, "api/src/generated/prisma")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === fingerprint;
  if (upToDate) return false;
  console.log("[setup] running the generators…");
  await run(bin("tsx"), ["codegen/generate.ts"]);
  console.log("[setup] building the web client…");
  await run(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  // Fingerprint again: generation may have rewritten schema.graphql.
  writeFileSync(stampFile, buildInputsFingerprint());
  return true;
}
