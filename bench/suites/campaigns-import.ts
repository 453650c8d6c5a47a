// Campaigns, contact import: a generated 1,000,000-row contact CSV (email plus two variable
// columns, ~30 MB: under the 40 MB upload limit) loaded into an email contact list the way an upload is
// (domain/campaigns/contacts: the streaming csv-parse reader, per-row checks, block-list lookups,
// multi-row INSERT … ON CONFLICT DO NOTHING in batches, one transaction). The file is read from disk
// as a stream, as the multipart upload's part stream would be. Prints rows per second, the
// process's peak RSS (sampled every 50 ms, and the kernel's VmHWM) and the load average. 1,000
// addresses are on the block list and 1,000 rows are invalid, so those paths run too.
// BENCH_CAMPAIGNS_IMPORT_ROWS changes the row count.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { withScratchDatabase } from "../lib/database.js";
import { createPrisma } from "../../api/src/db/client.js";
import { loadConfig } from "../../api/src/config.js";
import { createEventBus } from "../../api/src/pubsub/bus.js";
import { loadViewer } from "../../api/src/domain/viewer.js";
import type { JobRunner } from "../../api/src/jobs/runner.js";
import type { DomainContext } from "../../api/src/domain/context.js";
import { createContactList } from "../../api/src/domain/campaigns/contacts/lists.js";
import { importContactFile } from "../../api/src/domain/campaigns/contacts/import.js";
import { blockAddress } from "../../api/src/domain/campaigns/block-list/index.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "campaigns";
export const description = "campaigns: import of a 1,000,000-row contact CSV (rows/s, peak RSS)";

const ROWS = Number(process.env.BENCH_CAMPAIGNS_IMPORT_ROWS ?? 1_000_000);

async function writeCsv(file: string): Promise<number> {
  const out = createWriteStream(file);
  out.write("email,name,group\n");
  for (let i = 0; i < ROWS; i++) {
    // every 1000th row is invalid
    const line = i % 1000 === 999 ? `bad-${i},B,0\n` : `p${i}@example.com,P${i},${i % 97}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return (await stat(file)).size;
}

async function vmHwmMb(): Promise<number | null> {
  const status = await readFile("/proc/self/status", "utf8").catch(() => "");
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : null;
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-contacts-"));
  const unregister = ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));
  try {
    const file = path.join(dir, "contacts.csv");
    ctx.log(`writing ${ROWS} rows`);
    const bytes = await writeCsv(file);
    return await withScratchDatabase(ctx, "campaigns_import", async (databaseUrl) => {
      const prisma = createPrisma(databaseUrl, { max: 4 });
      const bus = createEventBus(undefined);
      try {
        const fs = await prisma.featureSet.create({ data: { name: "bench", features: ["channelCreation"] } });
        const org = await prisma.organization.create({ data: { name: "Bench contacts", featureSetId: fs.id } });
        const unit = await prisma.unit.create({ data: { organizationId: org.id, name: "HQ" } });
        const user = await prisma.user.create({ data: { email: "bench-contacts@example.test", currentOrganizationId: org.id } });
        await prisma.membership.create({ data: { userId: user.id, organizationId: org.id, organizationAdmin: true } });
        await prisma.unitRole.create({ data: { organizationId: org.id, unitId: unit.id, userId: user.id, role: "admin" } });
        for (let i = 0; i < 1000; i++) await blockAddress(prisma, org.id, `p${i * 997}@example.com`);
        const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SERVE_WEB: "false" });
        const jobs = { mode: "in-process", enqueue: async () => {}, idle: async () => {}, close: async () => {} } as unknown as JobRunner;
        const domain: DomainContext = { prisma, bus, jobs, config, viewer: (await loadViewer(prisma, user.id, "accessToken"))! };
        const list = await createContactList(domain, { name: "Bench list", channel: "email", unitId: unit.id });

        global.gc?.();
        const rssBefore = process.memoryUsage().rss / 1024 / 1024;
        let peak = rssBefore;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss / 1024 / 1024);
        }, 50);
        const load1 = os.loadavg()[0]!;
        ctx.log(`importing ${(bytes / 1e6).toFixed(1)} MB`);
        const started = performance.now();
        const report = await importContactFile(domain, list.id, { source: createReadStream(file, { highWaterMark: 64 * 1024 }), fileName: "contacts.csv" });
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        const stored = await prisma.contact.count({ where: { contactListId: list.id } });
        const hwm = await vmHwmMb();
        const rows: FigureRow[] = [
          { figure: "rows in the file", value: ROWS, unit: "rows", extra: { size: `${(bytes / 1e6).toFixed(1)} MB` } },
          {
            figure: "import time",
            value: Number(seconds.toFixed(1)),
            unit: "s",
            extra: { imported: report.imported, skipped: report.skipped, suppressed: report.emailsSuppressed, stored },
          },
          { figure: "rows per second", value: Math.round(ROWS / seconds), unit: "rows/s" },
          {
            figure: "peak RSS during the import",
            value: Math.round(peak),
            unit: "MB",
            extra: { "RSS before": Math.round(rssBefore), growth: Math.round(peak - rssBefore), VmHWM: hwm ? Math.round(hwm) : "n/a" },
            note: "sampled every 50 ms; this process also holds Prisma and the bench",
          },
          { figure: "load average (1 min) at start / end", value: Number(load1.toFixed(2)), unit: "", extra: { end: os.loadavg()[0]!.toFixed(2) } },
        ];
        return rows;
      } finally {
        await bus.close();
        await prisma.$disconnect();
      }
    });
  } finally {
    unregister();
    await rm(dir, { recursive: true, force: true });
  }
}
