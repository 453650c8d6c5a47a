// completeOnboardingStep through the real server: own record only, only analyzedResponses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";

describe.skipIf(noDatabase)("completeOnboardingStep", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Onboard");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    token = (await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  const mark = (step: string, tok: string | undefined = token) =>
    gql(t.baseUrl, `mutation { completeOnboardingStep(step: ${step}) { onboarding { analyzedResponses progress } } }`, {}, tok);

  it("marks analyzedResponses of the caller only (25 %), idempotently", async () => {
    expect((await mark("analyzedResponses")).data).toEqual({ completeOnboardingStep: { onboarding: { analyzedResponses: true, progress: 25 } } });
    expect((await mark("analyzedResponses")).data?.completeOnboardingStep.onboarding.progress).toBe(25);
    const users = await t.prisma.user.findMany({
      where: { id: { in: [org.users.admin.id, org.users.viewerA.id, other.users.admin.id, other.users.editorA.id] } },
      select: { onboardingAnalyzedResponses: true },
    });
    expect(users.every((u) => !u.onboardingAnalyzedResponses)).toBe(true);
  });

  it("refuses the other steps (they are set by the services doing the work) and anonymous callers", async () => {
    const refused = await mark("createdSurvey");
    expect(refused.errors?.[0]?.message).toMatch(/createdSurvey/);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.editorA.id } })).onboardingCreatedSurvey).toBe(false);
    const anonymous = await gql(t.baseUrl, "mutation { completeOnboardingStep(step: analyzedResponses) { onboarding { progress } } }");
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
