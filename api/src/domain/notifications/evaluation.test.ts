// Evaluation of notification rules with real SMTP capture: responses posted to the respondent API
// are evaluated off the ingestion path; a matching response sends one alert per recipient (in the
// recipient's language, with the answers, metadata, local time, a link and an unsubscribe link), a
// response that does not match sends none, and restarts (a second server on the same database,
// the sweeper, a second evaluation, a crash in the middle of a firing) send nothing twice and lose
// nothing. The delay is a debounce for responses still open. "Now" is injected where time matters.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { startSmtpCapture, type SmtpCapture } from "../../test/mail.js";
import { createAnalyticsSurvey, createTestTouchpoint, type TestSurvey } from "../../test/analytics-survey.js";
import { apiCall } from "../../test/rest-client.js";
import { createMailSender } from "../../mail/send.js";
import { InsertBatcher, type PendingResponse } from "../respondent/insert-batch.js";
import { evaluateResponse, evaluateResponses, firingMessages, forgetRules, sendFiring, storedForEvaluation, sweepNotifications } from "./evaluation.js";
import { compiledRuleCount } from "./matcher.js";
import { verifyRuleUnsubscribeToken } from "./unsubscribe.js";

describe.skipIf(noDatabase)("notification evaluation", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let touchpointId: string;
  let touchpointCode: number;
  let otherTouchpointId: string;
  let ruleId: string;
  const outsider = "ops@partner.example";

  const post = async (answers: { questionId: string; value: unknown }[], at = touchpointId, metadata: Record<string, string> = { store: "Kamppi" }) => {
    const response = await fetch(`${t.baseUrl}/r/${at}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ idempotencyKey: randomBytes(10).toString("hex"), surveyId: s.survey.id, language: "en", answers, metadata }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { responseId: string }).responseId;
  };
  /** Waits until every queued evaluation and send has run. */
  const settle = async (app = t) => {
    for (let i = 0; i < 3; i++) {
      await app.jobs.idle(20_000);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const alertsFor = (responseId: string) => smtp.messages.filter((m) => m.parsed.headers.get("x-response-id") === responseId);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    org = await createOrganizationFixture(t.prisma, "Alerting");
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["notificationsToAllEmails"] } } });
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { timeZone: "Europe/Helsinki" } });
    await t.prisma.user.update({ where: { id: org.users.editorA.id }, data: { locale: "fi" } });
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Store visit");
    ({ id: touchpointId, code: touchpointCode } = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Kamppi link", s.survey.id));
    otherTouchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Web link", s.survey.id)).id;
    ruleId = (
      await t.prisma.notificationRule.create({
        data: {
          organizationId: org.organization.id,
          name: "Detractors",
          surveyId: s.survey.id,
          touchpointIds: [touchpointId],
          // NPS 0–6 AND (the text mentions "refund" OR slider ≥ 8)
          conditions: [
            [{ questionId: s.questions.nps.id, values: { lt: 7 } }],
            [
              { questionId: s.questions.text.id, values: ["refund"] },
              { questionId: s.questions.slider.id, values: { gte: 8 } },
            ],
          ],
          delay: 30,
          receivers: [org.users.editorA.email, outsider],
          messageContentFromQuestionIds: [s.questions.nps.id, s.questions.text.id],
          createdByUserId: org.users.editorA.id,
        },
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("a matching response sends one alert to each recipient, in their language, with answers, metadata, time and links", async () => {
    const responseId = await post([
      { questionId: s.questions.nps.id, value: 3 },
      { questionId: s.questions.text.id, value: "I want a REFUND now" },
      { questionId: s.questions.single.id, value: "ca" },
    ]);
    await settle();
    const mails = alertsFor(responseId);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([org.users.editorA.email, outsider].sort());
    const fi = mails.find((m) => m.to[0] === org.users.editorA.email)!;
    expect(fi.subject).toBe("Ilmoitus kyselystäsi Store visit");
    expect(fi.language).toBe("fi");
    expect(fi.kind).toBe("notificationAlert");
    const en = mails.find((m) => m.to[0] === outsider)!;
    expect(en.subject).toBe("Notification from your survey Store visit");
    expect(en.text).toContain('matched your notification rule "Detractors"');
    expect(en.text).toContain("- nps question: 3/10");
    expect(en.text).toContain("- openText question: I want a REFUND now");
    expect(en.text).not.toContain("singleChoice question"); // not among the chosen answers
    expect(en.text).toContain("- store: Kamppi");
    expect(en.text).toContain("(Europe/Helsinki)");
    expect(en.text).toContain(`${t.baseUrl}/results?survey=${s.survey.id}&touchpoint=${touchpointId}`);
    expect(en.text).toContain(`response=${responseId}`);
    const unsubscribe = /\/unsubscribe\?token=([^&\s]+)&locale=en/.exec(en.text)![1]!;
    expect(verifyRuleUnsubscribeToken(t.config, unsubscribe)).toEqual({ ruleId, email: outsider });
    const firing = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { ruleId_responseId: { ruleId, responseId } } });
    expect(firing.sentAt).not.toBeNull();
    expect(firing.sentTo.sort()).toEqual([org.users.editorA.email, outsider].sort());
    expect(await t.prisma.notificationPending.count({ where: { responseId } })).toBe(0);
  });

  it("a response that does not match, or comes from another touchpoint, sends nothing", async () => {
    const before = smtp.messages.length;
    const promoter = await post([
      { questionId: s.questions.nps.id, value: 9 },
      { questionId: s.questions.text.id, value: "refund please" },
    ]);
    const noSecondGroup = await post([
      { questionId: s.questions.nps.id, value: 2 },
      { questionId: s.questions.slider.id, value: 7 },
    ]);
    const elsewhere = await post(
      [
        { questionId: s.questions.nps.id, value: 1 },
        { questionId: s.questions.slider.id, value: 9 },
      ],
      otherTouchpointId,
    );
    await settle();
    expect(smtp.messages.length).toBe(before);
    expect(await t.prisma.notificationFiring.count({ where: { responseId: { in: [promoter, noSecondGroup, elsewhere] } } })).toBe(0);
  });

  it("restarts send nothing twice: a second server, the sweeper and a second evaluation of a sent response", async () => {
    const responseId = await post([
      { questionId: s.questions.nps.id, value: 0 },
      { questionId: s.questions.slider.id, value: 10 },
    ]);
    await settle();
    expect(alertsFor(responseId)).toHaveLength(2);
    const second = await startTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const deps = { prisma: second.prisma, jobs: () => second.jobs };
      await sweepNotifications(deps, { pendingAgeMs: 0 });
      await evaluateResponse(deps, { responseId });
      await settle(second);
    } finally {
      await second.close();
    }
    expect(alertsFor(responseId)).toHaveLength(2);
    expect(await t.prisma.notificationFiring.count({ where: { responseId } })).toBe(1);
  });

  it("loses nothing: a response whose evaluation was never queued, and a firing cut off after one recipient", async () => {
    // stored while the rule was active, but the process stopped before queueing: only the pending row is left
    const responseId = await post([
      { questionId: s.questions.nps.id, value: 4 },
      { questionId: s.questions.text.id, value: "refund" },
    ]);
    await settle();
    const sent = alertsFor(responseId);
    expect(sent).toHaveLength(2);
    // replay the crash: the firing forgot that the outsider's mail went, and the pending row is back
    const firing = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { ruleId_responseId: { ruleId, responseId } } });
    await t.prisma.notificationFiring.update({
      where: { id: firing.id },
      data: { sentAt: null, sentTo: [org.users.editorA.email], claimedUntil: new Date(Date.now() - 1000) },
    });
    await t.prisma.notificationPending.create({ data: { responseId, createdAt: new Date(Date.now() - 60_000) } });
    const swept = await sweepNotifications({ prisma: t.prisma, jobs: () => t.jobs });
    expect(swept).toEqual({ evaluations: 1, sends: 1 });
    await settle();
    // the outsider's alert again (its acceptance was not recorded), never the editor's a second time
    const after = alertsFor(responseId);
    expect(after.filter((m) => m.to[0] === org.users.editorA.email)).toHaveLength(1);
    expect(after.filter((m) => m.to[0] === outsider)).toHaveLength(2);
    expect(await t.prisma.notificationPending.count({ where: { responseId } })).toBe(0);
  });

  it("the delay is a debounce for a response still open: it sends when the delay has passed", async () => {
    const base = new Date("2026-11-20T10:00:00Z");
    const response = await t.prisma.response.create({
      data: { organizationId: org.organization.id, surveyId: s.survey.id, touchpointCode, unitCode: org.units.unitA.code, status: "open", createdAt: base },
    });
    await t.prisma.answer.create({
      data: {
        responseId: response.id,
        questionId: s.questions.nps.id,
        numericValue: 1,
        createdAt: base,
      },
    });
    await t.prisma.answer.create({
      data: {
        responseId: response.id,
        questionId: s.questions.text.id,
        textValue: "refund",
        createdAt: base,
      },
    });
    const queued: string[] = [];
    const jobs = () => ({ ...t.jobs, enqueue: async (_n: string, p: unknown) => void queued.push(JSON.stringify(p)) }) as typeof t.jobs;
    await evaluateResponse({ prisma: t.prisma, jobs, now: () => base }, { responseId: response.id });
    // a later answer moves the time on (debounce)
    await evaluateResponse({ prisma: t.prisma, jobs, now: () => new Date(base.getTime() + 10 * 60_000) }, { responseId: response.id });
    const firing = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { ruleId_responseId: { ruleId, responseId: response.id } } });
    expect(firing.dueAt.toISOString()).toBe("2026-11-20T10:40:00.000Z");
    expect(queued).toEqual([]); // not due yet
    const mail = createMailSender({ config: t.config, prisma: t.prisma });
    try {
      expect(await sendFiring({ prisma: t.prisma, config: t.config, mail, now: () => new Date("2026-11-20T10:39:59Z") }, { firingId: firing.id })).toBe(
        "skipped",
      );
      expect(await sendFiring({ prisma: t.prisma, config: t.config, mail, now: () => new Date("2026-11-20T10:40:00Z") }, { firingId: firing.id })).toBe("sent");
      expect(await sendFiring({ prisma: t.prisma, config: t.config, mail, now: () => new Date("2026-11-20T10:50:00Z") }, { firingId: firing.id })).toBe(
        "skipped",
      );
    } finally {
      mail.close();
    }
    expect(alertsFor(response.id)).toHaveLength(2);
  });

  it("a delayed firing checks the response again when it sends: no mail when it no longer matches, and the firing says why", async () => {
    const base = new Date("2026-11-21T10:00:00Z");
    const response = await t.prisma.response.create({
      data: { organizationId: org.organization.id, surveyId: s.survey.id, touchpointCode, unitCode: org.units.unitA.code, status: "open", createdAt: base },
    });
    const answer = (questionId: string, value: { numericValue?: number; textValue?: string }) =>
      t.prisma.answer.create({
        data: { responseId: response.id, questionId, createdAt: base, ...value },
      });
    const nps = await answer(s.questions.nps.id, { numericValue: 2 });
    await answer(s.questions.text.id, { textValue: "refund" });
    const queued: string[] = [];
    const jobs = () => ({ ...t.jobs, enqueue: async (_n: string, p: unknown) => void queued.push(JSON.stringify(p)) }) as typeof t.jobs;
    // a partial answer matches: the firing waits for the delay (30 minutes)
    await evaluateResponse({ prisma: t.prisma, jobs, now: () => base }, { responseId: response.id });
    const firing = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { ruleId_responseId: { ruleId, responseId: response.id } } });
    expect(firing.dueAt.toISOString()).toBe("2026-11-21T10:30:00.000Z");
    // the respondent then changes the NPS score to a promoter's: at send time the rule no longer matches
    await t.prisma.answer.update({ where: { id: nps.id }, data: { numericValue: 9 } });
    const mail = createMailSender({ config: t.config, prisma: t.prisma });
    const sendAt = (iso: string) => sendFiring({ prisma: t.prisma, config: t.config, mail, now: () => new Date(iso) }, { firingId: firing.id });
    try {
      expect(await sendAt("2026-11-21T10:30:00Z")).toBe("skipped");
      expect(alertsFor(response.id)).toHaveLength(0);
      const closed = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { id: firing.id } });
      expect(closed).toMatchObject({ sentAt: new Date("2026-11-21T10:30:00Z"), sentTo: [], error: firingMessages.noLongerMatches, claimedUntil: null });
      // a later answer that matches again reopens the firing (still at most one alert per response)
      await t.prisma.answer.update({ where: { id: nps.id }, data: { numericValue: 1 } });
      await evaluateResponse({ prisma: t.prisma, jobs, now: () => new Date("2026-11-21T10:40:00Z") }, { responseId: response.id });
      const reopened = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { id: firing.id } });
      expect(reopened).toMatchObject({ sentAt: null, error: null, dueAt: new Date("2026-11-21T11:10:00Z") });
      expect(await sendAt("2026-11-21T11:10:00Z")).toBe("sent");
      expect(alertsFor(response.id)).toHaveLength(2);
      // deleted before its delay passed: no mail, and the firing says so
      const gone = await t.prisma.response.create({
        data: { organizationId: org.organization.id, surveyId: s.survey.id, touchpointCode, unitCode: org.units.unitA.code, status: "open", createdAt: base },
      });
      await t.prisma.answer.createMany({
        data: [
          { responseId: gone.id, questionId: s.questions.nps.id, numericValue: 0 },
          { responseId: gone.id, questionId: s.questions.slider.id, numericValue: 9 },
        ],
      });
      await evaluateResponse({ prisma: t.prisma, jobs, now: () => base }, { responseId: gone.id });
      const goneFiring = await t.prisma.notificationFiring.findUniqueOrThrow({ where: { ruleId_responseId: { ruleId, responseId: gone.id } } });
      await t.prisma.response.delete({ where: { id: gone.id } });
      expect(await sendFiring({ prisma: t.prisma, config: t.config, mail, now: () => new Date("2026-11-21T10:30:00Z") }, { firingId: goneFiring.id })).toBe(
        "skipped",
      );
      expect(await t.prisma.notificationFiring.findUniqueOrThrow({ where: { id: goneFiring.id } })).toMatchObject({
        sentTo: [],
        error: firingMessages.responseDeleted,
      });
    } finally {
      mail.close();
    }
    expect(queued).toEqual([]); // nothing was due at the evaluations
  });

  it("the unsubscribe link removes only that recipient from that rule", async () => {
    const otherRule = await t.prisma.notificationRule.create({
      data: {
        organizationId: org.organization.id,
        name: "Everything",
        surveyId: s.survey.id,
        touchpointIds: [touchpointId],
        conditions: [[{ questionId: s.questions.nps.id, values: { gte: 0 } }]],
        delay: 0,
        receivers: [outsider],
      },
    });
    const en = smtp.messages.find((m) => m.to[0] === outsider && m.parsed.headers.get("x-notification-rule") === ruleId)!;
    const token = /\/unsubscribe\?token=([^&\s]+)&locale=en/.exec(en.text)![1]!;
    const state = await apiCall(t.baseUrl, "GET", `/unsubscribe?token=${token}`);
    expect(state.body).toMatchObject({ unsubscribed: false, organizationName: `${org.organization.name}: Detractors` });
    const done = await apiCall(t.baseUrl, "POST", `/unsubscribe?token=${token}`);
    expect(done.body).toMatchObject({ unsubscribed: true, message: "You have been unsubscribed" });
    expect((await t.prisma.notificationRule.findUniqueOrThrow({ where: { id: ruleId } })).receivers).toEqual([org.users.editorA.email]);
    expect((await t.prisma.notificationRule.findUniqueOrThrow({ where: { id: otherRule.id } })).receivers).toEqual([outsider]);
    const forged = `${token.slice(0, -3)}AAA`;
    expect((await apiCall(t.baseUrl, "POST", `/unsubscribe?token=${forged}`)).status).toBe(400);
    await t.prisma.notificationRule.delete({ where: { id: otherRule.id } });
  });

  it("alerts only those the plan still allows when it sends: without notificationsToAllEmails, current members only", async () => {
    const features = (await t.prisma.featureSet.findUniqueOrThrow({ where: { id: org.organization.featureSetId } })).features;
    const rule = await t.prisma.notificationRule.create({
      data: {
        organizationId: org.organization.id,
        name: "Members only",
        surveyId: s.survey.id,
        touchpointIds: [touchpointId],
        conditions: [[{ questionId: s.questions.nps.id, values: { gte: 0 } }]],
        delay: 0,
        receivers: [org.users.editorA.email, outsider],
      },
    });
    // Written straight to the database: the evaluation's one-second cache of active rules lets it in after that.
    await new Promise((r) => setTimeout(r, 1100));
    try {
      // The plan changed after the rule was saved: the outsider is no longer a receiver it allows.
      await t.prisma.featureSet.update({
        where: { id: org.organization.featureSetId },
        data: { features: [...features.filter((f) => f !== "notificationsToAllEmails"), "notificationsToOrganizationUsers"] },
      });
      const responseId = await post([{ questionId: s.questions.nps.id, value: 5 }]);
      await settle();
      const mails = alertsFor(responseId).filter((m) => m.parsed.headers.get("x-notification-rule") === rule.id);
      expect(mails.map((m) => m.to[0])).toEqual([org.users.editorA.email]);
    } finally {
      await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features } });
      await t.prisma.notificationRule.delete({ where: { id: rule.id } });
    }
  });

  it("the responses the ingestion hands on fire the same rules as when read back, once each; a rule changed by another process is compiled again within a second", async () => {
    // a survey of its own, so that its rules do not touch the other tests' responses
    const s2 = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Checkout");
    const tp = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Checkout link", s2.survey.id)).id;
    const rule = (conditions: unknown, name: string) =>
      t.prisma.notificationRule.create({
        data: {
          organizationId: org.organization.id,
          name,
          surveyId: s2.survey.id,
          touchpointIds: [tp],
          conditions: conditions as object,
          delay: 0,
          receivers: [outsider],
        },
      });
    const low = await rule([[{ questionId: s2.questions.nps.id, values: { lt: 4 } }]], "Low");
    const wordy = await rule(
      [[{ questionId: s2.questions.text.id, values: ["slow", "rude"] }], [{ questionId: s2.questions.slider.id, values: { gte: 2, lt: 8 } }]],
      "Slow and middling",
    );
    forgetRules(); // written straight to the database: this process reads the rules again at once
    // stored as the ingestion stores them, keeping what it hands on to the evaluation
    const handedOn: PendingResponse[] = [];
    const inserts = new InsertBatcher(t.prisma, { onNotificationPending: (responses) => handedOn.push(...responses) });
    const words = ["slow checkout", "RUDE staff", "all fine", "quick"];
    const items: PendingResponse[] = Array.from({ length: 40 }, (_, i) => ({
      id: randomBytes(12).toString("hex"),
      organizationId: org.organization.id,
      surveyId: s2.survey.id,
      touchpointId: tp,
      unitId: org.units.unitA.id,
      language: "en",
      metadata: {},
      idempotencyKey: randomBytes(10).toString("hex"),
      startedAt: new Date(),
      submittedAt: new Date(),
      answers: [
        ...(i % 5 === 4 ? [] : [{ q: s2.questions.nps.id, n: i % 11, x: null, h: [] }]), // some leave the NPS question out
        { q: s2.questions.text.id, n: null, x: words[i % words.length]!, h: [] },
        { q: s2.questions.slider.id, n: (i % 11) / 10, x: null, h: [] }, // 0 … 10 on the default scale
      ],
    }));
    await Promise.all(items.map((item) => inserts.insert(item)));
    expect(handedOn.map((r) => r.id).sort()).toEqual(items.map((r) => r.id).sort());
    const responseIds = items.map((r) => r.id);
    const jobs = () => t.jobs;
    const fromIngestion = await evaluateResponses({ prisma: t.prisma, jobs }, { responseIds, responses: storedForEvaluation(handedOn) });
    const readBack = await evaluateResponses({ prisma: t.prisma, jobs }, { responseIds });
    const key = (f: { ruleId: string; responseId: string }) => `${f.ruleId}/${f.responseId}`;
    expect(fromIngestion.fired.map(key).sort()).toEqual(readBack.fired.map(key).sort());
    // what the interpreter says of each response as stored
    const expected = items.flatMap((item, i) => [
      ...(i % 5 !== 4 && i % 11 < 4 ? [`${low.id}/${item.id}`] : []),
      ...(i % words.length < 2 && i % 11 >= 2 && i % 11 < 8 ? [`${wordy.id}/${item.id}`] : []),
    ]);
    expect(expected.length).toBeGreaterThan(5);
    expect(fromIngestion.fired.map(key).sort()).toEqual(expected.sort());
    expect(await t.prisma.notificationFiring.count({ where: { responseId: { in: responseIds } } })).toBe(expected.length);
    expect(await t.prisma.notificationPending.count({ where: { responseId: { in: responseIds } } })).toBe(0);

    // Edited by another process (straight in the database, no forgetRules here): within a second this
    // process reads the rule again, compiles it again, and its new conditions decide.
    const compiledBefore = compiledRuleCount();
    await t.prisma.notificationRule.update({ where: { id: low.id }, data: { conditions: [[{ questionId: s2.questions.nps.id, values: [10] }]] } });
    await new Promise((r) => setTimeout(r, 1100));
    const again = await evaluateResponses({ prisma: t.prisma, jobs }, { responseIds });
    expect(compiledRuleCount()).toBe(compiledBefore + 1);
    const tens = items.filter((_, i) => i % 5 !== 4 && i % 11 === 10).map((item) => `${low.id}/${item.id}`);
    expect(tens.length).toBeGreaterThan(0);
    expect(
      again.fired
        .filter((f) => f.ruleId === low.id)
        .map(key)
        .sort(),
    ).toEqual(tens.sort());
    await settle();
    await t.prisma.notificationRule.deleteMany({ where: { id: { in: [low.id, wordy.id] } } });
  });
});
