// `codegen/migrate.ts check` (what CI runs): 0 with the committed migrations, 1 when schema.prisma
// has a change no migration captures. The change is made to a temporary copy of the schema.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../test/services.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const noDatabase = skipWithout("PostgreSQL");
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function runMigrate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "codegen", "migrate.ts"), ...args], {
      cwd: root,
      env: { ...process.env, MIGRATE_DATABASE_URL: process.env.MIGRATE_DATABASE_URL ?? adminUrl },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(noDatabase)("codegen/migrate.ts check", () => {
  let dir = "";
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("passes with the committed migrations", async () => {
    const r = await runMigrate(["check"]);
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok: the migrations capture every change/);
  });

  it("fails when schema.prisma has a change that no migration captures", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "migrate-check-test-"));
    const schema = await readFile(path.join(root, "prisma", "schema.prisma"), "utf8");
    const changed = schema.replace(/(\nmodel Organization \{\n)/, "$1  checkTestField String?\n");
    expect(changed).not.toBe(schema);
    const copy = path.join(dir, "schema.prisma");
    await writeFile(copy, changed);
    const r = await runMigrate(["check", "--schema", copy]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/schema\.prisma has changes that no migration captures/);
    expect(r.stderr).toMatch(/ALTER TABLE "Organization" ADD COLUMN\s+"checkTestField" TEXT/);
  });
});
