// A share link's visitor end to end: no session, the token in the X-Share-Token header (as the web
// transport sends it), real responses in two teams and another organisation, read through the
// results field. The visitor sees the link's organisation and team only, changes only what
// allowChanges lists, and gets nothing with a tampered, expired or missing token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { globalId } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import { shareMessages } from "../../domain/results-scope/share-link.js";

describe.skipIf(noDatabase)("a share link's visitor", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let survey: TestSurvey;
  let otherSurvey: TestSurvey;
  const tokens: Record<"admin" | "viewer", string> = {} as never;

  const visit = async (shareToken: string | undefined, filters: Record<string, unknown> = {}) => {
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(shareToken ? { "x-share-token": shareToken } : {}) },
      body: JSON.stringify({
        query: `query ($f: ResultsFilterInput) { results(filters: $f) { questionType surveyLegacyId mainResult { count } } }`,
        variables: { f: filters },
      }),
    });
    return (await response.json()) as {
      data?: { results: { questionType: string; surveyLegacyId: string; mainResult: { count: number } | null }[] } | null;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
  };
  const npsCount = (answer: Awaited<ReturnType<typeof visit>>) => answer.data?.results.find((r) => r.questionType === "nps")?.mainResult?.count ?? 0;
  const link = async (token: string, body: Record<string, unknown>) => {
    const res = await apiCall(t.baseUrl, "POST", "/results/token/create", token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token as string;
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Visited");
    other = await createOrganizationFixture(t.prisma, "Unrelated");
    survey = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.root.id, "Shared survey");
    otherSurvey = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.root.id, "Other survey");
    const inA = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Store", survey.survey.id);
    const inB = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitB.id, "Web", survey.survey.id);
    const elsewhere = await createTestTouchpoint(t.prisma, other.organization.id, other.units.root.id, "Theirs", otherSurvey.survey.id);
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const response = (s: TestSurvey, touchpointId: string, unitId: string, day: string) => ({
      surveyId: s.survey.id,
      touchpointId,
      unitId,
      createdAt: at(day),
      answers: [{ questionId: s.questions.nps.id, n: 9 }],
    });
    // January: 3 in team A, 2 in team B. February: 1 in team A. The other organisation: 4 in January.
    await insertTestResponses(t.prisma, org.organization.id, [
      response(survey, inA.id, org.units.unitA.id, "2026-01-05"),
      response(survey, inA.id, org.units.unitA.id, "2026-01-06"),
      response(survey, inA.id, org.units.unitA.id, "2026-01-07"),
      response(survey, inB.id, org.units.unitB.id, "2026-01-08"),
      response(survey, inB.id, org.units.unitB.id, "2026-01-09"),
      response(survey, inA.id, org.units.unitA.id, "2026-02-03"),
    ]);
    await insertTestResponses(
      t.prisma,
      other.organization.id,
      ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"].map((d) => response(otherSurvey, elsewhere.id, other.units.root.id, d)),
    );
    tokens.admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    tokens.viewer = (await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("sees the link's window in its own organisation, and changes only what allowChanges lists", async () => {
    const token = await link(tokens.admin, { filters: { from: "2026-01-01", to: "2026-01-31", surveyId: [survey.survey.id] }, allowChanges: ["date"] });
    const january = await visit(token);
    expect(january.errors).toBeUndefined();
    expect(npsCount(january)).toBe(5);
    expect(january.data!.results.every((r) => r.surveyLegacyId === survey.survey.id)).toBe(true);

    // Allowed: the date. February holds one response.
    expect(npsCount(await visit(token, { from: "2026-02-01", to: "2026-02-28" }))).toBe(1);
    // Not allowed: the survey (the other organisation's, here) and the team: the link's values stay.
    const tries = await visit(token, { surveyIds: [globalId("Survey", otherSurvey.survey.id)], unitId: globalId("Unit", org.units.unitB.id) });
    expect(npsCount(tries)).toBe(5);
    expect(tries.data!.results.some((r) => r.surveyLegacyId === otherSurvey.survey.id)).toBe(false);
  });

  it("a link made by a member of one team shows that team only", async () => {
    const token = await link(tokens.viewer, { filters: { from: "2026-01-01", to: "2026-01-31" }, allowChanges: ["date", "surveyId", "channelId"] });
    expect(npsCount(await visit(token))).toBe(3);
  });

  it("no token, a tampered one or an expired one: an error and no data", async () => {
    const token = await link(tokens.admin, { filters: { from: "2026-01-01", to: "2026-01-31" } });
    const none = await visit(undefined);
    expect(none.data ?? null).toBeNull();
    expect(none.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const tampered = await visit(token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA"));
    expect(tampered.data ?? null).toBeNull();
    expect(tampered.errors?.[0]?.message).toBe(shareMessages.invalid);

    const row = await t.prisma.shareToken.findFirstOrThrow({ where: { organizationId: org.organization.id }, orderBy: { createdAt: "desc" } });
    await t.prisma.shareToken.update({ where: { id: row.id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    const expired = await visit(token);
    expect(expired.data ?? null).toBeNull();
    expect(expired.errors?.[0]).toMatchObject({ message: shareMessages.expired, extensions: { code: "GONE" } });
  });
});
