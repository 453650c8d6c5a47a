// The weekly digest end to end (docs/digest.md): due from Monday 08:00 in the organisation's time
// zone; the week's figures against the week before in the user's language (here Finnish), captured
// at a real SMTP server; exactly one digest per user and week when two workers tick at once and when
// they tick again; "No data" for an empty week; the unsubscribe link turns receive_digest off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, redisUrl, startTestApp, type TestApp } from "../../test/harness.js";
import { createScratchDatabase, type ScratchDatabase } from "../../test/support.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { startSmtpCapture, type SmtpCapture } from "../../test/mail.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses } from "../../test/analytics-survey.js";
import { createPrisma } from "../../db/client.js";
import { digestSchedule, startJobRunner } from "../../jobs/start.js";
import { createJobRunner, queueName, type JobRunner } from "../../jobs/runner.js";
import { Queue } from "bullmq";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { digestMessages, digestWeekAt, sendDueDigests } from "./digest.js";
import { signDigestToken } from "./token.js";

describe.skipIf(noDatabase)("weekly digest", () => {
  let database: ScratchDatabase;
  let t: TestApp;
  let capture: SmtpCapture;
  let secondPrisma: PrismaClient;
  let secondWorker: JobRunner;
  let org: OrganizationFixture;
  let quiet: OrganizationFixture;
  // Monday 2026-03-16 08:00 in Helsinki (UTC+2 before the end of March) is 06:00 UTC.
  const dueAt = new Date("2026-03-16T06:00:00Z");

  beforeAll(async () => {
    database = await createScratchDatabase("digest_test");
    capture = await startSmtpCapture();
    t = await startTestApp({ databaseUrl: database.url, env: { SMTP_URL: capture.url, UNSUBSCRIBE_SECRET: "d".repeat(40) } });
    // A second worker process's parts: its own database pool and its own job runner on the same database.
    secondPrisma = createPrisma(database.url, { max: 3 });
    secondWorker = startJobRunner({ config: t.config, prisma: secondPrisma, prefix: `test-${randomBytes(6).toString("hex")}`, removeOnClose: true });
    org = await createOrganizationFixture(t.prisma, "Kahvila");
    quiet = await createOrganizationFixture(t.prisma, "Hiljainen");
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { timeZone: "Europe/Helsinki" } });
    await t.prisma.organization.update({ where: { id: quiet.organization.id }, data: { timeZone: "Europe/Helsinki" } });
    await t.prisma.user.update({ where: { id: org.users.admin.id }, data: { receiveDigest: true, locale: "fi", displayName: "Aino" } });
    await t.prisma.user.update({ where: { id: quiet.users.admin.id }, data: { receiveDigest: true, locale: "en", displayName: "Quinn" } });
    const o = org.organization.id;
    const s = await createAnalyticsSurvey(t.prisma, o, org.units.unitA.id);
    const tp = await createTestTouchpoint(t.prisma, o, org.units.unitA.id, "Kassa", s.survey.id);
    const r = (at: string, n: number) => ({
      surveyId: s.survey.id,
      touchpointId: tp.id,
      unitId: org.units.unitA.id,
      createdAt: new Date(at),
      answers: [{ questionId: s.questions.smiley.id, n }],
    });
    await insertTestResponses(t.prisma, o, [
      // the reported week, 2026-03-09 … 2026-03-15 in Helsinki: Tuesday 10:xx twice (100 %), Thursday 15:10 (50 %)
      r("2026-03-10T08:30:00Z", 1),
      r("2026-03-10T08:45:00Z", 1),
      r("2026-03-12T13:10:00Z", 0.5),
      // the week before: 25 %
      r("2026-03-04T12:00:00Z", 0.25),
    ]);
  });
  afterAll(async () => {
    await secondWorker?.close();
    await secondPrisma?.$disconnect();
    await t?.close();
    await capture?.close();
    await database?.drop();
  });

  const digestsTo = (email: string) => capture.messages.filter((m) => m.to.includes(email) && m.kind === "weeklyDigest");

  it("is due from Monday 08:00 in the organisation's time zone", () => {
    expect(digestWeekAt(new Date("2026-03-16T05:59:59Z"), "Europe/Helsinki")).toMatchObject({ week: "2026-03-16", due: false });
    expect(digestWeekAt(dueAt, "Europe/Helsinki")).toMatchObject({ week: "2026-03-16", due: true });
    expect(digestWeekAt(new Date("2026-03-22T21:00:00Z"), "Europe/Helsinki")).toMatchObject({ week: "2026-03-16", due: true });
    expect(digestWeekAt(dueAt, "America/New_York")).toMatchObject({ week: "2026-03-16", due: false });
    expect(digestWeekAt(dueAt, "Not/AZone")).toMatchObject({ week: "2026-03-16", due: false, zone: "UTC" });
  });

  it("sends nothing before it is due", async () => {
    const sent = await sendDueDigests({ prisma: t.prisma, config: t.config, jobs: t.jobs }, new Date("2026-03-16T05:59:00Z"));
    expect(sent).toBe(0);
    expect(await t.prisma.digestDelivery.count()).toBe(0);
  });

  it("sends exactly one digest per user when two workers tick at once, in the user's language", async () => {
    await Promise.all([
      t.jobs.enqueue("digest.tick", { at: dueAt.toISOString() }),
      secondWorker.enqueue("digest.tick", { at: dueAt.toISOString() }),
      t.jobs.enqueue("digest.tick", { at: dueAt.toISOString() }),
      secondWorker.enqueue("digest.tick", { at: dueAt.toISOString() }),
    ]);
    await Promise.all([t.jobs.idle(20_000), secondWorker.idle(20_000)]);
    const mail = await capture.waitFor((m) => m.to.includes(org.users.admin.email), 10_000);
    await capture.waitFor((m) => m.to.includes(quiet.users.admin.email), 10_000);
    await Promise.all([t.jobs.idle(20_000), secondWorker.idle(20_000)]);
    expect(digestsTo(org.users.admin.email)).toHaveLength(1);
    expect(digestsTo(quiet.users.admin.email)).toHaveLength(1);
    expect(await t.prisma.digestDelivery.findMany({ select: { userId: true, week: true }, orderBy: { userId: "asc" } })).toEqual(
      [org.users.admin.id, quiet.users.admin.id].sort().map((userId) => ({ userId, week: "2026-03-16" })),
    );

    expect(mail.language).toBe("fi");
    expect(mail.subject).toBe(`Viikkoraporttisi palautteista: ${org.organization.name}`);
    expect(mail.text).toContain("Hei Aino,");
    expect(mail.text).toContain("viikolta 9.3.2026 – 15.3.2026");
    expect(mail.text).toContain("Keskimääräinen tyytyväisyys: 83,3 % (edellinen viikko: 25 %)");
    expect(mail.text).toContain("Vastauksia tällä viikolla: 3 (edellinen viikko: 1)");
    expect(mail.text).toContain("Vastauksia yhteensä: 4");
    expect(mail.text).toContain("Paras päivä: tiistai");
    expect(mail.text).toContain("Heikoin päivä: torstai");
    expect(mail.text).toContain("Paras tunti: 10:00–10:59");
    expect(mail.text).toContain("Heikoin tunti: 15:00–15:59");
    expect(mail.text).toContain("Vilkkain päivä: tiistai");
    expect(mail.text).toContain("Hiljaisin päivä: maanantai");
    expect(mail.html).toContain('<html lang="fi">');

    // The empty week of the other organisation: "No data", in English.
    const empty = digestsTo(quiet.users.admin.email)[0]!;
    expect(empty.text).toContain("Average satisfaction: No data (the week before: No data)");
    expect(empty.text).toContain("Responses this week: 0 (the week before: 0)");
    expect(empty.text).toContain("Best day: No data");
    expect(empty.text).toContain("Busiest day: No data");
  });

  it("does not send again in the same week, whatever ticks later (a restart, another worker)", async () => {
    const later = new Date("2026-03-18T12:00:00Z");
    const sent = await Promise.all([
      sendDueDigests({ prisma: t.prisma, config: t.config, jobs: t.jobs }, later),
      sendDueDigests({ prisma: secondPrisma, config: t.config, jobs: secondWorker }, later),
    ]);
    expect(sent).toEqual([0, 0]);
    await Promise.all([t.jobs.idle(20_000), secondWorker.idle(20_000)]);
    expect(digestsTo(org.users.admin.email)).toHaveLength(1);
    // the next week is a new digest
    expect(await sendDueDigests({ prisma: t.prisma, config: t.config, jobs: t.jobs }, new Date("2026-03-23T06:00:00Z"))).toBe(2);
    await t.jobs.idle(20_000);
    await capture.waitFor((m) => m.to.includes(org.users.admin.email) && m.text.includes("16.3.2026"), 10_000);
    expect(digestsTo(org.users.admin.email)).toHaveLength(2);
  });

  it("its link opens the unsubscribe page, which turns receive_digest off only on the click; a changed token is refused", async () => {
    const mail = digestsTo(org.users.admin.email)[0]!;
    const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(link).not.toContain("/api/");
    expect(mail.parsed.headerLines.find((h) => h.key === "list-unsubscribe")?.line).toMatch(/\/api\/v5\/weekly-digest\/unsubscribe\?token=/);
    const token = new URL(link!).searchParams.get("token")!;
    const tampered = signDigestToken({ unsubscribe: { secret: "x".repeat(40), fromEnvironment: true } }, org.users.admin.id);
    const refused = await fetch(`${t.baseUrl}/api/v5/unsubscribe?token=${tampered}`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(digestMessages.invalidToken);
    const receiveDigest = async () => (await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } })).receiveDigest;
    expect(await receiveDigest()).toBe(true);

    // Opening the page (what a mail scanner does) reads the state and changes nothing.
    const state = await fetch(`${t.baseUrl}/api/v5/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ unsubscribed: false, maskedEmail: expect.stringContaining("***") });
    expect(await receiveDigest()).toBe(true);
    // The click.
    const res = await fetch(`${t.baseUrl}/api/v5/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: digestMessages.unsubscribed, unsubscribed: true });
    expect(await receiveDigest()).toBe(false);
    expect(await sendDueDigests({ prisma: t.prisma, config: t.config, jobs: t.jobs }, new Date("2026-03-30T06:00:00Z"))).toBe(1); // only the other user
  });

  it("end to end in Finnish: the scheduled tick's mail over SMTP, its page link read-only, the header's one-click POST turns the digest off", async () => {
    const receiveDigest = async () => (await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } })).receiveDigest;
    // Aino turns the digest on again in her settings; the next Monday's tick (the job, as the scheduler runs it) sends it
    await t.prisma.user.update({ where: { id: org.users.admin.id }, data: { receiveDigest: true } });
    const before = digestsTo(org.users.admin.email).length;
    await t.jobs.enqueue("digest.tick", { at: "2026-04-06T05:00:00Z" }); // Monday 08:00 in Helsinki (UTC+3 from 29 March)
    await t.jobs.idle(20_000);
    const mail = await capture.waitFor((m) => m.to.includes(org.users.admin.email) && m.kind === "weeklyDigest" && m.text.includes("30.3.2026"), 10_000);
    expect(digestsTo(org.users.admin.email)).toHaveLength(before + 1);
    expect(mail.language).toBe("fi");
    expect(mail.parsed.headers.get("content-language")).toBe("fi");
    expect(mail.subject).toBe(`Viikkoraporttisi palautteista: ${org.organization.name}`);
    expect(mail.text).toContain("Hei Aino,");
    expect(mail.text).toContain("viikolta 30.3.2026 – 5.4.2026");
    expect(mail.text).toContain("Keskimääräinen tyytyväisyys: Ei tietoja");
    expect(mail.html).toContain("Lopeta viikkoraporttien tilaus");
    // The page link in the mail: opening it (GET) shows the state and changes nothing.
    // it opens the web page in Finnish (the web's ?locale=)
    const page = /https?:\/\/\S+\/unsubscribe\?token=([^&\s]+)&locale=fi(?=\s|$)/m.exec(mail.text);
    expect(page?.[0]).toContain(`${t.config.publicUrl}/unsubscribe?token=`);
    expect(mail.text).toContain(`Lopeta viikkoraporttien tilaus: ${page![0]}`);
    const state = await fetch(`${t.baseUrl}/api/v5/unsubscribe?token=${page![1]}`);
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ unsubscribed: false, organizationName: org.organization.name });
    expect(await receiveDigest()).toBe(true);
    // The mail client's one-click unsubscribe (RFC 8058): a POST of List-Unsubscribe=One-Click to the header's address.
    expect(mail.parsed.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(mail.parsed.headerLines.find((h) => h.key === "list-unsubscribe")!.line)![1]!;
    const clicked = await fetch(oneClick.replace(t.config.publicUrl, t.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toMatchObject({ message: digestMessages.unsubscribed });
    expect(await receiveDigest()).toBe(false);
    // the page now says so, and the next week's tick sends her nothing
    expect(await (await fetch(`${t.baseUrl}/api/v5/unsubscribe?token=${page![1]}`)).json()).toMatchObject({ unsubscribed: true });
    await t.jobs.enqueue("digest.tick", { at: "2026-04-13T05:00:00Z" });
    await t.jobs.idle(20_000);
    expect(digestsTo(org.users.admin.email)).toHaveLength(before + 1);
  });

  it.skipIf(!redisUrl)("schedules one hourly tick however many processes declare it, kept across restarts", async () => {
    const prefix = `test-${randomBytes(6).toString("hex")}`;
    // two processes that only queue (no workers), declaring the schedule as every process does at start
    const declare = async () => {
      const runner = createJobRunner({ redisUrl: redisUrl!, handlers: {}, runWorkers: false, prefix });
      await runner.schedule!("weekly-digest", digestSchedule, "digest.tick", {});
      return runner;
    };
    const first = await declare();
    const second = await declare();
    await second.close();
    const restarted = await declare();
    const queue = new Queue(queueName, { connection: { url: redisUrl! }, prefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: "weekly-digest", name: "digest.tick", pattern: "0 * * * *" });
    } finally {
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      await first.close();
      await restarted.close();
    }
  });
});
