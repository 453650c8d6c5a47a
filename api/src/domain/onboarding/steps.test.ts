// Onboarding can reach 100 % (spec 000 §4: four steps of 25 %): createdSurvey by creating a survey,
// launchedSurvey by the first launch of any kind (a touchpoint created or changed with an active
// survey), collectedResponses by the organisation's first stored response (every member of it), and
// analyzedResponses by the client's completeOnboardingStep. Each is set only for whom it is true.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";

const progressQuery = "{ viewer { onboarding { createdSurvey launchedSurvey collectedResponses analyzedResponses progress } } }";

describe.skipIf(noDatabase)("onboarding steps set by the work itself", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as { admin: string; editorA: string; viewerA: string; otherAdmin: string };

  const onboarding = async (token: string) => {
    const r = await gql(t.baseUrl, progressQuery, {}, token);
    expect(r.errors).toBeUndefined();
    return r.data!.viewer.onboarding as {
      createdSurvey: boolean;
      launchedSurvey: boolean;
      collectedResponses: boolean;
      analyzedResponses: boolean;
      progress: number;
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Onboarding");
    other = await createOrganizationFixture(t.prisma, "Bystander");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("reaches 100 % through creating, launching, collecting and analysing", async () => {
    expect(await onboarding(tokens.editorA)).toMatchObject({ progress: 0 });

    const created = await gql(
      t.baseUrl,
      `mutation($input: SurveyInput!) { createSurvey(input: $input) { survey { legacyId questions { legacyId } } } }`,
      {
        input: {
          name: "First survey",
          unitId: globalId("Unit", org.units.unitA.id),
          languages: ["en"],
          questions: [{ type: "nps", title: [{ language: "en", text: "Recommend us?" }] }],
        },
      },
      tokens.editorA,
    );
    expect(created.errors).toBeUndefined();
    const surveyId = created.data!.createSurvey.survey.legacyId as string;
    const questionId = created.data!.createSurvey.survey.questions[0].legacyId as string;
    expect(await onboarding(tokens.editorA)).toMatchObject({ createdSurvey: true, launchedSurvey: false, progress: 25 });

    // A touchpoint without a survey is no launch; giving it the survey is.
    const link = await gql(
      t.baseUrl,
      `mutation($input: CreateTouchpointInput!) { createTouchpoint(input: $input) { touchpoint { legacyId } } }`,
      { input: { name: "Counter link", type: "link", unitId: globalId("Unit", org.units.unitA.id) } },
      tokens.editorA,
    );
    expect(link.errors).toBeUndefined();
    const touchpointId = link.data!.createTouchpoint.touchpoint.legacyId as string;
    expect((await onboarding(tokens.editorA)).launchedSurvey).toBe(false);
    const launched = await gql(
      t.baseUrl,
      `mutation($input: UpdateTouchpointInput!) { updateTouchpoint(input: $input) { touchpoint { activeSurveyLegacyId } } }`,
      { input: { id: globalId("Touchpoint", touchpointId), activeSurveyId: globalId("Survey", surveyId) } },
      tokens.editorA,
    );
    expect(launched.errors).toBeUndefined();
    expect(await onboarding(tokens.editorA)).toMatchObject({ launchedSurvey: true, collectedResponses: false, progress: 50 });
    // The launch is the editor's, not the admin's.
    expect((await onboarding(tokens.admin)).launchedSurvey).toBe(false);

    // The organisation's first response: every member has collected responses; another organisation has not.
    const posted = await fetch(`${t.baseUrl}/r/${touchpointId}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.40" },
      body: JSON.stringify({ idempotencyKey: randomBytes(10).toString("hex"), surveyId, language: "en", answers: [{ questionId, value: 9 }] }),
    });
    expect(posted.status).toBe(201);
    await expect.poll(async () => (await onboarding(tokens.editorA)).collectedResponses, { timeout: 5000 }).toBe(true);
    expect(await onboarding(tokens.editorA)).toMatchObject({ progress: 75 });
    expect((await onboarding(tokens.viewerA)).collectedResponses).toBe(true);
    expect((await onboarding(tokens.admin)).collectedResponses).toBe(true);
    expect((await onboarding(tokens.otherAdmin)).collectedResponses).toBe(false);

    const analyzed = await gql(t.baseUrl, "mutation { completeOnboardingStep(step: analyzedResponses) { onboarding { progress } } }", {}, tokens.editorA);
    expect(analyzed.data!.completeOnboardingStep.onboarding.progress).toBe(100);
    expect(await onboarding(tokens.editorA)).toEqual({
      createdSurvey: true,
      launchedSurvey: true,
      collectedResponses: true,
      analyzedResponses: true,
      progress: 100,
    });
    // GET /user says the same.
    const user = await fetch(`${t.baseUrl}/api/v5/user`, { headers: { authorization: `Bearer ${tokens.editorA}` } });
    expect(((await user.json()) as { onboardingDetails: unknown }).onboardingDetails).toMatchObject({
      createdSurvey: true,
      launchedSurvey: true,
      collectedResponses: true,
      analyzedResponses: true,
    });
  });

  it("any kind of launch counts: a website activation created with its survey", async () => {
    const survey = await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Widget survey" } });
    expect((await onboarding(tokens.admin)).launchedSurvey).toBe(false);
    const widget = await gql(
      t.baseUrl,
      `mutation($input: CreateTouchpointInput!) { createTouchpoint(input: $input) { touchpoint { legacyId } } }`,
      {
        input: {
          name: "Shop widget",
          type: "website",
          unitId: globalId("Unit", org.units.unitA.id),
          activeSurveyId: globalId("Survey", survey.id),
          website: { domain: "shop.example" },
        },
      },
      tokens.admin,
    );
    expect(widget.errors).toBeUndefined();
    expect((await onboarding(tokens.admin)).launchedSurvey).toBe(true);
  });
});
