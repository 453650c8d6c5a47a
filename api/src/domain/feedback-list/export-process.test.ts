// Feedback-list files are written in an export process of their own (export-run.ts →
// ../exports/export-process.ts → export-child.ts), on the real server's job runner (BullMQ on Redis
// when it answers, else in process) and the real PostgreSQL: the file comes out of another process
// that has exited when the job is finished; a child that dies marks the job failed with the spec's
// message and leaves no file; an error inside the child comes back as an error; without a
// DATABASE_URL (the embedded database) the same file is written in this process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import type { DomainContext } from "../context.js";
import { loadViewer } from "../viewer.js";
import type { ExportJob } from "../../generated/prisma/client.js";
import { exportMessages } from "../exports/jobs.js";
import { exportProcessEvents, runningExportProcesses } from "../exports/export-process.js";
import { startFeedbackListExport } from "./exports.js";
import { runFeedbackListFile } from "./export-run.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../../test/list-survey.js";

type Spawned = { pid: number; label: string };
type Exited = Spawned & { code: number | null; signal: string | null };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(noDatabase)("feedback-list files in an export process", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let s: ListSurvey;
  let ids: string[];
  let dataDir: string;
  let ctx: DomainContext;
  const spawned: Spawned[] = [];
  const exited: Exited[] = [];
  const onSpawn = (e: Spawned) => spawned.push(e);
  const onExit = (e: Exited) => exited.push(e);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const filters = () => ({ from: day(new Date(Date.now() - 5 * 86_400_000)), to: day(new Date()), surveyId: [s.survey.id] });

  const waitForJob = async (id: string): Promise<ExportJob> => {
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      const job = await t.prisma.exportJob.findUnique({ where: { id } });
      if (job && job.status !== "generating") return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("export did not finish");
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "export-process-"));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    org = await createOrganizationFixture(t.prisma, "Forked");
    s = await createListSurvey(t.prisma, org);
    const base = Date.now() - 86_400_000;
    ids = await insertResponses(
      t.prisma,
      org.organization.id,
      s.survey.id,
      Array.from({ length: 12 }, (_, i) => ({
        touchpoint: s.touchpointA,
        createdAt: new Date(base + i * 60_000),
        metadata: { lane: String(i) },
        answers: fullAnswers(s),
      })),
    );
    const viewer = await loadViewer(t.prisma, org.users.admin.id, "accessToken", { organizationId: org.organization.id });
    ctx = { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer };
    exportProcessEvents.on("spawn", onSpawn);
    exportProcessEvents.on("exit", onExit);
  });
  afterAll(async () => {
    exportProcessEvents.off("spawn", onSpawn);
    exportProcessEvents.off("exit", onExit);
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes the CSV in another process, which has exited when the job reads finished", async () => {
    const before = spawned.length;
    const id = await startFeedbackListExport(ctx, "csv", { filters: filters(), locale: "en" });
    const job = await waitForJob(id);
    expect(job, job.error ?? "").toMatchObject({ status: "finished", progress: 100, error: null });
    const mine = spawned.slice(before).filter((e) => e.label === `csv export ${id}`);
    expect(mine).toHaveLength(1);
    const { pid } = mine[0]!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(exited.find((e) => e.pid === pid)).toMatchObject({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
    expect(runningExportProcesses()).toBe(0);
    const rows: string[][] = parse(await readFile(job.filePath!, "utf8"), { bom: true });
    expect(rows[0]!.slice(0, 2)).toEqual(["Response id", "Date"]);
    expect(rows[0]!.at(-1)).toBe("meta_lane");
    expect(rows.slice(1).map((r) => r[0])).toEqual([...ids].reverse());
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual(Array.from({ length: 12 }, (_, i) => String(11 - i)));
  });

  it("answers the rows and the export process's pid and peak memory; XLSX too", async () => {
    const outputPath = path.join(dataDir, "direct.xlsx");
    const progress: number[] = [];
    const run = await runFeedbackListFile(
      { ctx, request: { filters: filters(), locale: "fi" }, outputPath, reportProgress: async (pct) => void progress.push(pct) },
      "xlsx",
    );
    expect(run.rows).toBe(12);
    expect(run.process!.pid).not.toBe(process.pid);
    expect(run.process!.peakRssKb).toBeGreaterThan(10_000);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect((await readFile(outputPath)).subarray(0, 2).toString()).toBe("PK");
  });

  it("a child that dies marks the job failed with the spec's message, leaves no file and no process", async () => {
    const kill = (e: Spawned) => {
      if (e.label.startsWith("xlsx export ")) process.kill(e.pid, "SIGKILL");
    };
    exportProcessEvents.on("spawn", kill);
    try {
      const id = await startFeedbackListExport(ctx, "xlsx", { filters: filters(), locale: "en" });
      const job = await waitForJob(id);
      expect(job).toMatchObject({ status: "failed", error: exportMessages.fileFailed, filePath: null });
      const pid = spawned.find((e) => e.label === `xlsx export ${id}`)!.pid;
      expect(exited.find((e) => e.pid === pid)).toMatchObject({ signal: "SIGKILL" });
      expect(existsSync(path.join(dataDir, "exports", org.organization.id, `${id}.xlsx`))).toBe(false);
      expect(runningExportProcesses()).toBe(0);
    } finally {
      exportProcessEvents.off("spawn", kill);
    }
  });

  it("an error inside the child comes back as an error (here: a database that does not exist)", async () => {
    const url = new URL(t.config.databaseUrl!);
    url.pathname = "/no_such_database_for_exports";
    const badCtx = { ...ctx, config: { ...t.config, databaseUrl: url.toString() } };
    const outputPath = path.join(dataDir, "bad.csv");
    await expect(runFeedbackListFile({ ctx: badCtx, request: { filters: filters() }, outputPath, reportProgress: async () => {} }, "csv")).rejects.toThrow(
      /csv export: .*no_such_database_for_exports/,
    );
    expect(exited.at(-1)).toMatchObject({ code: 1, label: "csv export" });
    expect(runningExportProcesses()).toBe(0);
  });

  it("without a DATABASE_URL (the embedded database) writes the same file in this process", async () => {
    const embedded = { ...ctx, config: { ...t.config, databaseUrl: undefined } };
    const before = spawned.length;
    const outputPath = path.join(dataDir, "in-process.csv");
    const run = await runFeedbackListFile({ ctx: embedded, request: { filters: filters(), locale: "en" }, outputPath, reportProgress: async () => {} }, "csv");
    expect(run).toEqual({ rows: 12, process: null });
    expect(spawned.length).toBe(before);
    const rows: string[][] = parse(await readFile(outputPath, "utf8"), { bom: true });
    expect(rows.slice(1).map((r) => r[0])).toEqual([...ids].reverse());
  });

  it("in this process, a failing progress write fails the export (no unhandled rejection)", async () => {
    const embedded = { ...ctx, config: { ...t.config, databaseUrl: undefined } };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const reportProgress = async () => {
        throw new Error("the job's row is gone");
      };
      await expect(
        runFeedbackListFile(
          { ctx: embedded, request: { filters: filters(), locale: "en" }, outputPath: path.join(dataDir, "gone.csv"), reportProgress },
          "csv",
        ),
      ).rejects.toThrow("the job's row is gone");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
