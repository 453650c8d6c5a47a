// The feedbackInbox feature gates the feedback list (docs/decisions.md "Feature gates"): its pages
// (GraphQL feedbackList, POST /results/list json) and its files (csv, xlsx, pdf), for members and
// share-link visitors; a plan without it gets the spec's no-access message and nothing is queued.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { gql } from "../../test/graphql-client.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { generateShareToken } from "../results-scope/share-token.js";
import { noFeatureAccessMessage } from "./features.js";

describe.skipIf(noDatabase)("the feedbackInbox feature gates the feedback list", () => {
  let t: TestApp;
  let withInbox: OrganizationFixture;
  let without: OrganizationFixture;
  const tokens = {} as { withInbox: string; without: string };
  const links = {} as { withInbox: string; without: string };

  beforeAll(async () => {
    t = await startTestApp();
    withInbox = await createOrganizationFixture(t.prisma, "Inbox");
    without = await createOrganizationFixture(t.prisma, "NoInbox");
    await t.prisma.featureSet.update({ where: { id: without.organization.featureSetId }, data: { features: ["restApi", "fileExportAll"] } });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.withInbox = await signIn(withInbox.users.admin.email);
    tokens.without = await signIn(without.users.admin.email);
    for (const [key, o] of [
      ["withInbox", withInbox],
      ["without", without],
    ] as const) {
      const { token, tokenHash } = generateShareToken();
      await t.prisma.shareToken.create({
        data: {
          organizationId: o.organization.id,
          createdByUserId: o.users.admin.id,
          token: tokenHash,
          filters: { from: "2026-01-01", to: "2026-01-31" },
          allowChanges: [],
        },
      });
      links[key] = token;
    }
  });
  afterAll(async () => t?.close());

  const listQuery = `query($token: String) { feedbackList(first: 5, shareToken: $token) { totalCount } }`;
  const body = { filters: { from: "2026-01-01", to: "2026-01-31" } };

  it("a plan with it lists responses and starts files", async () => {
    expect((await gql(t.baseUrl, listQuery, {}, tokens.withInbox)).data!.feedbackList.totalCount).toBe(0);
    expect((await apiCall(t.baseUrl, "POST", "/results/list", tokens.withInbox, body)).status).toBe(200);
    expect((await apiCall(t.baseUrl, "POST", "/results/list", tokens.withInbox, { ...body, format: "csv" })).body.cacheId).toMatch(/^[0-9a-f]{24}$/);
    expect((await gql(t.baseUrl, listQuery, { token: links.withInbox })).data!.feedbackList.totalCount).toBe(0);
  });

  it("a plan without it gets the no-access message for pages and files, members and visitors alike; nothing is queued", async () => {
    const before = await t.prisma.exportJob.count({ where: { organizationId: without.organization.id } });
    const graph = await gql(t.baseUrl, listQuery, {}, tokens.without);
    expect(graph.errors?.[0]).toMatchObject({ message: noFeatureAccessMessage, extensions: { code: "FORBIDDEN" } });
    for (const format of ["json", "csv", "xlsx", "pdf"]) {
      const r = await apiCall(t.baseUrl, "POST", "/results/list", tokens.without, { ...body, format });
      expect({ format, status: r.status, body: r.body }).toEqual({ format, status: 403, body: { error: noFeatureAccessMessage } });
    }
    const visitor = await gql(t.baseUrl, listQuery, { token: links.without });
    expect(visitor.errors?.[0]?.message).toBe(noFeatureAccessMessage);
    const visitorRest = await fetch(`${t.baseUrl}/api/v5/results/list?token=${links.without}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(visitorRest.status).toBe(403);
    expect(await t.prisma.exportJob.count({ where: { organizationId: without.organization.id } })).toBe(before);
  });

  it("a link tells its screen whether the feedback list exists (sharedView.feedbackList), so the tab is offered only then", async () => {
    const q = `query($token: String) { sharedView(shareToken: $token) { feedbackList } }`;
    expect((await gql(t.baseUrl, q, { token: links.withInbox })).data!.sharedView.feedbackList).toBe(true);
    expect((await gql(t.baseUrl, q, { token: links.without })).data!.sharedView.feedbackList).toBe(false);
  });
});
