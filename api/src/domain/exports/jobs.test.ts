// startExport through the real job runner (BullMQ on Redis when it answers, else in process) and the
// real database: status generating → finished with progress pushed on the bus, the file under the data
// directory, failures stored with the spec's message, plan and rights refusals, and tenancy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { loadViewer } from "../viewer.js";
import type { DomainContext } from "../context.js";
import { DomainError } from "../errors.js";
import { scopedToOrganization } from "../tenancy.js";
import type { ExportStatusEvent } from "../../pubsub/bus.js";
import { defineExportProducer, exportMessages, getExportJob, startExport, sweepExpiredExports, exportTtlMs } from "./jobs.js";

const eventually = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
};

// A named producer: registered at module level, as real producers are.
const slowCsv = defineExportProducer("test.slow-csv", async (job) => {
  const rows = (job.request as { rows: number }).rows;
  let text = "n\n";
  for (let i = 1; i <= rows; i++) {
    text += `${i}\n`;
    await job.reportProgress((i / rows) * 100);
    await new Promise((r) => setTimeout(r, 30));
  }
  await writeFile(job.outputPath, `${text}by ${job.viewer.email}\n`);
});

describe.skipIf(noDatabase)("export jobs", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let dataDir: string;

  const ctxOf = async (userId: string, organizationId: string): Promise<DomainContext> => {
    const viewer = await loadViewer(t.prisma, userId, "accessToken", { organizationId });
    return { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer };
  };
  const errorOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as DomainError;
    }
    throw new Error("expected an error");
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "exports-"));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    org = await createOrganizationFixture(t.prisma, "Exporter");
    other = await createOrganizationFixture(t.prisma, "Other");
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers the id at once, then generating with progress → finished, pushing every change", async () => {
    const ctx = await ctxOf(org.users.editorA.id, org.organization.id);
    const events: ExportStatusEvent[] = [];
    // Subscribe before the job can start: the id is not known yet, so listen to the first job made.
    const id = await startExport(ctx, { kind: "csv", request: { rows: 8 }, producer: slowCsv });
    const iterator = t.bus.subscribe("export:status", id)[Symbol.asyncIterator]();
    const collecting = (async () => {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        events.push(next.value);
        if (next.value.status !== "generating") return;
      }
    })();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const row = await t.prisma.exportJob.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ organizationId: org.organization.id, userId: org.users.editorA.id, kind: "csv", request: { rows: 8 } });

    await collecting;
    await iterator.return?.();
    const finished = await getExportJob(ctx, id);
    expect(finished.status).toBe("finished");
    expect(finished.progress).toBe(100);
    expect(finished.finishedAt).not.toBeNull();
    expect(finished.filePath).toBe(path.join(dataDir, "exports", org.organization.id, `${id}.csv`));
    expect(await readFile(finished.filePath!, "utf8")).toBe(`n\n1\n2\n3\n4\n5\n6\n7\n8\nby ${org.users.editorA.email}\n`);

    // Progress rose while generating and never claimed 100 before finishing.
    const generating = events.filter((e) => e.status === "generating");
    expect(generating.length).toBeGreaterThanOrEqual(3);
    const progress = generating.map((e) => e.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(Math.max(...progress)).toBeLessThan(100);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(events.at(-1)).toMatchObject({ id, kind: "csv", status: "finished", progress: 100, error: null });
  });

  it("runs a plain function producer too, in this process", async () => {
    const ctx = await ctxOf(org.users.admin.id, org.organization.id);
    const id = await startExport(ctx, {
      kind: "xlsx",
      request: {},
      producer: async (job) => writeFile(job.outputPath, "xlsx bytes"),
    });
    await eventually(async () => (await getExportJob(ctx, id)).status === "finished");
    expect(await readFile((await getExportJob(ctx, id)).filePath!, "utf8")).toBe("xlsx bytes");
  });

  it("a failing producer leaves the job failed with the spec's message and no file", async () => {
    const ctx = await ctxOf(org.users.admin.id, org.organization.id);
    let path1 = "";
    const id = await startExport(ctx, {
      kind: "csv",
      request: {},
      producer: async (job) => {
        path1 = job.outputPath;
        await writeFile(job.outputPath, "half");
        throw new Error("database went away");
      },
    });
    await eventually(async () => (await getExportJob(ctx, id)).status !== "generating");
    const job = await getExportJob(ctx, id);
    expect(job).toMatchObject({ status: "failed", error: exportMessages.fileFailed, filePath: null });
    expect(existsSync(path1)).toBe(false);

    // A domain error's own message reaches the person; a PDF failure reads the PDF message.
    const pdf = await startExport(ctx, { kind: "pdf", request: {}, producer: async () => Promise.reject(new Error("boom")) });
    const told = await startExport(ctx, {
      kind: "pdf",
      request: {},
      producer: async () => Promise.reject(new DomainError("BAD_USER_INPUT", "PDF export needs Chromium")),
    });
    await eventually(async () => (await getExportJob(ctx, pdf)).status === "failed" && (await getExportJob(ctx, told)).status === "failed");
    expect((await getExportJob(ctx, pdf)).error).toBe(exportMessages.pdfFailed);
    expect((await getExportJob(ctx, told)).error).toBe("PDF export needs Chromium");
  });

  it("refuses with the plan message when the plan lacks the kind's export feature, and viewers without the right", async () => {
    const featureSet = await t.prisma.featureSet.create({ data: { name: `csv-only-${Date.now()}`, features: ["fileExportCsv"] } });
    await t.prisma.organization.update({ where: { id: other.organization.id }, data: { featureSetId: featureSet.id } });
    const ctx = await ctxOf(other.users.admin.id, other.organization.id);
    const before = await t.prisma.exportJob.count({ where: { organizationId: other.organization.id } });
    for (const kind of ["pdf", "xlsx"] as const) {
      const error = await errorOf(startExport(ctx, { kind, request: {}, producer: slowCsv }));
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(exportMessages.notOnPlan);
    }
    expect(await t.prisma.exportJob.count({ where: { organizationId: other.organization.id } })).toBe(before);
    // csv is on this plan.
    await expect(startExport(ctx, { kind: "csv", request: { rows: 1 }, producer: slowCsv })).resolves.toMatch(/^[0-9a-f]{24}$/);

    const viewer = await ctxOf(org.users.viewerA.id, org.organization.id);
    const refused = await errorOf(startExport(viewer, { kind: "csv", request: {}, producer: slowCsv }));
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.message).toBe(exportMessages.noRights);

    const anonymous: DomainContext = { ...viewer, viewer: null };
    expect((await errorOf(startExport(anonymous, { kind: "csv", request: {}, producer: slowCsv }))).code).toBe("UNAUTHENTICATED");
  });

  it("only the person who started an export sees it: anyone else gets not found", async () => {
    const mine = await ctxOf(org.users.editorA.id, org.organization.id);
    const id = await startExport(mine, { kind: "csv", request: { rows: 1 }, producer: slowCsv });
    for (const ctx of [await ctxOf(org.users.admin.id, org.organization.id), await ctxOf(other.users.admin.id, other.organization.id)]) {
      const error = await errorOf(getExportJob(ctx, id));
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe(exportMessages.notFound);
    }
    expect((await errorOf(getExportJob(mine, "not-an-id"))).code).toBe("NOT_FOUND");
  });

  it("a job left generating for hours (its process restarted) reads as failed", async () => {
    const ctx = await ctxOf(org.users.editorA.id, org.organization.id);
    const row = await t.prisma.exportJob.create({
      data: { organizationId: org.organization.id, userId: org.users.editorA.id, kind: "pdf", request: {}, createdAt: new Date(Date.now() - 3 * 3_600_000) },
    });
    expect(await getExportJob(ctx, row.id)).toMatchObject({ status: "failed", error: exportMessages.pdfFailed });
    expect(await t.prisma.exportJob.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "failed", error: exportMessages.pdfFailed });
    const fresh = await t.prisma.exportJob.create({ data: { organizationId: org.organization.id, userId: org.users.editorA.id, kind: "csv", request: {} } });
    expect((await getExportJob(ctx, fresh.id)).status).toBe("generating");
  });

  it("removes files older than a day when the next export starts", async () => {
    const ctx = await ctxOf(org.users.editorA.id, org.organization.id);
    const id = await startExport(ctx, { kind: "csv", request: { rows: 1 }, producer: slowCsv });
    await eventually(async () => (await getExportJob(ctx, id)).status === "finished");
    const job = await getExportJob(ctx, id);
    await sweepExpiredExports(scopedToOrganization(t.prisma, org.organization.id), new Date(job.finishedAt!.getTime() + exportTtlMs - 1000));
    expect(existsSync(job.filePath!)).toBe(true);
    expect((await getExportJob(ctx, id)).filePath).toBe(job.filePath);
    expect(
      await sweepExpiredExports(scopedToOrganization(t.prisma, org.organization.id), new Date(job.finishedAt!.getTime() + exportTtlMs + 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect(existsSync(job.filePath!)).toBe(false);
    expect((await getExportJob(ctx, id)).filePath).toBeNull();
  });
});
