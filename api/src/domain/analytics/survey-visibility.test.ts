// Question texts and choices reach a caller only for surveys they may open (scope.ts
// visibleSurveyIds; spec 000 §6: a survey of another team is visible when the caller has responses
// from it). A viewer of unit A asks, on every surface that carries question texts, about a survey of
// unit B with no responses from unit A: each answers "not found" or leaves it out, while the
// organisation admin still gets it. The viewer's share link gets no more than the viewer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { generateShareToken } from "../results-scope/share-token.js";

const secret = "Secret question of unit B";
const secretChoice = "Secret choice of unit B";
const window = { from: "2026-01-01", to: "2026-01-31", utcOffset: 0 };

describe.skipIf(noDatabase)("question texts of surveys the caller may not open", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let viewer: string;
  let admin: string;
  let shareToken: string;
  const q = { nps: "", choice: "", text: "", ownNps: "" };
  let hiddenSurvey = "";
  let ownSurvey = "";

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Visibility");
    const organizationId = org.organization.id;
    const survey = await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitB.id, name: "Unit B only" } });
    hiddenSurvey = survey.id;
    const question = (surveyId: string, position: number, type: "nps" | "singleChoice" | "openText", extra: object = {}) =>
      t.prisma.question.create({ data: { organizationId, surveyId, position, type, title: { en: `${secret} ${type}` }, ...extra } });
    q.nps = (await question(survey.id, 0, "nps")).id;
    q.choice = (await question(survey.id, 1, "singleChoice", { choices: [{ id: "c1", text: { en: secretChoice } }] })).id;
    q.text = (await question(survey.id, 2, "openText")).id;
    const own = await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitA.id, name: "Unit A" } });
    ownSurvey = own.id;
    q.ownNps = (await t.prisma.question.create({ data: { organizationId, surveyId: own.id, position: 0, type: "nps", title: { en: "Our own question" } } })).id;
    // A response of unit B to the hidden survey: the viewer of unit A still has none from it.
    const touchpointB = await t.prisma.touchpoint.create({ data: { organizationId, unitId: org.units.unitB.id, name: "B kiosk", type: "terminal" } });
    await t.prisma.response.create({
      data: {
        organizationId,
        surveyId: survey.id,
        touchpointCode: touchpointB.code,
        unitCode: org.units.unitB.code,
        createdAt: new Date("2026-01-10T10:00:00Z"),
      },
    });
    viewer = (await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword)).accessToken;
    admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    // The viewer's own share link, letting its visitors change everything.
    const link = generateShareToken();
    shareToken = link.token;
    await t.prisma.shareToken.create({
      data: {
        organizationId,
        createdByUserId: org.users.viewerA.id,
        token: link.tokenHash,
        filters: { from: window.from, to: window.to },
        allowChanges: ["all"],
      },
    });
  });
  afterAll(async () => t?.close());

  const leaks = (body: unknown) => JSON.stringify(body ?? null).includes("Secret");

  it("POST /results/question: not found for the viewer and their share link; the admin gets it", async () => {
    const asViewer = await apiCall(t.baseUrl, "POST", "/results/question", viewer, { questionId: q.nps, ...window });
    expect(asViewer.status).toBe(404);
    expect(leaks(asViewer.body)).toBe(false);
    const viaLink = await apiCall(t.baseUrl, "POST", `/results/question?token=${shareToken}`, undefined, { questionId: q.choice });
    expect(viaLink.status).toBe(404);
    expect(leaks(viaLink.body)).toBe(false);
    const asAdmin = await apiCall(t.baseUrl, "POST", "/results/question", admin, { questionId: q.choice, ...window });
    expect(asAdmin.status).toBe(200);
    expect(leaks(asAdmin.body)).toBe(true);
    // The viewer's own survey still answers.
    expect((await apiCall(t.baseUrl, "POST", "/results/question", viewer, { questionId: q.ownNps, ...window })).status).toBe(200);
  });

  it("GraphQL results(surveyId) and POST /results/list: no questions or columns of that survey", async () => {
    const filters = { ...window, surveyIds: [globalId("Survey", hiddenSurvey)] };
    const results = await gql(t.baseUrl, `query ($f: ResultsFilterInput) { results(filters: $f) { questionLegacyId title } }`, { f: filters }, viewer);
    expect(results.errors).toBeUndefined();
    expect(results.data!.results).toEqual([]);
    const adminResults = await gql(t.baseUrl, `query ($f: ResultsFilterInput) { results(filters: $f) { questionLegacyId } }`, { f: filters }, admin);
    expect(adminResults.data!.results.map((r: { questionLegacyId: string }) => r.questionLegacyId)).toContain(q.nps);

    for (const [token, query] of [
      [viewer, ""],
      [undefined, `?token=${shareToken}`],
    ] as const) {
      const list = await apiCall(t.baseUrl, "POST", `/results/list${query}`, token, { filters: { ...window, surveyId: [hiddenSurvey] }, locale: "en" });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(leaks(list.body)).toBe(false);
    }
    const adminList = await apiCall(t.baseUrl, "POST", "/results/list", admin, { filters: { ...window, surveyId: [hiddenSurvey] }, locale: "en" });
    expect(leaks(adminList.body)).toBe(true);
  });

  it("GraphQL rootCause and textAnalytics: the question is not found, for the viewer and through the link", async () => {
    for (const [token, share] of [
      [viewer, null],
      [undefined, shareToken],
    ] as const) {
      const root = await gql(
        t.baseUrl,
        `query ($q: ID!, $f: ResultsFilterInput, $s: String) { rootCause(outcomeQuestionId: $q, filters: $f, shareToken: $s) { outcome { title } items { questionTitle } } }`,
        { q: globalId("Question", q.nps), f: window, s: share },
        token,
      );
      expect(root.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      expect(leaks(root.data)).toBe(false);
      const text = await gql(
        t.baseUrl,
        `query ($q: ID, $f: ResultsFilterInput, $s: String) { textAnalytics(questionId: $q, filters: $f, shareToken: $s) { analyzedAnswers questionLegacyIds } }`,
        { q: globalId("Question", q.text), f: window, s: share },
        token,
      );
      expect(text.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    const asAdmin = await gql(
      t.baseUrl,
      `query ($q: ID!, $f: ResultsFilterInput) { rootCause(outcomeQuestionId: $q, filters: $f) { outcome { title } } }`,
      { q: globalId("Question", q.nps), f: window },
      admin,
    );
    expect(asAdmin.errors).toBeUndefined();
  });

  it("GraphQL resultsFilterOptions: neither the survey nor its questions, even when asked for by id", async () => {
    const query = `query ($f: ResultsFilterInput, $s: String) { resultsFilterOptions(filters: $f, shareToken: $s) { surveys { name } questions { title { text } choices { text { text } } } } }`;
    for (const [token, share] of [
      [viewer, null],
      [undefined, shareToken],
    ] as const) {
      const options = await gql(t.baseUrl, query, { f: { ...window, surveyIds: [globalId("Survey", hiddenSurvey)] }, s: share }, token);
      expect(options.errors).toBeUndefined();
      expect(leaks(options.data)).toBe(false);
    }
    const asAdmin = await gql(t.baseUrl, query, { f: { ...window, surveyIds: [globalId("Survey", hiddenSurvey)] }, s: null }, admin);
    expect(leaks(asAdmin.data)).toBe(true);
    expect(ownSurvey).not.toBe("");
  });
});
