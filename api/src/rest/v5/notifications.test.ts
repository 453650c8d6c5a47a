// Notification rules through the real server (REST and GraphQL): create, list, read, replace, copy
// and delete; every validation rule of spec 001 §5 and the bad input of issue 13 (malformed
// conditions, ids that are not 24 hex characters, foreign surveys, touchpoints and questions,
// receivers outside the plan's features), each refused with a clear error and nothing changed;
// non-admins see only their own rules, and no organisation sees another's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, type TestSurvey } from "../../test/analytics-survey.js";
import { notificationMessages } from "../../domain/notifications/rules.js";
import { conditionMessages } from "../../domain/notifications/conditions.js";
import { noFeatureAccessMessage } from "../../domain/features/features.js";
import { webhookMessages } from "../../domain/notifications/webhooks.js";

describe.skipIf(noDatabase)("notification rules", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let otherSurvey: TestSurvey;
  let touchpointId: string;
  let foreignTouchpointId: string;
  const tokens: Record<"admin" | "editor" | "viewer" | "otherAdmin", string> = {} as never;
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const count = () => t.prisma.notificationRule.count({ where: { organizationId: org.organization.id } });
  const valid = () => ({
    name: "Unhappy customers",
    survey_id: s.survey.id,
    device_id: [touchpointId],
    conditions: [[{ questionId: s.questions.nps.id, values: [0, 1, 2, 3] }], [{ questionId: s.questions.single.id, values: ["ca"] }]],
    delay: 30,
    receivers: [org.users.editorA.email],
    format: "markdown",
  });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Alerts");
    other = await createOrganizationFixture(t.prisma, "Rivals");
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["notificationsToOrganizationUsers"] } } });
    await t.prisma.featureSet.update({ where: { id: other.organization.featureSetId }, data: { features: { push: ["notificationsToAllEmails"] } } });
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    otherSurvey = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.unitA.id);
    touchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Store link", s.survey.id)).id;
    foreignTouchpointId = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.unitA.id, "Rival link", otherSurvey.survey.id)).id;
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("creates, reads, lists, replaces, copies and deletes a rule (REST)", async () => {
    const created = await call("POST", "/notifications", tokens.editor, valid());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "Unhappy customers",
      survey_id: s.survey.id,
      device_id: [touchpointId],
      delay: 30,
      receivers: [org.users.editorA.email],
      format: "markdown",
      active: true,
      message: "Saved",
    });
    expect(created.body).not.toHaveProperty("messageContentFromQuestionIds");
    const id = created.body._id as string;
    const read = await call("GET", `/notifications/${id}`, tokens.editor);
    expect(read.body.conditions).toEqual(valid().conditions);

    const replaced = await call("PUT", `/notifications/${id}`, tokens.editor, {
      ...valid(),
      name: "Detractors",
      messageContentFromQuestionIds: [s.questions.nps.id, s.questions.text.id],
      active: false,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: "Detractors", active: false, messageContentFromQuestionIds: [s.questions.nps.id, s.questions.text.id] });

    // a copy: the same fields without the id, created as new
    const { _id, message, createdAt, updatedAt, lastSentAt, createdBy, ...copy } = replaced.body;
    const copied = await call("POST", "/notifications", tokens.editor, copy);
    expect(copied.status).toBe(201);
    expect(copied.body._id).not.toBe(id);
    expect((await call("GET", "/notifications", tokens.editor)).body.map((r: { _id: string }) => r._id).sort()).toEqual([id, copied.body._id].sort());

    expect((await call("DELETE", `/notifications/${copied.body._id}`, tokens.editor)).body).toEqual({ status: "ok", _id: copied.body._id, message: "Deleted" });
    expect((await call("GET", `/notifications/${copied.body._id}`, tokens.editor)).status).toBe(404);
    expect((await call("DELETE", `/notifications/${copied.body._id}`, tokens.editor)).status).toBe(404);
  });

  it("keeps webhook URLs of public addresses, with a signing secret that stays when the rule is saved again", async () => {
    const created = await call("POST", "/notifications", tokens.editor, { ...valid(), webhooks: ["https://203.0.113.9/hooks/feedback"] });
    expect(created.status).toBe(201);
    expect(created.body.webhooks).toEqual(["https://203.0.113.9/hooks/feedback"]);
    expect(created.body.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const again = await call("PUT", `/notifications/${created.body._id}`, tokens.editor, { ...valid(), webhooks: ["https://203.0.113.10/other"] });
    expect(again.body.webhookSecret).toBe(created.body.webhookSecret);
    expect((await call("POST", "/notifications", tokens.editor, valid())).body.webhookSecret).toBeNull();
  });

  it("drops empty slider bounds and empty groups before save", async () => {
    const created = await call("POST", "/notifications", tokens.editor, {
      ...valid(),
      conditions: [
        [{ questionId: s.questions.slider.id, values: { gte: 7, lt: "" } }],
        [],
        [{ questionId: s.questions.slider.id, values: { gte: null, lt: null } }],
        [{ questionId: s.questions.multi.id, values: ["mx", "my"] }],
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.conditions).toEqual([
      [{ questionId: s.questions.slider.id, values: { gte: 7 } }],
      [{ questionId: s.questions.multi.id, values: ["mx", "my"] }],
    ]);
    await call("DELETE", `/notifications/${created.body._id}`, tokens.editor);
  });

  it("refuses malformed and incomplete rules with a clear error, saving nothing", async () => {
    const before = await count();
    const otherQuestion = otherSurvey.questions.nps.id;
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: undefined }, notificationMessages.incomplete("name"), "name"],
      [{ name: "  " }, notificationMessages.emptyString("name"), "name"],
      [{ survey_id: undefined }, notificationMessages.incomplete("surveyId"), "surveyId"],
      [{ device_id: [] }, notificationMessages.emptyList("touchpointIds"), "touchpointIds"],
      [{ receivers: [] }, notificationMessages.emptyList("receivers"), "receivers"],
      [{ delay: undefined }, notificationMessages.incomplete("delay"), "delay"],
      [{ delay: -5 }, notificationMessages.delay, "delay"],
      [{ conditions: undefined }, notificationMessages.incomplete("conditions"), "conditions"],
      [{ conditions: [] }, conditionMessages.noConditions, "conditions"],
      [{ conditions: [[{ questionId: s.questions.nps.id, values: [] }]] }, conditionMessages.values, "conditions.0.0.values"],
      [{ conditions: [[{ questionId: s.questions.slider.id, values: { gte: -1, lt: 5 } }]] }, conditionMessages.values, "conditions.0.0.values.gte"],
      [{ conditions: [[{ questionId: s.questions.slider.id, values: { gte: 8, lt: 5 } }]] }, conditionMessages.boundsOrder, "conditions.0.0.values"],
      [{ conditions: [[{ questionId: s.questions.nps.id, values: [11] }]] }, conditionMessages.nps, "conditions.0.0.values"],
      [{ conditions: [[{ questionId: s.questions.single.id, values: ["zz"] }]] }, conditionMessages.choice, "conditions.0.0.values"],
      [{ conditions: [[{ questionId: "0123456789abcdef01234567", values: [1] }]] }, conditionMessages.unknownQuestion, "conditions.0.0.questionId"],
      [{ conditions: [[{ questionId: otherQuestion, values: [1] }]] }, conditionMessages.unknownQuestion, "conditions.0.0.questionId"],
      [{ messageContentFromQuestionIds: [] }, notificationMessages.emptyContentList, "messageContentFromQuestionIds"],
      [{ messageContentFromQuestionIds: [otherQuestion] }, notificationMessages.contentQuestion, "messageContentFromQuestionIds.0"],
      [{ survey_id: "not-an-id" }, "Invalid id: ids are 24 hexadecimal characters", "surveyId"],
      [{ device_id: ["xyz"] }, "Invalid id: ids are 24 hexadecimal characters", "touchpointIds.0"],
      [{ receivers: ["not an address"] }, "Please provide a valid e-mail address", "receivers.0"],
      [{ format: "html" }, notificationMessages.format, "format"],
      [{ webhooks: ["http://127.0.0.1:8080/hook"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["https://10.1.2.3/hook"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["https://192.168.1.20/hook"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["http://[::1]:80/hook"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["http://[::ffff:127.0.0.1]/hook"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["http://169.254.169.254/latest/meta-data"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["https://localhost/hook"] }, webhookMessages.privateAddress, "webhooks.0"],
      [{ webhooks: ["ftp://203.0.113.9/hook"] }, webhookMessages.url, "webhooks.0"],
      [{ webhooks: ["https://user:pw@203.0.113.9/hook"] }, webhookMessages.url, "webhooks.0"],
      [{ webhooks: "https://203.0.113.9/hook" }, webhookMessages.url, "webhooks"],
    ];
    for (const [change, error, field] of cases) {
      const answer = await call("POST", "/notifications", tokens.editor, { ...valid(), ...change });
      expect({ change, status: answer.status, body: answer.body }).toEqual({ change, status: 400, body: field ? { error, field } : { error } });
    }
    // another organisation's survey and touchpoint are not found, as if they did not exist
    expect((await call("POST", "/notifications", tokens.editor, { ...valid(), survey_id: otherSurvey.survey.id })).body).toEqual({ error: "Survey not found" });
    expect((await call("POST", "/notifications", tokens.editor, { ...valid(), device_id: [foreignTouchpointId] })).body).toEqual({
      error: "Touchpoint not found",
    });
    // a receiver outside the plan's feature (only organisation users)
    const outside = await call("POST", "/notifications", tokens.editor, { ...valid(), receivers: ["someone@elsewhere.example"] });
    expect(outside).toEqual({ status: 400, body: { error: notificationMessages.receiverOutsidePlan("someone@elsewhere.example"), field: "receivers.0" } });
    expect(await count()).toBe(before);
  });

  it("checks the id before any lookup, and shows nothing of another organisation or another person", async () => {
    expect(await call("GET", "/notifications/12345", tokens.editor)).toEqual({ status: 400, body: { error: "Invalid id: ids are 24 hexadecimal characters" } });
    expect((await call("PUT", "/notifications/ZZZ", tokens.editor, valid())).status).toBe(400);
    expect((await call("DELETE", "/notifications/ZZZ", tokens.editor)).status).toBe(400);
    const mine = (await call("POST", "/notifications", tokens.editor, valid())).body._id as string;
    // the other organisation's admin: not found, and not in their list
    expect((await call("GET", `/notifications/${mine}`, tokens.otherAdmin)).status).toBe(404);
    expect((await call("PUT", `/notifications/${mine}`, tokens.otherAdmin, valid())).status).toBe(404);
    expect((await call("DELETE", `/notifications/${mine}`, tokens.otherAdmin)).status).toBe(404);
    expect((await call("GET", "/notifications", tokens.otherAdmin)).body).toEqual([]);
    // a viewer sees only their own (none) and may not create
    expect((await call("GET", "/notifications", tokens.viewer)).body).toEqual([]);
    expect((await call("GET", `/notifications/${mine}`, tokens.viewer)).status).toBe(404);
    expect(await call("POST", "/notifications", tokens.viewer, valid())).toEqual({
      status: 403,
      body: { error: notificationMessages.noRights },
    });
    // the organisation admin sees every rule of the organisation
    expect((await call("GET", "/notifications", tokens.admin)).body.map((r: { _id: string }) => r._id)).toContain(mine);
    expect((await call("GET", "/notifications", tokens.admin)).status).toBe(200);
    expect(await t.prisma.notificationRule.count({ where: { id: mine } })).toBe(1);
  });

  it("needs a plan with notifications", async () => {
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { set: ["restApi"] } } });
    try {
      // the viewer's features are read per request
      expect(await call("POST", "/notifications", tokens.editor, valid())).toEqual({ status: 403, body: { error: noFeatureAccessMessage } });
    } finally {
      await t.prisma.featureSet.update({
        where: { id: org.organization.featureSetId },
        data: { features: { set: ["restApi", "notificationsToOrganizationUsers"] } },
      });
    }
  });

  it("works the same through GraphQL", async () => {
    const input = `{ name: "GraphQL rule", surveyId: "${s.survey.id}", touchpointIds: ["${touchpointId}"], delay: 0,
      receivers: ["${org.users.admin.email}"], format: plain,
      conditionGroups: [{ conditions: [{ questionId: "${s.questions.slider.id}", gte: 8 }, { questionId: "${s.questions.text.id}", values: ["refund"] }] }] }`;
    const created = await gql(
      t.baseUrl,
      `mutation { createNotificationRule(input: ${input}) { message rule { legacyId name conditionGroups { conditions { questionId values numbers gte lt } } messageContentFromQuestionIds } } }`,
      {},
      tokens.admin,
    );
    expect(created.errors).toBeUndefined();
    const rule = (created.data as any).createNotificationRule.rule;
    expect(rule.conditionGroups).toEqual([
      {
        conditions: [
          { questionId: s.questions.slider.id, values: null, numbers: null, gte: 8, lt: null },
          { questionId: s.questions.text.id, values: ["refund"], numbers: null, gte: null, lt: null },
        ],
      },
    ]);
    expect(rule.messageContentFromQuestionIds).toBeNull();
    const listed = await gql(t.baseUrl, `{ notificationRules { legacyId } }`, {}, tokens.admin);
    expect((listed.data as any).notificationRules.map((r: { legacyId: string }) => r.legacyId)).toContain(rule.legacyId);
    const bad = await gql(t.baseUrl, `{ notificationRule(id: "nope") { name } }`, {}, tokens.admin);
    expect(bad.errors?.[0]?.message).toBe("Invalid id: ids are 24 hexadecimal characters");
    const foreign = await gql(t.baseUrl, `{ notificationRule(id: "${rule.legacyId}") { name } }`, {}, tokens.otherAdmin);
    expect(foreign.errors?.[0]?.message).toBe(notificationMessages.notFound);
    const deleted = await gql(t.baseUrl, `mutation { deleteNotificationRule(id: "${rule.legacyId}") { legacyId message } }`, {}, tokens.admin);
    expect((deleted.data as any).deleteNotificationRule).toEqual({ legacyId: rule.legacyId, message: "Deleted" });
  });
});
