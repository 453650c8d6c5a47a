// SMTP failures of campaign email, per record: a deferral (4xx) puts the record back with an attempts
// count and a retry time and the run goes on with the others; after the last attempt the record is
// ERROR with the server's reason. A connection lost after the message's DATA is UNKNOWN and never
// sent again; a server that cannot be reached (nothing written yet) is tried again later.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../../test/harness.js";
import { createPrisma } from "../../../db/client.js";
import { loadConfig } from "../../../config.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../../test/fixtures.js";
import { createCampaignFixture } from "../../../test/campaign.js";
import { startSmtpCapture } from "../../../test/mail.js";
import { freePort } from "../../../test/support.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { runLaunch } from "./run.js";
import { createEmailTransport } from "./email-transport.js";
import { createSmsTransport } from "./sms-transport.js";

/** A mail server that takes the whole message after DATA and then drops the connection without a reply. */
async function startDroppingServer(): Promise<{ url: string; messages: () => number; close(): Promise<void> }> {
  let messages = 0;
  const server = net.createServer((socket) => {
    socket.write("220 drop.test ESMTP\r\n");
    let inData = false;
    let buffer = "";
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          if (!buffer.includes("\r\n.\r\n")) return;
          messages++;
          socket.destroy();
          return;
        }
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith("EHLO") || line.startsWith("HELO")) socket.write("250 drop.test\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
  return { url: `smtp://127.0.0.1:${port}`, messages: () => messages, close: () => new Promise((r) => server.close(() => r())) };
}

describe.skipIf(noDatabase)("SMTP failures of campaign email", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 4 });
    org = await createOrganizationFixture(prisma, "SmtpFailures");
  });
  afterAll(async () => {
    await prisma?.$disconnect();
  });

  const setup = async (smtpUrl: string, contacts: number, runKey: string) => {
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl!, PUBLIC_URL: "https://fb.example.com", LOG_LEVEL: "silent", SMTP_URL: smtpUrl });
    const c = await createCampaignFixture(prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts });
    await prisma.launchRun.create({ data: { organizationId: org.organization.id, launchId: c.launch.id, runKey } });
    const email = createEmailTransport(config);
    const deps = { prisma, config, email, sms: createSmsTransport(config) };
    const run = () =>
      runLaunch(
        { prisma, config, email, sms: createSmsTransport(config) },
        { launchId: c.launch.id, runKey },
        { ratePerSecond: 0, maxAttempts: 3, retryDelayMs: 0 },
      );
    const records = async () => new Map((await prisma.messageRecord.findMany({ where: { launchId: c.launch.id } })).map((r) => [r.recipient, r]));
    return { c, run, records, deps, close: () => email.close() };
  };

  it("defers a 4xx per record and goes on with the others; after the last attempt the record is ERROR with the reason", async () => {
    let refusals = 0;
    let always = "";
    let once = "";
    const smtp = await startSmtpCapture({
      refuse: (_n, to) => {
        if (to.includes(always)) return true;
        if (to.includes(once) && refusals++ === 0) return true;
        return false;
      },
    });
    const s = await setup(smtp.url, 4, "defer");
    [always, once] = [s.c.recipients[1]!, s.c.recipients[2]!];
    try {
      expect(await s.run()).toBe("deferred");
      let byRecipient = await s.records();
      expect(byRecipient.get(always)).toMatchObject({ deliveryStatus: "PENDING", sendState: "pending", attempts: 1, error: expect.stringContaining("451") });
      expect(byRecipient.get(once)).toMatchObject({ deliveryStatus: "PENDING", attempts: 1 });
      expect([0, 3].map((i) => byRecipient.get(s.c.recipients[i]!)!.deliveryStatus)).toEqual(["DELIVERED", "DELIVERED"]);
      expect((await prisma.launchRun.findFirstOrThrow({ where: { launchId: s.c.launch.id } })).status).toBe("sending");

      expect(await s.run()).toBe("deferred");
      byRecipient = await s.records();
      expect(byRecipient.get(once)).toMatchObject({ deliveryStatus: "DELIVERED", sendState: "sent" });
      expect(byRecipient.get(always)).toMatchObject({ sendState: "pending", attempts: 2 });

      expect(await s.run()).toBe("done");
      byRecipient = await s.records();
      expect(byRecipient.get(always)).toMatchObject({ deliveryStatus: "ERROR", sendState: "failed", attempts: 3 });
      expect(byRecipient.get(always)!.error).toMatch(/^Not accepted after 3 attempts: .*451 Temporary failure/);
      // Each accepted message once.
      expect(
        smtp.messages
          .filter((m) => s.c.recipients.includes(m.to[0]!))
          .map((m) => m.to[0])
          .sort(),
      ).toEqual([0, 2, 3].map((i) => s.c.recipients[i]).sort());
      expect((await prisma.launchRun.findFirstOrThrow({ where: { launchId: s.c.launch.id } })).status).toBe("done");
    } finally {
      s.close();
      await smtp.close();
    }
  });

  it("a connection lost after DATA leaves the record UNKNOWN and it is not sent again", async () => {
    const server = await startDroppingServer();
    const s = await setup(server.url, 1, "drop");
    try {
      expect(await s.run()).toBe("done");
      const record = (await s.records()).get(s.c.recipients[0]!)!;
      expect(record).toMatchObject({ deliveryStatus: "UNKNOWN", sendState: "failed" });
      expect(server.messages()).toBe(1);
      expect(await s.run()).toBe("gone");
      expect(server.messages()).toBe(1);
    } finally {
      s.close();
      await server.close();
    }
  });

  it("a server that cannot be reached: the record waits for its next attempt, nothing is marked unknown", async () => {
    const s = await setup(`smtp://127.0.0.1:${await freePort()}`, 2, "unreachable");
    try {
      expect(await s.run()).toBe("deferred");
      const records = [...(await s.records()).values()];
      expect(records.every((r) => r.sendState === "pending" && r.deliveryStatus === "PENDING")).toBe(true);
      expect(records.map((r) => r.attempts).sort()).toEqual([0, 1]);
    } finally {
      s.close();
    }
  });

  it("keeps the run's lease while one message takes longer than the lease: a second worker finds it busy", async () => {
    const smtp = await startSmtpCapture({ delayMs: (n) => (n === 1 ? 1500 : 0) });
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl!, PUBLIC_URL: "https://fb.example.com", LOG_LEVEL: "silent", SMTP_URL: smtp.url });
    const c = await createCampaignFixture(prisma, { organizationId: org.organization.id, unitId: org.units.unitA.id }, { channel: "email", contacts: 2 });
    await prisma.launchRun.create({ data: { organizationId: org.organization.id, launchId: c.launch.id, runKey: "slow" } });
    const deps = () => ({ prisma, config, email: createEmailTransport(config), sms: createSmsTransport(config) });
    const first = deps();
    const second = deps();
    try {
      const running = runLaunch(first, { launchId: c.launch.id, runKey: "slow" }, { ratePerSecond: 0, leaseMs: 300 });
      await new Promise((r) => setTimeout(r, 900));
      expect(await runLaunch(second, { launchId: c.launch.id, runKey: "slow" }, { ratePerSecond: 0, leaseMs: 300 })).toBe("busy");
      expect(await running).toBe("done");
      const records = await prisma.messageRecord.findMany({ where: { launchId: c.launch.id } });
      expect(records.map((r) => r.deliveryStatus)).toEqual(["DELIVERED", "DELIVERED"]);
    } finally {
      first.email.close();
      second.email.close();
      await smtp.close();
    }
  });

  it("stops a running run when its launch is cancelled: the rest is not sent", async () => {
    const smtp = await startSmtpCapture();
    const s = await setup(smtp.url, 10, "cancel");
    let sent = 0;
    try {
      const outcome = await runLaunch(
        s.deps,
        { launchId: s.c.launch.id, runKey: "cancel" },
        {
          ratePerSecond: 10,
          leaseMs: 300,
          onSent: () => {
            // (a Prisma query runs only once it is awaited or then-ed)
            if (++sent === 1) void prisma.launch.update({ where: { id: s.c.launch.id }, data: { status: "cancelled" } }).then(() => {});
          },
        },
      );
      expect(outcome).toBe("gone");
      const records = await prisma.messageRecord.findMany({ where: { launchId: s.c.launch.id } });
      const delivered = records.filter((r) => r.deliveryStatus === "DELIVERED").length;
      expect(delivered).toBeLessThan(10);
      expect(records.filter((r) => r.error === "The launch was cancelled before this message was sent")).toHaveLength(10 - delivered);
      expect(await prisma.launchRun.findFirstOrThrow({ where: { launchId: s.c.launch.id } })).toMatchObject({ status: "failed", error: "launch cancelled" });
    } finally {
      s.close();
      await smtp.close();
    }
  });

  it("keeps the previous message's sent mark when the next claim fails, so a delivered message is not left unknown", async () => {
    const smtp = await startSmtpCapture();
    const s = await setup(smtp.url, 2, "claim-fails");
    let claims = 0;
    // The database fails the second claim once (it also carries the first message's sent mark).
    const failing = prisma.$extends({
      query: {
        async $queryRawUnsafe({ args, query }) {
          if (typeof args[0] === "string" && args[0].includes("WITH prev AS") && ++claims === 2) throw new Error("connection lost");
          return query(args);
        },
      },
    }) as unknown as PrismaClient;
    try {
      await expect(runLaunch({ ...s.deps, prisma: failing }, { launchId: s.c.launch.id, runKey: "claim-fails" }, { ratePerSecond: 0 })).rejects.toThrow(
        "connection lost",
      );
      expect(await s.run()).toBe("done");
      const records = [...(await s.records()).values()];
      expect(records.map((r) => r.deliveryStatus)).toEqual(["DELIVERED", "DELIVERED"]);
      expect(smtp.messages.filter((m) => s.c.recipients.includes(m.to[0]!))).toHaveLength(2);
    } finally {
      s.close();
      await smtp.close();
    }
  });
});
