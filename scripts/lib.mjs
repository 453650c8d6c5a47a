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

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/**
 * What an install depends on: the lock file's content and the dependency fields of package.json
 * (the Node that runs everything is one of them, the `node` package). Content, not mtimes: a
 * checkout or a `touch` that changes nothing does not reinstall. Not the Node running this script:
 * the very first start runs on the machine's Node, every later one on the project's.
 */
export function dependenciesFingerprint() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const fields = ["dependencies", "devDependencies", "optionalDependencies", "overrides", "allowScripts"].map((k) => pkg[k] ?? null);
  return sha256(`${JSON.stringify(fields)}\n${readFileSync(path.join(root, "package-lock.json"), "utf8")}`);
}

const installStamp = path.join(root, "node_modules/.install-stamp");

/** Installs the npm packages when node_modules is missing or was installed from another lock file. */
export async function ensureDependencies() {
  const lock = path.join(root, "package-lock.json");
  const installed = path.join(root, "node_modules/.package-lock.json");
  const fingerprint = dependenciesFingerprint();
  if (existsSync(installed)) {
    if (existsSync(installStamp)) {
      if (readFileSync(installStamp, "utf8") === fingerprint) return false;
    } else if (statSync(installed).mtimeMs >= statSync(lock).mtimeMs) {
      // Installed before the stamp existed: trust npm's own record (newer than the lock), and stamp it.
      writeFileSync(installStamp, fingerprint);
      return false;
    }
  }
  console.log("[setup] installing npm packages…");
  // `npm install`, not `npm ci`: see .ci/run (a registry without every optional platform build).
  await run("npm", ["install", "--no-audit", "--no-fund"]);
  writeFileSync(installStamp, fingerprint);
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

/** A fingerprint of everything the generators and the web build read: paths and contents (not mtimes). */
export function buildInputsFingerprint() {
  const hash = createHash("sha256");
  const inputs = [
    "package-lock.json",
    "prisma/schema.prisma",
    "relay.config.json",
    "lingui.config.ts",
    "schema.graphql",
    ...[...walk(path.join(root, "web"))].map((f) => path.relative(root, f)),
    // The rules the web client bundles from the shared package.
    ...[...walk(path.join(root, "shared"))].map((f) => path.relative(root, f)),
    ...[...walk(path.join(root, "api/src/schema"))].map((f) => path.relative(root, f)),
  ].sort();
  for (const file of inputs) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    hash.update(`${file}:${sha256(readFileSync(full))}\n`);
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
