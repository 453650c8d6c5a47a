// POST /api/v5/demo-data and generateDemoData on the real server: the first call makes the demo
// survey (every question type) and its link and adds responses over the last 90 days with answers;
// a second call adds responses to the same survey; counters follow; the live count is published;
// bad input, a viewer, an editor and a unit admin change nothing; another organisation's admin
// fills only their own organisation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../test/rest-client.js";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql, subscribeWs } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { onlyAdminsMessage } from "../../domain/demo-data/demo-data.js";
import { answersOf } from "../../domain/answers/rows.js";

describe.skipIf(noDatabase)("demo data", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const counts = async (organizationId: string) => ({
    surveys: await t.prisma.survey.count({ where: { organizationId } }),
    touchpoints: await t.prisma.touchpoint.count({ where: { organizationId } }),
    responses: await t.prisma.response.count({ where: { organizationId } }),
    answers: (
      await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "EveryAnswer" a JOIN "Response" r ON r."id" = a."responseId" WHERE r."organizationId" = $1`,
        organizationId,
      )
    )[0]!.n,
  });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Demoed");
    other = await createOrganizationFixture(t.prisma, "Bystander");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.adminA = await signIn(org.users.adminA.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("makes the demo survey, its link and responses with answers over the last 90 days, then adds to the same survey", async () => {
    const started = Date.now();
    const first = await call("POST", "/demo-data", tokens.admin, { responses: 120 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      survey: { name: "Demo survey", created: true },
      touchpoint: { name: "Demo link", created: true },
      responses: 120,
      responseCount: 120,
      message: "data generated",
    });
    const surveyId = first.body.survey._id as string;
    const touchpointId = first.body.touchpoint._id as string;

    const survey = await t.prisma.survey.findUniqueOrThrow({ where: { id: surveyId }, include: { questions: { orderBy: { position: "asc" } } } });
    expect(survey.organizationId).toBe(org.organization.id);
    expect(survey.unitId).toBe(org.units.root.id);
    expect(survey.languages).toEqual(["en", "es", "fi"]);
    expect(survey.questions.map((q) => q.type)).toEqual(["smiley", "nps", "slider", "singleChoice", "multipleChoice", "emotion", "openText", "contactDetails"]);
    expect(survey.responseCount).toBe(120);
    const touchpoint = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: touchpointId } });
    expect(touchpoint).toMatchObject({ organizationId: org.organization.id, type: "link", activeSurveyId: surveyId, responseCount: 120 });

    const responses = await t.prisma.response.findMany({
      where: { surveyId },
      select: { id: true, createdAt: true, touchpoint: { select: { id: true } }, unitCode: true, language: true },
    });
    expect(responses).toHaveLength(120);
    const ninetyDaysAgo = started - 90 * 86_400_000 - 60_000;
    for (const r of responses) {
      expect(r.createdAt.getTime()).toBeGreaterThan(ninetyDaysAgo);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(r.touchpoint.id).toBe(touchpointId);
      expect(["en", "es", "fi"]).toContain(r.language);
    }
    const latest = Math.max(...responses.map((r) => r.createdAt.getTime()));
    expect(survey.lastFeedbackAt?.getTime()).toBe(latest);
    // Every response answers the required questions; NPS answers are 0..10.
    const nps = (
      await answersOf(
        t.prisma,
        responses.map((r) => r.id),
      )
    ).filter((a) => a.questionId === survey.questions[1]!.id);
    expect(nps).toHaveLength(120);
    expect(nps.every((a) => a.numericValue !== null && a.numericValue >= 0 && a.numericValue <= 10 && Number.isInteger(a.numericValue))).toBe(true);
    // Spread over the window, not all on one day.
    expect(new Set(responses.map((r) => r.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(20);
    // The analytics roll-ups hold them too.
    const { code: surveyCode } = await t.prisma.survey.findUniqueOrThrow({ where: { id: surveyId } });
    const rolled = await t.prisma.rollupResponseDay.aggregate({ where: { surveyCode }, _sum: { responses: true } });
    expect(rolled._sum.responses).toBe(120);

    const second = await call("POST", "/demo-data", tokens.admin, {});
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      survey: { _id: surveyId, created: false },
      touchpoint: { _id: touchpointId, created: false },
      responses: 500,
      responseCount: 620,
    });
    expect(await t.prisma.survey.count({ where: { organizationId: org.organization.id, name: "Demo survey" } })).toBe(1);
    expect(await t.prisma.response.count({ where: { surveyId } })).toBe(620);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: touchpointId } })).responseCount).toBe(620);
    expect((await t.prisma.rollupResponseDay.aggregate({ where: { surveyCode }, _sum: { responses: true } }))._sum.responses).toBe(620);
  });

  it("publishes the new count to responseCountChanged and answers over GraphQL", async () => {
    const first = await gql(t.baseUrl, `mutation { generateDemoData(responses: 1) { survey { legacyId } } }`, {}, tokens.admin);
    expect(first.errors).toBeUndefined();
    const surveyId = (first.data as any).generateDemoData.survey.legacyId as string;
    const sub = subscribeWs(
      t.baseUrl,
      `subscription { responseCountChanged(surveyId: "${globalId("Survey", surveyId)}") { surveyId responseCount created } }`,
      tokens.admin,
    );
    await sub.connected;
    await new Promise((r) => setTimeout(r, 200));
    const r = await gql(
      t.baseUrl,
      `mutation { generateDemoData(responses: 7) { responses responseCount surveyCreated touchpointCreated survey { legacyId name } } }`,
      {},
      tokens.admin,
    );
    expect(r.errors).toBeUndefined();
    const payload = (r.data as any).generateDemoData;
    expect(payload).toMatchObject({ responses: 7, surveyCreated: false, touchpointCreated: false, survey: { legacyId: surveyId, name: "Demo survey" } });
    await sub.waitFor(1);
    await sub.close();
    expect(sub.events[0]?.data).toEqual({ responseCountChanged: { surveyId, responseCount: payload.responseCount, created: 7 } });
  });

  it("makes the survey again when the demo survey was deleted, and two concurrent calls make one", async () => {
    const fresh = await createOrganizationFixture(t.prisma, "Racing");
    const token = (await signInWithPassword(t.baseUrl, fresh.users.admin.email, testPassword)).accessToken;
    const [a, b] = await Promise.all([call("POST", "/demo-data", token, { responses: 5 }), call("POST", "/demo-data", token, { responses: 5 })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.survey._id).toBe(b.body.survey._id);
    expect([a.body.survey.created, b.body.survey.created].sort()).toEqual([false, true]);
    expect(await t.prisma.response.count({ where: { organizationId: fresh.organization.id } })).toBe(10);

    expect((await call("DELETE", `/surveys/${a.body.survey._id}`, token)).status).toBe(200);
    const again = await call("POST", "/demo-data", token, { responses: 2 });
    expect(again.body).toMatchObject({ survey: { created: true }, touchpoint: { _id: a.body.touchpoint._id, created: false }, responseCount: 2 });
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: a.body.touchpoint._id } })).activeSurveyId).toBe(again.body.survey._id);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await counts(org.organization.id);
    for (const [body, message] of [
      [{ responses: 0 }, "responses must be at least 1"],
      [{ responses: 5001 }, "responses must be at most 5000"],
      [{ responses: 2.5 }, "responses must be a whole number"],
      [{ responses: "ten" }, "responses must be a whole number"],
    ] as const) {
      const r = await call("POST", "/demo-data", tokens.admin, body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: message, field: "responses" });
    }
    const g = await gql(t.baseUrl, `mutation { generateDemoData(responses: -3) { responses } }`, {}, tokens.admin);
    expect(g.errors?.[0]?.message).toBe("responses must be at least 1");
    expect(await counts(org.organization.id)).toEqual(before);
  });

  it("refuses a viewer, an editor, a unit admin and anonymous callers; nothing is written", async () => {
    const before = await counts(org.organization.id);
    for (const token of [tokens.viewerA, tokens.editorA, tokens.adminA]) {
      const r = await call("POST", "/demo-data", token, { responses: 3 });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: onlyAdminsMessage });
      const g = await gql(t.baseUrl, `mutation { generateDemoData(responses: 3) { responses } }`, {}, token);
      expect(g.errors?.[0]?.message).toBe(onlyAdminsMessage);
      expect(g.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect((await call("POST", "/demo-data", undefined, {})).status).toBe(401);
    expect(await counts(org.organization.id)).toEqual(before);
  });

  it("another organisation's admin fills only their own organisation and never sees ours", async () => {
    const ours = await counts(org.organization.id);
    const r = await call("POST", "/demo-data", tokens.otherAdmin, { responses: 4 });
    expect(r.status).toBe(201);
    expect(r.body.survey.created).toBe(true);
    const made = await t.prisma.survey.findUniqueOrThrow({ where: { id: r.body.survey._id } });
    expect(made.organizationId).toBe(other.organization.id);
    expect(await t.prisma.response.count({ where: { organizationId: other.organization.id } })).toBe(4);
    expect(await counts(org.organization.id)).toEqual(ours);
    // Their list holds their demo survey only.
    const list = await call("GET", "/surveys?fields=name", tokens.otherAdmin);
    expect(list.body.map((s: { _id: string }) => s._id)).toEqual([made.id]);
  });
});
