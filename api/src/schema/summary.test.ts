// The summary's live counts: Subscription.summaryResponsesArrived tells a summary open in a browser
// about responses stored at the touchpoints it covers (an admin of another team hears nothing, nor
// does another organisation), and the summary read afterwards counts them (GraphQL Query.summary).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { startTestApp, noDatabase, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql, subscribeWs } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, type TestSurvey } from "../test/analytics-survey.js";

describe.skipIf(noDatabase)("summary live counts", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let touchpointId: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    org = await createOrganizationFixture(t.prisma, "Live");
    other = await createOrganizationFixture(t.prisma, "Quiet");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    touchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Live door", s.survey.id)).id;
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("pushes new responses to summaries that cover the touchpoint, and the summary then counts them", async () => {
    const query = "subscription { summaryResponsesArrived { created touchpoints { touchpointLegacyId surveyLegacyId created } } }";
    const subs = {
      admin: subscribeWs(t.baseUrl, query, tokens.admin),
      viewerA: subscribeWs(t.baseUrl, query, tokens.viewerA),
      adminB: subscribeWs(t.baseUrl, query, tokens.adminB),
      other: subscribeWs(t.baseUrl, query, tokens.otherAdmin),
    };
    await Promise.all(Object.values(subs).map((x) => x.connected));
    await new Promise((r) => setTimeout(r, 300));
    const before = await gql(t.baseUrl, "{ summary { count { now } } }", {}, tokens.viewerA);
    expect(before.errors).toBeUndefined();
    const posted = await Promise.all(
      [1, 2].map((i) =>
        fetch(`${t.baseUrl}/r/${touchpointId}/responses`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
          body: JSON.stringify({
            idempotencyKey: randomBytes(10).toString("hex"),
            surveyId: s.survey.id,
            language: "en",
            answers: [{ questionId: s.questions.nps.id, value: 9 }],
          }),
        }).then((r) => r.status),
      ),
    );
    expect(posted).toEqual([201, 201]);
    await subs.admin.waitFor(1, 5000);
    await subs.viewerA.waitFor(1, 5000);
    await new Promise((r) => setTimeout(r, 700));
    await Promise.all(Object.values(subs).map((x) => x.close()));
    for (const sub of [subs.admin, subs.viewerA]) {
      expect(sub.errors).toEqual([]);
      const created = sub.events.reduce((a, e) => a + (e.data as any).summaryResponsesArrived.created, 0);
      expect(created).toBe(2);
      expect((sub.events[0]!.data as any).summaryResponsesArrived.touchpoints[0]).toMatchObject({
        touchpointLegacyId: touchpointId,
        surveyLegacyId: s.survey.id,
      });
    }
    expect(subs.adminB.events).toEqual([]);
    expect(subs.other.events).toEqual([]);
    const after = await gql(t.baseUrl, "{ summary { count { now } nps { now } } }", {}, tokens.viewerA);
    expect((after.data as any).summary.count.now).toBe((before.data as any).summary.count.now + 2);
    expect((after.data as any).summary.nps.now).toBe(100);
  });

  it("refuses anonymous subscribers and summaries", async () => {
    const sub = subscribeWs(t.baseUrl, "subscription { summaryResponsesArrived { created } }", undefined);
    await sub.waitFor(1, 2000);
    await sub.close();
    expect(sub.events.length + sub.errors.length).toBeGreaterThan(0);
    expect(sub.events.every((e) => !e.data || (e.data as any).summaryResponsesArrived === null)).toBe(true);
    const r = await gql(t.baseUrl, "{ summary { count { now } } }", {}, undefined);
    expect(r.errors?.[0]?.message).toBe("Not logged in");
  });
});
