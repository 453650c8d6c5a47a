// Signed webhook receivers of notification rules, against a real HTTP receiver on loopback (allowed
// here by WEBHOOKS_ALLOW_PRIVATE_ADDRESSES): one signed POST per firing and URL (Standard Webhooks
// headers, verified here with the secret), retried with backoff when the receiver fails, its status
// recorded; and the address checks that refuse internal targets.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { startSmtpCapture, type SmtpCapture } from "../../test/mail.js";
import { createAnalyticsSurvey, createTestTouchpoint, type TestSurvey } from "../../test/analytics-survey.js";
import { isPrivateAddress, newWebhookSecret, postWebhook, signWebhook, webhookMessages } from "./webhooks.js";

describe("webhook addresses and signatures", () => {
  it("treats loopback, private, link-local, CGNAT, multicast and mapped addresses as internal", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "not-an-ip",
    ]) {
      expect({ a, internal: isPrivateAddress(a) }).toEqual({ a, internal: true });
    }
    for (const a of ["203.0.113.9", "8.8.8.8", "2001:db8::1", "::ffff:203.0.113.9"])
      expect({ a, internal: isPrivateAddress(a) }).toEqual({ a, internal: false });
  });

  it("signs id.timestamp.body with the secret's key bytes (Standard Webhooks v1)", () => {
    const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
    const expected = createHmac("sha256", Buffer.from("0123456789abcdef0123456789abcdef")).update('msg_1.1700000000.{"a":1}').digest("base64");
    expect(signWebhook(secret, "msg_1", 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  });
});

describe("webhook connections: the private-address check applies to the address connected to", () => {
  let receiver: Server;
  let port = 0;
  const hits: string[] = [];
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      hits.push(request.url ?? "");
      request.resume();
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
  });
  const post = (url: string, allowPrivate: boolean, resolve: (host: string) => Promise<{ address: string; family: number }[]>) =>
    postWebhook(url, { headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 2_000, allowPrivate, resolve });

  it("refuses a host name that resolves to a loopback address when it connects, and reaches it when private addresses are allowed", async () => {
    const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];
    await expect(post(`http://hooks.example.test:${port}/refused`, false, toLoopback)).rejects.toThrow(webhookMessages.privateAddress);
    expect(hits).not.toContain("/refused");
    // the same lookup is what the connection uses: allowed, it reaches the loopback receiver
    expect(await post(`http://hooks.example.test:${port}/allowed`, true, toLoopback)).toEqual({ status: 204 });
    expect(hits).toContain("/allowed");
  });

  it("DNS rebinding: a name public when checked and loopback when connected is refused at the connection", async () => {
    let calls = 0;
    // first answer public (what a check before the connection would see), every later one loopback
    const rebinding = async () => (calls++ === 0 ? [{ address: "203.0.113.9", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    await rebinding(); // the save-time check saw a public address
    await expect(post(`http://rebind.example.test:${port}/rebound`, false, rebinding)).rejects.toThrow(webhookMessages.privateAddress);
    expect(hits).not.toContain("/rebound");
  });

  it("refuses loopback and private literals and internal names without a lookup", async () => {
    const never = async (): Promise<{ address: string; family: number }[]> => {
      throw new Error("no lookup expected");
    };
    for (const url of [
      `http://127.0.0.1:${port}/literal`,
      `http://[::1]:${port}/literal6`,
      `http://localhost:${port}/name`,
      `http://metadata.google.internal/x`,
    ]) {
      await expect(post(url, false, never)).rejects.toThrow(webhookMessages.privateAddress);
    }
    expect(hits.filter((h) => h === "/literal" || h === "/literal6" || h === "/name")).toEqual([]);
  });
});

describe.skipIf(noDatabase)("webhook deliveries", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let touchpointId: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  /** How many of the next POSTs to /flaky answer 500. */
  let failures = 0;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ path: request.url ?? "", headers: request.headers, body });
        if (request.url === "/flaky" && failures > 0) {
          failures--;
          response.writeHead(500).end("try later");
          return;
        }
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true" }, retry: { attempts: 3, backoffMs: 50 } });
    org = await createOrganizationFixture(t.prisma, "Hooks");
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["notificationsToAllEmails"] } } });
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Hooked survey");
    touchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Hook link", s.survey.id)).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const post = async (nps: number) => {
    const response = await fetch(`${t.baseUrl}/r/${touchpointId}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: randomBytes(10).toString("hex"),
        surveyId: s.survey.id,
        answers: [{ questionId: s.questions.nps.id, value: nps }],
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { responseId: string }).responseId;
  };
  const settle = async () => {
    for (let i = 0; i < 4; i++) {
      await t.jobs.idle(20_000);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it("posts one signed delivery per URL when the rule fires, retries a failing receiver with backoff, and records each status", async () => {
    const secret = newWebhookSecret();
    const rule = await t.prisma.notificationRule.create({
      data: {
        organizationId: org.organization.id,
        name: "Hooked detractors",
        surveyId: s.survey.id,
        touchpointIds: [touchpointId],
        conditions: [[{ questionId: s.questions.nps.id, values: { lt: 7 } }]],
        delay: 0,
        receivers: ["ops@partner.example"],
        webhookUrls: [`${receiverUrl}/ok`, `${receiverUrl}/flaky`],
        webhookSecret: secret,
      },
    });
    failures = 1;
    const responseId = await post(3);
    await post(9); // no match: nothing posted
    await settle();
    const ok = received.filter((r) => r.path === "/ok");
    expect(ok).toHaveLength(1);
    const { headers, body } = ok[0]!;
    const id = headers["webhook-id"] as string;
    const timestamp = Number(headers["webhook-timestamp"]);
    expect(headers["webhook-signature"]).toBe(
      `v1,${createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
        .update(`${id}.${timestamp}.${body}`)
        .digest("base64")}`,
    );
    expect(JSON.parse(body)).toMatchObject({
      type: "notification.fired",
      data: {
        ruleId: rule.id,
        ruleName: "Hooked detractors",
        responseId,
        surveyId: s.survey.id,
        touchpointId,
        answers: [{ questionId: s.questions.nps.id, numericValue: 3 }],
      },
    });
    // the flaky receiver: a 500, then the retry with the same webhook-id
    const flaky = received.filter((r) => r.path === "/flaky");
    expect(flaky).toHaveLength(2);
    expect(flaky[0]!.headers["webhook-id"]).toBe(flaky[1]!.headers["webhook-id"]);
    const deliveries = await t.prisma.notificationWebhookDelivery.findMany({ where: { ruleId: rule.id }, orderBy: { url: "asc" } });
    expect(deliveries.map((d) => ({ url: d.url.slice(receiverUrl.length), status: d.status, attempts: d.attempts, code: d.lastStatusCode }))).toEqual([
      { url: "/flaky", status: "delivered", attempts: 2, code: 204 },
      { url: "/ok", status: "delivered", attempts: 1, code: 204 },
    ]);
    // a receiver that keeps failing ends "failed" after the attempts, with its last answer
    failures = 10;
    await t.prisma.notificationRule.update({ where: { id: rule.id }, data: { webhookUrls: [`${receiverUrl}/flaky`] } });
    const second = await post(1);
    await settle();
    const failed = await t.prisma.notificationWebhookDelivery.findFirstOrThrow({ where: { ruleId: rule.id, responseId: second } });
    expect(failed).toMatchObject({ status: "failed", attempts: 3, lastStatusCode: 500, lastError: "The receiver answered 500" });
    failures = 0;
  });
});
