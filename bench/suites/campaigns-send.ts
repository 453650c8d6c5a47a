// The campaigns suite's sending part: an email campaign to BENCH_CAMPAIGN_CONTACTS contacts (100,000
// by default) sent over SMTP to a local counting sink (api/src/test/smtp-sink.ts), by a sending
// process of its own (api/src/test/campaign-send-process.ts: runLaunch as the campaign.run job runs
// it, unthrottled). Prints messages per second and the sending process's peak RSS (VmHWM, target
// under 300 MB) with its RSS at each quarter (flat means it does not grow with the campaign). Then a
// second campaign of the same size whose sending process is killed with SIGKILL halfway and resumed
// by a new one: duplicates and lost messages counted at the sink by Message-ID (target 0 and 0), and
// the records left UNKNOWN (the one message that may be in flight at the kill). BENCH_CAMPAIGN_PARTS=whole or
// =crash runs one of the two alone.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { withScratchDatabase } from "../lib/database.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { createPrisma } from "../../api/src/db/client.js";
import { startSmtpSink, type SmtpSink } from "../../api/src/test/smtp-sink.js";
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";

export type CampaignsPart = { name: string; run(ctx: BenchContext): Promise<FigureRow[]> };

const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 100_000);
const MEMORY_TARGET_MB = 300;
/** The sending process's V8 heap cap (--max-old-space-size), as a worker would be started with NODE_OPTIONS. */
const HEAP_MB = Number(process.env.BENCH_CAMPAIGN_HEAP_MB ?? 128);
const PUBLIC_URL = "http://bench.invalid";
const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const entry = fileURLToPath(new URL("../../api/src/test/campaign-send-process.ts", import.meta.url));
const load = () => os.loadavg()[0]!.toFixed(2);

async function rssOf(pid: number): Promise<{ rss: number; hwm: number } | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

async function makeCampaign(prisma: PrismaClient, ids: { organizationId: string; unitId: string }, label: string) {
  const survey = await prisma.survey.create({ data: { ...ids, name: `Bench ${label}` } });
  const touchpoint = await prisma.touchpoint.create({ data: { ...ids, name: `Bench ${label}`, type: "emailContactList", activeSurveyId: survey.id } });
  const list = await prisma.contactList.create({
    data: { organizationId: ids.organizationId, touchpointId: touchpoint.id, name: label, channel: "email", variableNames: ["firstName"] },
  });
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Contact" ("organizationId", "contactListId", "email", "variables")
     SELECT $1, $2, $3 || g || '@bench.test', jsonb_build_object('firstName', 'Person ' || g) FROM generate_series(1, $4::int) g`,
    ids.organizationId,
    list.id,
    `${label}-`,
    CONTACTS,
  );
  const template = await prisma.messageTemplate.create({
    data: {
      organizationId: ids.organizationId,
      name: label,
      templateType: "email",
      subject: "Hello {{firstName}}",
      content: "Dear {{firstName}}, how did we do?",
    },
  });
  const launch = await prisma.launch.create({
    data: {
      organizationId: ids.organizationId,
      surveyId: survey.id,
      touchpointIds: [touchpoint.id],
      contactListIds: [list.id],
      messageTemplateId: template.id,
    },
  });
  await prisma.launchRun.create({ data: { organizationId: ids.organizationId, launchId: launch.id, runKey: label } });
  return { launchId: launch.id, runKey: label };
}

function sender(databaseUrl: string, sink: SmtpSink, run: { launchId: string; runKey: string }, onSent: (n: number) => void, leaseMs: number) {
  const child: ChildProcess = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, "--import", loader, entry], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      PUBLIC_URL,
      LAUNCH_ID: run.launchId,
      RUN_KEY: run.runKey,
      LEASE_MS: String(leaseMs),
      CAMPAIGN_SEND_RATE: "0",
      PROGRESS_EVERY: "500",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  let peakFromChild = 0;
  let cpuSeconds = 0;
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    const lines = out.split("\n");
    out = lines.pop()!;
    for (const line of lines) {
      const sent = /^sent (\d+)$/.exec(line);
      if (sent) onSent(Number(sent[1]));
      const done = /^done (\d+) (\d+)$/.exec(line);
      if (done) {
        peakFromChild = Number(done[1]) / 1024;
        cpuSeconds = Number(done[2]) / 1e6;
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, peak: () => peakFromChild, cpuSeconds: () => cpuSeconds };
}

export const campaignsSend: CampaignsPart = {
  name: "send",
  async run(ctx) {
    return withScratchDatabase(ctx, "campaigns_send", async (databaseUrl) => {
      const prisma = createPrisma(databaseUrl, { max: 2 });
      const sink = await startSmtpSink();
      const rows: FigureRow[] = [];
      try {
        const featureSet = await prisma.featureSet.create({ data: { name: "bench", features: [] } });
        const org = await prisma.organization.create({ data: { name: "Bench campaigns", featureSetId: featureSet.id } });
        const unit = await prisma.unit.create({ data: { organizationId: org.id, name: "Bench" } });
        const ids = { organizationId: org.id, unitId: unit.id };

        // BENCH_CAMPAIGN_PARTS=whole,crash (default both) runs one part alone.
        const parts = (process.env.BENCH_CAMPAIGN_PARTS ?? "whole,crash").split(",");
        if (parts.includes("whole")) {
          // 1. A whole campaign: throughput and memory.
          ctx.log(`campaign of ${CONTACTS} contacts: creating`);
          const full = await makeCampaign(prisma, ids, "full");
          ctx.log(`sending (load average ${load()})`);
          const quarters: number[] = [];
          let sampled = 0;
          const started = performance.now();
          let firstAt = 0;
          const s = sender(
            databaseUrl,
            sink,
            full,
            (n) => {
              if (!firstAt) firstAt = performance.now();
              if (n >= ((quarters.length + 1) * CONTACTS) / 4) {
                const q = quarters.length;
                quarters.push(0);
                void rssOf(s.child.pid!).then((m) => (quarters[q] = m?.rss ?? 0));
              }
            },
            30_000,
          );
          const sampler = setInterval(() => void rssOf(s.child.pid!).then((m) => m && (sampled = Math.max(sampled, m.hwm))), 200);
          const { code } = await s.exited;
          clearInterval(sampler);
          const seconds = (performance.now() - started) / 1000;
          if (code !== 0) throw new Error(`the sending process ended with ${code}`);
          const delivered = await prisma.messageRecord.count({ where: { launchId: full.launchId, deliveryStatus: "DELIVERED" } });
          const peak = Math.max(sampled, s.peak());
          rows.push(
            {
              figure: `campaign to ${CONTACTS} contacts: messages/s (whole run, expansion included)`,
              value: Math.round(CONTACTS / seconds),
              unit: "msg/s",
              extra: { seconds: seconds.toFixed(1), load: load() },
            },
            {
              figure: "messages/s after the first message (sending only)",
              value: firstAt ? Math.round(CONTACTS / ((performance.now() - firstAt) / 1000)) : 0,
              unit: "msg/s",
              extra: { load: load() },
            },
            {
              figure: "messages per CPU-second of the sending process (less sensitive to the machine's load)",
              value: s.cpuSeconds() ? Math.round(CONTACTS / s.cpuSeconds()) : 0,
              unit: "msg/cpu-s",
              extra: { cpuSeconds: s.cpuSeconds().toFixed(1), load: load() },
            },
            { figure: "received at the SMTP sink", value: sink.count(), unit: "messages", extra: { delivered, duplicates: sink.duplicates(), load: load() } },
            {
              figure: "sending process peak RSS (VmHWM)",
              value: Math.round(peak),
              unit: "MB",
              extra: { target: `< ${MEMORY_TARGET_MB}`, heapCapMb: HEAP_MB, quarters: quarters.map((q) => Math.round(q)).join("/"), load: load() },
              note: peak < MEMORY_TARGET_MB ? "ok" : "OVER TARGET",
            },
          );
        }

        if (parts.includes("crash")) {
          // 2. kill -9 halfway, then resume.
          ctx.log(`second campaign: kill -9 at half, then resume (load average ${load()})`);
          const crash = await makeCampaign(prisma, ids, "crash");
          const before = sink.count();
          const beforeIds = new Set(sink.received.keys());
          let killedAt = 0;
          const first = sender(
            databaseUrl,
            sink,
            crash,
            (n) => {
              if (!killedAt && n >= CONTACTS / 2) {
                killedAt = n;
                first.child.kill("SIGKILL");
              }
            },
            5_000,
          );
          const killed = await first.exited;
          const atKill = sink.count() - before;
          const resumeStarted = performance.now();
          const second = sender(databaseUrl, sink, crash, () => {}, 5_000);
          const resumed = await second.exited;
          if (resumed.code !== 0) throw new Error(`the resuming process ended with ${resumed.code}`);
          const records = await prisma.messageRecord.findMany({ where: { launchId: crash.launchId }, select: { id: true, deliveryStatus: true } });
          const host = new URL(PUBLIC_URL).hostname;
          const atSink = (id: string) => sink.received.has(`<${id}.campaign@${host}>`);
          const duplicates = records.reduce((n, r) => n + Math.max(0, (sink.received.get(`<${r.id}.campaign@${host}>`) ?? 0) - 1), 0);
          const unknown = records.filter((r) => r.deliveryStatus === "UNKNOWN");
          const lost = records.filter((r) => !atSink(r.id));
          // Message-IDs at the sink that are neither the first campaign's nor a record of this one (a Set: 100,000 × 200,000 comparisons took hours).
          const recordIds = new Set(records.map((r) => `<${r.id}.campaign@${host}>`));
          const strays = [...sink.received.keys()].filter((k) => !beforeIds.has(k) && !recordIds.has(k)).length;
          rows.push(
            {
              figure: "kill -9 halfway: messages at the sink at the kill",
              value: atKill,
              unit: "messages",
              extra: { signal: killed.signal ?? String(killed.code), load: load() },
            },
            { figure: "resume: time to finish", value: Number(((performance.now() - resumeStarted) / 1000).toFixed(1)), unit: "s", extra: { load: load() } },
            { figure: "duplicates at the sink (by Message-ID)", value: duplicates, unit: "messages", extra: { target: 0, load: load() } },
            {
              figure: "lost (a record whose message never reached the sink)",
              value: lost.length,
              unit: "messages",
              extra: { target: 0, unknownRecords: unknown.length, unknownAtSink: unknown.filter((r) => atSink(r.id)).length, strays, load: load() },
              note: 'an UNKNOWN record is the one message in flight at the kill (docs/campaigns.md "Sending")',
            },
            { figure: "records of the crashed campaign", value: records.length, unit: "records", extra: { expected: CONTACTS, load: load() } },
          );
        }
        return rows;
      } finally {
        await sink.close();
        await prisma.$disconnect();
      }
    });
  },
};
