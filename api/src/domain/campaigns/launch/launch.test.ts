// Launching against the real database (a scratch database of this file's own, because the scheduler
// pass fires every due launch it finds): immediate launches activate terminals and links and queue
// campaigns; scheduled and recurring launches are stored and fire at their time in the
// organisation's time zone; past times and unknown time zones are refused and change nothing; edit
// and cancel; a failure at firing time is recorded; two workers polling at once fire each
// occurrence exactly once, and a firing a crashed worker left is finished once by another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../../test/harness.js";
import { createScratchDatabase, type ScratchDatabase } from "../../../test/support.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../../test/fixtures.js";
import { createPrisma } from "../../../db/client.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { loadViewer } from "../../viewer.js";
import type { DomainContext } from "../../context.js";
import { DomainError } from "../../errors.js";
import { accessMessages } from "../../../permissions/access.js";
import { cancelScheduledLaunch, launchMessages, launchSurvey, launchWizard, listScheduledLaunches, updateScheduledLaunch } from "./launch.js";
import { runDueLaunches, runLaunchScheduler } from "./firing.js";
import { scheduleMessages } from "./schedule.js";

describe.skipIf(noDatabase)("launching surveys", () => {
  let database: ScratchDatabase;
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let survey: string;
  let terminal: string;
  let link: string;
  let terminalB: string;
  let emailTouchpoint: string;
  let emailList: string;
  let emailTemplate: string;
  let smsTouchpoint: string;
  let smsTemplate: string;
  let foreignTerminal: string;
  const now = new Date("2026-10-14T12:00:00Z"); // Wednesday 15:00 in Helsinki

  const ctxOf = async (userId: string, organizationId = org.organization.id): Promise<DomainContext> => {
    const viewer = await loadViewer(t.prisma, userId, "accessToken", { organizationId });
    return { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer };
  };
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error("expected a refusal");
  };
  const launchesOf = () => t.prisma.launch.count({ where: { organizationId: org.organization.id } });
  const activeSurveyOf = async (id: string) => (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).activeSurveyId;

  beforeAll(async () => {
    database = await createScratchDatabase("launch_test");
    t = await startTestApp({ databaseUrl: database.url });
    org = await createOrganizationFixture(t.prisma, "Launcher");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["smsMessages"] } } });
    const organizationId = org.organization.id;
    survey = (await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitA.id, name: "Store survey" } })).id;
    const tp = async (name: string, type: "terminal" | "link" | "emailContactList" | "smsContactList", unitId = org.units.unitA.id) =>
      (await t.prisma.touchpoint.create({ data: { organizationId, unitId, name, type } })).id;
    terminal = await tp("Kiosk", "terminal");
    link = await tp("Receipt link", "link");
    terminalB = await tp("Online kiosk", "terminal", org.units.unitB.id);
    emailTouchpoint = await tp("Customers by email", "emailContactList");
    smsTouchpoint = await tp("Customers by SMS", "smsContactList");
    emailList = (await t.prisma.contactList.create({ data: { organizationId, touchpointId: emailTouchpoint, name: "Customers", channel: "email" } })).id;
    const smsList = await t.prisma.contactList.create({ data: { organizationId, touchpointId: smsTouchpoint, name: "Phones", channel: "sms" } });
    await t.prisma.contact.create({ data: { organizationId, contactListId: emailList, email: "ann@example.test" } });
    await t.prisma.contact.create({ data: { organizationId, contactListId: smsList.id, phone: "+358401234567" } });
    emailTemplate = (
      await t.prisma.messageTemplate.create({ data: { organizationId, name: "Invite", subject: "Tell us", content: "Hello", templateType: "email" } })
    ).id;
    smsTemplate = (await t.prisma.messageTemplate.create({ data: { organizationId, name: "Text", content: "How did we do?", templateType: "sms" } })).id;
    await t.prisma.organization.update({ where: { id: organizationId }, data: { smsBalance: 10 } });
    foreignTerminal = (
      await t.prisma.touchpoint.create({ data: { organizationId: other.organization.id, unitId: other.units.root.id, name: "Theirs", type: "terminal" } })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("launching now activates the survey at terminals and links, and records one dispatched firing", async () => {
    const ctx = await ctxOf(org.users.editorA.id);
    const answer = await launchSurvey(ctx, { surveyId: survey, touchpointIds: [terminal, link], schedule: { plan: "now" } }, now);
    expect(answer.ok).toBe(true);
    expect(answer.launches).toHaveLength(1);
    expect(answer.launches[0]).toMatchObject({ channel: "activation", kind: "immediate", status: "sent" });
    expect(await activeSurveyOf(terminal)).toBe(survey);
    expect(await activeSurveyOf(link)).toBe(survey);
    const firings = await t.prisma.launchFiring.findMany({ where: { launchId: answer.launches[0]!.id } });
    expect(firings).toHaveLength(1);
    expect(firings[0]!.dispatchedAt).not.toBeNull();
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.editorA.id } })).onboardingLaunchedSurvey).toBe(true);
  });

  it("an email and SMS campaign gets a launch per channel with its template and contact lists, queued once", async () => {
    const ctx = await ctxOf(org.users.admin.id);
    const answer = await launchSurvey(
      ctx,
      { surveyId: survey, touchpointIds: [emailTouchpoint, smsTouchpoint], emailTemplateId: emailTemplate, smsTemplateId: smsTemplate },
      now,
    );
    const byChannel = Object.fromEntries(answer.launches.map((l) => [l.channel, l]));
    expect(byChannel.email).toMatchObject({ messageTemplateId: emailTemplate, status: "sending" });
    expect(byChannel.sms).toMatchObject({ messageTemplateId: smsTemplate, status: "sending" });
    const email = await t.prisma.launch.findUniqueOrThrow({ where: { id: byChannel.email!.id } });
    expect(email.contactListIds).toEqual([emailList]);
    expect(email.touchpointIds).toEqual([emailTouchpoint]);
    expect(await t.prisma.launchFiring.count({ where: { launchId: email.id, dispatchedAt: { not: null } } })).toBe(1);
  });

  it("a campaign needs a template of its own kind; a missing or foreign template changes nothing", async () => {
    const ctx = await ctxOf(org.users.admin.id);
    const before = await launchesOf();
    expect(await refusal(launchSurvey(ctx, { surveyId: survey, touchpointIds: [emailTouchpoint] }, now))).toMatchObject({
      message: launchMessages.emailTemplateRequired,
    });
    expect((await refusal(launchSurvey(ctx, { surveyId: survey, touchpointIds: [emailTouchpoint], emailTemplateId: smsTemplate }, now))).message).toBe(
      launchMessages.notEmailTemplate,
    );
    const foreignTemplate = (await t.prisma.messageTemplate.create({ data: { organizationId: other.organization.id, name: "Theirs", templateType: "email" } }))
      .id;
    expect(await refusal(launchSurvey(ctx, { surveyId: survey, touchpointIds: [emailTouchpoint], emailTemplateId: foreignTemplate }, now))).toMatchObject({
      code: "NOT_FOUND",
      message: launchMessages.templateNotFound,
    });
    expect(await launchesOf()).toBe(before);
  });

  it("rights: launchSurveys on the survey, editTouchpoints on every touchpoint; another organisation's ids are not found", async () => {
    const before = await launchesOf();
    const viewer = await ctxOf(org.users.viewerA.id);
    expect(await refusal(launchSurvey(viewer, { surveyId: survey, touchpointIds: [terminal] }, now))).toMatchObject({
      code: "FORBIDDEN",
      message: accessMessages.noLaunchSurvey,
    });
    const editor = await ctxOf(org.users.editorA.id);
    expect(await refusal(launchSurvey(editor, { surveyId: survey, touchpointIds: [terminal, terminalB] }, now))).toMatchObject({
      code: "FORBIDDEN",
      message: accessMessages.noEditTouchpoint,
    });
    expect(await refusal(launchSurvey(editor, { surveyId: survey, touchpointIds: [foreignTerminal] }, now))).toMatchObject({
      code: "NOT_FOUND",
      message: accessMessages.touchpointNotFound,
    });
    const outsider = await ctxOf(other.users.admin.id, other.organization.id);
    expect(await refusal(launchSurvey(outsider, { surveyId: survey, touchpointIds: [foreignTerminal] }, now))).toMatchObject({
      code: "NOT_FOUND",
      message: accessMessages.surveyNotFound,
    });
    expect(await launchesOf()).toBe(before);
    expect(await activeSurveyOf(foreignTerminal)).toBeNull();
  });

  it("the wizard offers the caller's editable touchpoints grouped by type, the templates and the time zone; SMS only with the plan's feature", async () => {
    const wizard = await launchWizard(await ctxOf(org.users.editorA.id), survey);
    expect(wizard.timeZone).toBe("Europe/Helsinki");
    expect(wizard.groups.map((g) => g.type)).toEqual(["terminal", "link", "qr", "website", "emailContactList", "smsContactList"]);
    const names = wizard.groups.flatMap((g) => g.touchpoints.map((t) => t.name));
    expect(names).toContain("Kiosk");
    expect(names).not.toContain("Online kiosk"); // unit B: the editor of unit A may not launch there
    expect(wizard.groups.find((g) => g.type === "emailContactList")!.touchpoints[0]).toMatchObject({ name: "Customers by email", contacts: 1 });
    expect(wizard.templates.map((t) => t.name).sort()).toEqual(["Invite", "Text"]);
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { set: ["restApi", "channelCreation"] } } });
    try {
      const noSms = await launchWizard(await ctxOf(org.users.editorA.id), survey);
      expect(noSms.groups.map((g) => g.type)).not.toContain("smsContactList");
      expect(noSms.templates.map((t) => t.type)).toEqual(["email"]);
      expect(
        (await refusal(launchSurvey(await ctxOf(org.users.admin.id), { surveyId: survey, touchpointIds: [smsTouchpoint], smsTemplateId: smsTemplate }, now)))
          .message,
      ).toMatch(/No access to the feature/);
    } finally {
      await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["smsMessages"] } } });
    }
  });

  it("scheduled later: stored, listed, not fired before its time, fired once at it", async () => {
    const ctx = await ctxOf(org.users.editorA.id);
    const target = (
      await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Later kiosk", type: "terminal" } })
    ).id;
    const { launches } = await launchSurvey(ctx, { surveyId: survey, touchpointIds: [target], schedule: { plan: "later", at: "2026-10-20T09:00" } }, now);
    const launch = launches[0]!;
    expect(launch).toMatchObject({ kind: "scheduled", status: "scheduled", timeZone: "Europe/Helsinki", mayChange: true });
    expect(launch.nextRunAt).toEqual(new Date("2026-10-20T06:00:00Z"));
    expect(await activeSurveyOf(target)).toBeNull();
    expect((await listScheduledLaunches(ctx, now)).map((l) => l.id)).toContain(launch.id);
    // the viewer sees it, but may not change it
    expect((await listScheduledLaunches(await ctxOf(org.users.viewerA.id), now)).find((l) => l.id === launch.id)?.mayChange).toBe(false);
    // another organisation sees nothing of it
    expect((await listScheduledLaunches(await ctxOf(other.users.admin.id, other.organization.id), now)).map((l) => l.id)).not.toContain(launch.id);

    await runDueLaunches({ prisma: t.prisma, jobs: t.jobs }, new Date("2026-10-20T05:59:59Z"));
    expect(await activeSurveyOf(target)).toBeNull();
    await runDueLaunches({ prisma: t.prisma, jobs: t.jobs }, new Date("2026-10-20T06:00:30Z"));
    expect(await activeSurveyOf(target)).toBe(survey);
    expect((await t.prisma.launch.findUniqueOrThrow({ where: { id: launch.id } })).status).toBe("sent");
    await runDueLaunches({ prisma: t.prisma, jobs: t.jobs }, new Date("2026-10-21T06:00:30Z"));
    expect(await t.prisma.launchFiring.count({ where: { launchId: launch.id } })).toBe(1);
  });

  it("a time in the past, an unknown time zone or a bad recurrence is refused and changes nothing", async () => {
    const ctx = await ctxOf(org.users.editorA.id);
    const before = await launchesOf();
    expect(
      await refusal(launchSurvey(ctx, { surveyId: survey, touchpointIds: [terminal], schedule: { plan: "later", at: "2026-10-14T14:00" } }, now)),
    ).toMatchObject({
      code: "BAD_USER_INPUT",
      message: scheduleMessages.inThePast,
    });
    expect(
      (
        await refusal(
          launchSurvey(
            ctx,
            { surveyId: survey, touchpointIds: [terminal], schedule: { plan: "later", at: "2026-12-01T09:00", timeZone: "Europe/Atlantis" } },
            now,
          ),
        )
      ).message,
    ).toBe(scheduleMessages.unknownTimeZone("Europe/Atlantis"));
    expect(
      (
        await refusal(
          launchSurvey(ctx, { surveyId: survey, touchpointIds: [terminal], schedule: { plan: "recurring", every: "fortnight", time: "09:00" } }, now),
        )
      ).message,
    ).toBe(scheduleMessages.invalidEvery);
    expect(await launchesOf()).toBe(before);
  });

  it("edit moves a scheduled launch or makes it recurring; cancel stops it (launch cancelled)", async () => {
    const ctx = await ctxOf(org.users.editorA.id);
    const { launches } = await launchSurvey(ctx, { surveyId: survey, touchpointIds: [link], schedule: { plan: "later", at: "2026-11-01T10:00" } }, now);
    const id = launches[0]!.id;
    const moved = await updateScheduledLaunch(ctx, { id, schedule: { plan: "later", at: "2026-11-02T10:00" } }, now);
    expect(moved.nextRunAt).toEqual(new Date("2026-11-02T08:00:00Z"));
    expect(await refusal(updateScheduledLaunch(ctx, { id, schedule: { plan: "later", at: "2026-10-01T10:00" } }, now))).toMatchObject({
      message: scheduleMessages.inThePast,
    });
    expect((await t.prisma.launch.findUniqueOrThrow({ where: { id } })).nextRunAt).toEqual(new Date("2026-11-02T08:00:00Z"));
    expect((await refusal(updateScheduledLaunch(ctx, { id, schedule: { plan: "now" } }, now))).message).toBe(launchMessages.editNeedsLater);
    const weekly = await updateScheduledLaunch(ctx, { id, schedule: { plan: "recurring", every: "week", weekday: 5, time: "16:00" } }, now);
    expect(weekly).toMatchObject({ kind: "recurring", recurrence: { every: "week", weekday: 5, time: "16:00", timeZone: "Europe/Helsinki" } });
    expect(weekly.nextRunAt).toEqual(new Date("2026-10-16T13:00:00Z"));
    // the viewer may neither edit nor cancel; another organisation does not find it
    expect((await refusal(cancelScheduledLaunch(await ctxOf(org.users.viewerA.id), id))).code).toBe("FORBIDDEN");
    expect((await refusal(cancelScheduledLaunch(await ctxOf(other.users.admin.id, other.organization.id), id))).code).toBe("NOT_FOUND");

    const cancelled = await cancelScheduledLaunch(ctx, id);
    expect(cancelled.message).toBe("launch cancelled");
    expect(cancelled.launch).toMatchObject({ status: "cancelled", nextRunAt: null });
    expect((await refusal(cancelScheduledLaunch(ctx, id))).message).toBe(launchMessages.notScheduled);
    expect((await refusal(updateScheduledLaunch(ctx, { id, schedule: { plan: "later", at: "2026-11-02T10:00" } }, now))).message).toBe(
      launchMessages.notScheduled,
    );
    await runDueLaunches({ prisma: t.prisma, jobs: t.jobs }, new Date("2026-11-30T00:00:00Z"));
    expect(await t.prisma.launchFiring.count({ where: { launchId: id } })).toBe(0);
  });

  it("a recurring launch fires each occurrence once and moves on in the organisation's time zone", async () => {
    const ctx = await ctxOf(org.users.admin.id);
    const { launches } = await launchSurvey(
      ctx,
      { surveyId: survey, touchpointIds: [terminal], schedule: { plan: "recurring", every: "month", dayOfMonth: 31, time: "09:00" } },
      now,
    );
    const id = launches[0]!.id;
    expect(launches[0]!.nextRunAt).toEqual(new Date("2026-10-31T07:00:00Z")); // winter time from 25 October
    const deps = { prisma: t.prisma, jobs: t.jobs };
    await runDueLaunches(deps, new Date("2026-10-31T07:00:05Z"));
    let row = await t.prisma.launch.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "scheduled", nextRunAt: new Date("2026-11-30T07:00:00Z"), lastRunAt: new Date("2026-10-31T07:00:00Z") });
    await runDueLaunches(deps, new Date("2026-11-30T07:00:05Z"));
    row = await t.prisma.launch.findUniqueOrThrow({ where: { id } });
    expect(row.nextRunAt).toEqual(new Date("2026-12-31T07:00:00Z"));
    const firings = await t.prisma.launchFiring.findMany({ where: { launchId: id }, orderBy: { plannedAt: "asc" } });
    expect(firings.map((f) => f.runKey)).toEqual(["2026-10-31T07:00:00.000Z", "2026-11-30T07:00:00.000Z"]);
    await cancelScheduledLaunch(ctx, id);
  });

  it("a failure at firing time is recorded on the launch (failed, with the reason)", async () => {
    const ctx = await ctxOf(org.users.admin.id);
    const { launches } = await launchSurvey(
      ctx,
      { surveyId: survey, touchpointIds: [smsTouchpoint], smsTemplateId: smsTemplate, schedule: { plan: "later", at: "2026-10-22T09:00" } },
      now,
    );
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { smsBalance: 0 } });
    try {
      await runDueLaunches({ prisma: t.prisma, jobs: t.jobs }, new Date("2026-10-22T06:00:01Z"));
      const row = await t.prisma.launch.findUniqueOrThrow({ where: { id: launches[0]!.id } });
      expect(row).toMatchObject({ status: "failed", error: "Not enough balance to send SMS" });
      // shown in the scheduled list with its reason
      expect((await listScheduledLaunches(ctx, new Date("2026-10-22T07:00:00Z"))).find((l) => l.id === row.id)).toMatchObject({
        status: "failed",
        error: "Not enough balance to send SMS",
        mayChange: false,
      });
      // launching now without balance is refused before anything is written
      const before = await launchesOf();
      expect((await refusal(launchSurvey(ctx, { surveyId: survey, touchpointIds: [smsTouchpoint], smsTemplateId: smsTemplate }, now))).message).toBe(
        "Not enough balance to send SMS",
      );
      expect(await launchesOf()).toBe(before);
    } finally {
      await t.prisma.organization.update({ where: { id: org.organization.id }, data: { smsBalance: 10 } });
    }
  });

  it("the scheduler loop a process runs fires a due launch by itself", async () => {
    const ctx = await ctxOf(org.users.editorA.id);
    const target = (
      await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Polled kiosk", type: "terminal" } })
    ).id;
    await launchSurvey(ctx, { surveyId: survey, touchpointIds: [target], schedule: { plan: "later", at: "2026-11-20T09:00" } }, now);
    const stop = runLaunchScheduler({ prisma: t.prisma, jobs: t.jobs }, { intervalMs: 50, now: () => new Date("2026-11-20T07:00:01Z") });
    try {
      const started = Date.now();
      while ((await activeSurveyOf(target)) !== survey) {
        if (Date.now() - started > 10_000) throw new Error("the scheduler did not fire the launch");
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await stop();
    }
  });

  it("two workers polling at once fire every occurrence exactly once; a firing a crashed worker left is finished once", async () => {
    const ctx = await ctxOf(org.users.admin.id);
    const targets: string[] = [];
    for (let i = 0; i < 6; i++)
      targets.push(
        (await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: `Race ${i}`, type: "terminal" } }))
          .id,
      );
    const ids: string[] = [];
    for (const [i, target] of targets.entries()) {
      const schedule = i % 2 ? { plan: "later", at: "2026-10-15T09:00" } : { plan: "recurring", every: "week", weekday: 4, time: "09:00" };
      ids.push((await launchSurvey(ctx, { surveyId: survey, touchpointIds: [target], schedule }, now)).launches[0]!.id);
    }
    // a second worker: a process of its own, with its own connections
    const second: PrismaClient = createPrisma(database.url, { max: 5 });
    try {
      const workers = [
        { prisma: t.prisma, jobs: t.jobs },
        { prisma: second, jobs: t.jobs },
      ];
      // both poll at the first occurrence (Thursday 15 October 09:00 Helsinki), three times each, at once
      const at = new Date("2026-10-15T06:00:10Z");
      await Promise.all(workers.flatMap((w) => [runDueLaunches(w, at), runDueLaunches(w, at), runDueLaunches(w, at)]));
      const firings = await t.prisma.launchFiring.findMany({ where: { launchId: { in: ids } } });
      expect(firings).toHaveLength(6);
      expect(firings.every((f) => f.runKey === "2026-10-15T06:00:00.000Z" && f.dispatchedAt && f.attempts === 1)).toBe(true);
      for (const target of targets) expect(await activeSurveyOf(target)).toBe(survey);

      // a worker died after claiming the next weekly occurrence, before dispatching it
      const recurring = ids[0]!;
      await t.prisma.touchpoint.update({ where: { id: targets[0]! }, data: { activeSurveyId: null } });
      const next = new Date("2026-10-22T06:00:00Z");
      await t.prisma.$transaction([
        t.prisma.launch.update({ where: { id: recurring }, data: { nextRunAt: new Date("2026-10-29T07:00:00Z"), lastRunAt: next } }),
        t.prisma.launchFiring.create({
          data: {
            organizationId: org.organization.id,
            launchId: recurring,
            runKey: next.toISOString(),
            plannedAt: next,
            claimedUntil: new Date("2026-10-22T06:05:00Z"),
            attempts: 1,
          },
        }),
      ]);
      // within its lease nobody touches it; after it, one of the two takes over
      await Promise.all(workers.map((w) => runDueLaunches(w, new Date("2026-10-22T06:01:00Z"))));
      expect(await activeSurveyOf(targets[0]!)).toBeNull();
      await Promise.all(workers.map((w) => runDueLaunches(w, new Date("2026-10-22T06:06:00Z"))));
      const resumed = await t.prisma.launchFiring.findUniqueOrThrow({ where: { launchId_runKey: { launchId: recurring, runKey: next.toISOString() } } });
      expect(resumed).toMatchObject({ attempts: 2, error: null });
      expect(resumed.dispatchedAt).not.toBeNull();
      expect(await activeSurveyOf(targets[0]!)).toBe(survey);
      expect(await t.prisma.launchFiring.count({ where: { launchId: recurring } })).toBe(2);
    } finally {
      await second.$disconnect();
      for (const id of ids) await t.prisma.launch.updateMany({ where: { id, status: "scheduled" }, data: { status: "cancelled" } });
    }
  });
});
