// Exactly once under kill -9: a sending process is killed halfway through a campaign and a second
// one resumes the run after the first one's lease lapsed. Counted at a real SMTP server by
// Message-ID: no message twice, none lost; at most the one message in flight at the kill is UNKNOWN
// (docs/campaigns.md "Sending": the one-message window).
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../../test/harness.js";
import { createPrisma } from "../../../db/client.js";
import { createOrganizationFixture } from "../../../test/fixtures.js";
import { createCampaignFixture, type CampaignFixture } from "../../../test/campaign.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { interruptedReason } from "./run.js";

const CONTACTS = 300;
const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const entry = fileURLToPath(new URL("../../../test/campaign-send-process.ts", import.meta.url));

function startSender(env: Record<string, string>, onSent?: (n: number) => void): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", loader, entry], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    const lines = out.split("\n");
    out = lines.pop()!;
    for (const line of lines) {
      const m = /^sent (\d+)$/.exec(line);
      if (m) onSent?.(Number(m[1]));
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited };
}

describe.skipIf(noDatabase)("sending resumes after kill -9", () => {
  let prisma: PrismaClient;
  let sink: SmtpSink;
  let campaign: CampaignFixture;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    sink = await startSmtpSink();
    const org = await createOrganizationFixture(prisma, "Resume");
    campaign = await createCampaignFixture(
      prisma,
      { organizationId: org.organization.id, unitId: org.units.unitA.id },
      { channel: "email", contacts: CONTACTS },
    );
    await prisma.launchRun.create({ data: { organizationId: org.organization.id, launchId: campaign.launch.id, runKey: "crash" } });
  });
  afterAll(async () => {
    await sink?.close();
    await prisma?.$disconnect();
  });

  it("sends every message once: no duplicate and none lost at the SMTP server", { timeout: 120_000 }, async () => {
    const env = {
      DATABASE_URL: databaseUrl!,
      SMTP_URL: sink.url,
      PUBLIC_URL: "http://127.0.0.1:9",
      LAUNCH_ID: campaign.launch.id,
      RUN_KEY: "crash",
      LEASE_MS: "1500",
      CAMPAIGN_SEND_RATE: "250",
      PROGRESS_EVERY: "1",
    };
    let killedAt = 0;
    const first = startSender(env, (n) => {
      if (n >= CONTACTS / 2 && !killedAt) {
        killedAt = n;
        first.child.kill("SIGKILL");
      }
    });
    await first.exited;
    expect(killedAt).toBeGreaterThan(0);
    const atKill = sink.count();
    expect(atKill).toBeLessThan(CONTACTS);

    const second = startSender(env);
    expect(await second.exited).toBe(0);

    const records = await prisma.messageRecord.findMany({ where: { launchId: campaign.launch.id } });
    expect(records).toHaveLength(CONTACTS);
    const messageId = (id: string) => `<${id}.campaign@127.0.0.1>`;
    const unknown = records.filter((r) => r.deliveryStatus === "UNKNOWN");
    const delivered = records.filter((r) => r.deliveryStatus === "DELIVERED");
    expect(unknown.length).toBeLessThanOrEqual(1);
    for (const r of unknown) expect(r.error).toBe(interruptedReason);
    expect(delivered.length + unknown.length).toBe(CONTACTS);

    expect(sink.duplicates()).toBe(0);
    // Every delivered record is at the server; the only one that may be missing is the UNKNOWN one.
    expect(delivered.filter((r) => !sink.received.has(messageId(r.id)))).toEqual([]);
    const lost = records.filter((r) => !sink.received.has(messageId(r.id)));
    expect(lost.every((r) => r.deliveryStatus === "UNKNOWN")).toBe(true);
    expect(sink.count()).toBe(CONTACTS - lost.length);
    expect(await prisma.launchRun.findUnique({ where: { launchId_runKey: { launchId: campaign.launch.id, runKey: "crash" } } })).toMatchObject({
      status: "done",
    });
  });
});
