// GET /surveys with a share link's token and no session (spec 001 §7: "GET /surveys: query fields,
// scope, token when shared"): the link's own surveys; with none, the surveys its results show (with
// responses in its scope and window); all the surveys it lets the visitor pick when allowChanges has
// surveyId, within its creator's teams. Only the survey's own fields; a bad token gets nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";

describe.skipIf(noDatabase)("GET /surveys with a share token", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as { admin: string; viewerA: string };
  let answered: TestSurvey;
  let quiet: TestSurvey;
  let teamB: TestSurvey;
  let foreign: TestSurvey;

  const link = async (token: string, body: Record<string, unknown>) => {
    const res = await apiCall(t.baseUrl, "POST", "/results/token/create", token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token as string;
  };
  const visit = async (token: string, query = "") => {
    const res = await fetch(`${t.baseUrl}/api/v5/surveys?token=${encodeURIComponent(token)}${query}`);
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Shared");
    other = await createOrganizationFixture(t.prisma, "Foreign");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    answered = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Answered in January");
    quiet = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Quiet survey");
    teamB = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitB.id, "Team B survey");
    foreign = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.unitA.id, "Foreign survey");
    const door = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Door", answered.survey.id);
    await insertTestResponses(t.prisma, org.organization.id, [
      {
        surveyId: answered.survey.id,
        touchpointId: door.id,
        unitId: org.units.unitA.id,
        createdAt: new Date("2026-01-10T12:00:00Z"),
        answers: [{ questionId: answered.questions.nps.id, n: 9 }],
      },
    ]);
    await t.prisma.survey.update({ where: { id: quiet.survey.id }, data: { archived: true } });
  });
  afterAll(async () => t?.close());

  it("a link without surveys shows the surveys its results show; without a bearer token, with only the survey's own fields", async () => {
    const token = await link(tokens.viewerA, { filters: { from: "2026-01-01", to: "2026-01-31" }, allowChanges: [] });
    const { status, body } = await visit(token);
    expect(status).toBe(200);
    expect(body.map((s: any) => s.name)).toEqual(["Answered in January"]);
    expect(Object.keys(body[0]).sort()).toEqual([
      "_id",
      "archived",
      "created_at",
      "languages",
      "lastFeedback",
      "name",
      "question_ids",
      "questions",
      "tags",
      "unitId",
      "unitName",
    ]);
    expect(JSON.stringify(body)).not.toMatch(/displayname|Door|settings/);
    // fields narrows further, and cannot widen.
    expect((await visit(token, "&fields=name,created_by_user,settings")).body).toEqual([{ _id: answered.survey.id, name: "Answered in January" }]);
  });

  it("a link naming surveys shows those; scope=active leaves out archived ones", async () => {
    const token = await link(tokens.admin, {
      filters: { from: "2026-01-01", to: "2026-01-31", surveyId: [quiet.survey.id, teamB.survey.id] },
      allowChanges: ["date"],
    });
    expect((await visit(token, "&fields=name")).body.map((s: any) => s.name).sort()).toEqual(["Quiet survey", "Team B survey"]);
    expect((await visit(token, "&fields=name&scope=active")).body.map((s: any) => s.name)).toEqual(["Team B survey"]);
  });

  it("a link letting the visitor pick surveys shows every survey of its creator's teams, no other team's or organisation's", async () => {
    const token = await link(tokens.viewerA, { filters: { from: "2026-01-01", to: "2026-01-31" }, allowChanges: ["surveyId"] });
    const names = (await visit(token, "&fields=name")).body.map((s: any) => s.name).sort();
    expect(names).toEqual(["Answered in January", "Quiet survey"]);
    expect(names).not.toContain(teamB.survey.name);
    expect(names).not.toContain(foreign.survey.name);
  });

  it("refuses an unknown token and a call with neither token nor session", async () => {
    expect(await visit("x".repeat(40))).toEqual({ status: 404, body: { error: "This share link is invalid or has been removed" } });
    expect((await fetch(`${t.baseUrl}/api/v5/surveys`)).status).toBe(401);
    // A member's own list is unchanged by the feature.
    const own = await apiCall(t.baseUrl, "GET", "/surveys?fields=name", tokens.viewerA);
    expect(own.body.map((s: any) => s.name).sort()).toEqual(["Answered in January", "Quiet survey"]);
  });
});
