// The dashboard lock on the server (permissions/locked.ts), through the real server: a locked
// organisation's members are refused the dashboard's calls (REST, GraphQL queries, mutations and
// subscriptions) with spec 000 §8's "account locked" and nothing is written, while the settings area
// and billing stay open; system admins, and a system admin impersonating a member, are never locked;
// respondents keep answering until the unpaid countdown ends. The per-field GraphQL outcomes are the
// lockedAdmin column of matrix.test.ts; paying an invoice to unlock is in rest/v5/billing.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, createShareLinkFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql, subscribeWs } from "../test/graphql-client.js";
import { apiCall } from "../test/rest-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { accountLockedMessage, dashboardLocked, shareLinkLockedMessage } from "./locked.js";
import { loadConfig } from "../config.js";

describe.skipIf(noDatabase)("the dashboard lock on the server", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let platform: OrganizationFixture;
  let adminToken: string;
  let editorToken: string;
  let systemAdminToken: string;
  let surveyId: string;

  const lock = (locked: boolean) =>
    t.prisma.organization.update({ where: { id: org.organization.id }, data: { billingStatus: locked ? "unpaid" : "active", dashboardLocked: locked } });
  const refused = { status: 403, body: { error: accountLockedMessage } };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Lockco");
    platform = await createOrganizationFixture(t.prisma, "Platform");
    await t.prisma.user.update({ where: { id: platform.users.admin.id }, data: { systemAdmin: true } });
    surveyId = (await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Locked survey" } })).id;
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    adminToken = await signIn(org.users.admin.email);
    editorToken = await signIn(org.users.editorA.email);
    systemAdminToken = await signIn(platform.users.admin.email);
    await lock(true);
  });
  afterAll(async () => t?.close());

  it("refuses the dashboard's REST calls with 'account locked' and writes nothing", async () => {
    const surveysBefore = await t.prisma.survey.count({ where: { organizationId: org.organization.id } });
    for (const token of [adminToken, editorToken]) {
      for (const [method, path, body] of [
        ["GET", "/surveys", undefined],
        ["GET", `/surveys/${surveyId}`, undefined],
        ["POST", "/surveys", { name: "Sneaked in", unitId: org.units.unitA.id }],
        ["PUT", `/surveys/${surveyId}/archive`, {}],
        ["POST", "/results/question", { surveyId }],
        ["POST", "/summary", {}],
        ["GET", "/channels", undefined],
        ["GET", "/notifications", undefined],
        ["GET", "/customer-journey", undefined],
        ["POST", "/user/api-keys", {}],
      ] as const) {
        const answer = await apiCall(t.baseUrl, method, path, token, body);
        expect({ call: `${method} ${path}`, ...answer }).toEqual({ call: `${method} ${path}`, ...refused });
      }
    }
    expect(await t.prisma.survey.count({ where: { organizationId: org.organization.id } })).toBe(surveysBefore);
    expect(await t.prisma.apiKey.count({ where: { organizationId: org.organization.id } })).toBe(0);
  });

  it("leaves open what the settings area and getting unlocked need", async () => {
    const me = await apiCall(t.baseUrl, "GET", "/user", adminToken);
    expect(me.status).toBe(200);
    expect(me.body.subscriptionStatus).toMatchObject({ billingStatus: "unpaid", dashboardLocked: true });
    for (const path of [
      "/user/profile",
      "/subscription",
      "/subscription/details",
      "/subscription/invoices",
      "/subscription/tax-rate",
      "/organization",
      "/units/tree",
    ]) {
      expect({ path, status: (await apiCall(t.baseUrl, "GET", path, adminToken)).status }).toEqual({ path, status: 200 });
    }
    // An admin appoints a billing admin, who can then pay.
    const appointed = await apiCall(t.baseUrl, "PUT", "/users/billing-admin", adminToken, { user: org.users.editorA.id, flag: true });
    expect(appointed.status).toBe(200);
    // Without a payment provider (this server) the billing calls answer as they do unlocked, not "account locked".
    const pay = await apiCall(t.baseUrl, "POST", "/subscription/invoices/pay", editorToken, { invoiceId: "0123456789abcdef01234567" });
    expect(pay.body.error).not.toBe(accountLockedMessage);
    const viewer = await gql(t.baseUrl, `{ viewer { subscriptionStatus { dashboardLocked } organizationAdmin } unitTree { units { name } } }`, {}, adminToken);
    expect(viewer.errors).toBeUndefined();
    expect(viewer.data!.viewer.subscriptionStatus.dashboardLocked).toBe(true);
  });

  it("closes the organisation's results and journey share links while locked; the invoice PDF link stays open", async () => {
    const makeLink = (journeyId?: string) =>
      createShareLinkFixture(t.prisma, org, {
        name: "Board view",
        filters: { from: "2026-01-01", to: "2026-01-31", surveyId: [] },
        journeyId: journeyId ?? null,
      });
    const journey = await t.prisma.customerJourney.create({ data: { organizationId: org.organization.id, name: "Locked path", steps: [] } });
    const resultsToken = await makeLink();
    const journeyToken = await makeLink(journey.id);
    const invoice = await t.prisma.invoice.create({
      data: { organizationId: org.organization.id, status: "open", total: 18_699, pdfToken: "pdf-token-of-the-locked-organisation" },
    });
    const visits = async () => ({
      defaults: await apiCall(t.baseUrl, "GET", `/results/token/${resultsToken}`),
      graph: await gql(t.baseUrl, `query($token: String) { sharedView(shareToken: $token) { name } }`, { token: resultsToken }),
      journey: await apiCall(t.baseUrl, "POST", `/results/customer-journey/${journey.id}?token=${journeyToken}`, undefined, {}),
      invoice: await apiCall(t.baseUrl, "GET", `/subscription/invoices/${invoice.id}?token=${invoice.pdfToken}`),
    });
    const locked = await visits();
    const closed = { status: 403, body: { error: shareLinkLockedMessage } };
    expect(locked.defaults).toEqual(closed);
    expect(locked.journey).toEqual(closed);
    expect(locked.graph.errors?.map((e) => e.message)).toEqual([shareLinkLockedMessage]);
    expect(locked.graph.data?.sharedView ?? null).toBeNull();
    // Nothing of the results or the journey leaks; the visitor is not told the organisation's billing state.
    expect(JSON.stringify([locked.defaults, locked.journey, locked.graph])).not.toMatch(/Board view|Locked path|subscription/);
    // The invoice PDF page is billing: open, so the invoice can be read and paid.
    expect(locked.invoice).toMatchObject({ status: 200, body: { _id: invoice.id, status: "open" } });

    // Unlocked, the same links open again.
    await lock(false);
    try {
      const open = await visits();
      expect(open.defaults).toMatchObject({ status: 200, body: { from: "2026/01/01" } });
      expect(open.graph.data?.sharedView).toEqual({ name: "Board view" });
      expect(open.journey).toMatchObject({ status: 200, body: { name: "Locked path" } });
      expect(open.invoice.status).toBe(200);
    } finally {
      await lock(true);
    }
  });

  it("refuses the dashboard's GraphQL fields and subscriptions with one clear message", async () => {
    const surveys = await gql(t.baseUrl, `{ surveys(first: 5) { edges { node { name } } } }`, {}, adminToken);
    expect(surveys.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([[accountLockedMessage, "FORBIDDEN"]]);
    expect(JSON.stringify(surveys.data ?? null)).not.toContain("Locked survey");
    const node = await gql(t.baseUrl, `{ node(id: "${Buffer.from(`Survey:${surveyId}`).toString("base64")}") { id } }`, {}, adminToken);
    expect(node.errors?.map((e) => e.message)).toEqual([accountLockedMessage]);
    const created = await gql(t.baseUrl, `mutation { generateApiKey(name: "x") { key } }`, {}, adminToken);
    expect(created.errors?.map((e) => e.message)).toEqual([accountLockedMessage]);
    const sub = subscribeWs(t.baseUrl, `subscription { summaryResponsesArrived { created } }`, adminToken);
    await sub.waitFor(1, 5000);
    expect(JSON.stringify([...sub.events, ...sub.errors])).toContain(accountLockedMessage);
    await sub.close();
  });

  it("never locks a system admin: working in the locked organisation, or impersonating its admin", async () => {
    expect((await apiCall(t.baseUrl, "POST", "/user/change-organization", systemAdminToken, { id: org.organization.id })).status).toBe(200);
    const surveys = await apiCall(t.baseUrl, "GET", "/surveys", systemAdminToken);
    expect(surveys.status).toBe(200);
    expect(JSON.stringify(surveys.body)).toContain("Locked survey");
    const graph = await gql(t.baseUrl, `{ surveys(first: 5) { edges { node { name } } } }`, {}, systemAdminToken);
    expect(graph.errors).toBeUndefined();
    // Impersonating the locked organisation's admin: still the system admin at the keyboard.
    const started = await apiCall(t.baseUrl, "POST", "/user/impersonate", systemAdminToken, {
      userId: org.users.admin.id,
      organizationId: org.organization.id,
    });
    expect(started.status).toBe(200);
    expect((await apiCall(t.baseUrl, "GET", "/surveys", systemAdminToken)).status).toBe(200);
    expect((await apiCall(t.baseUrl, "DELETE", "/user/impersonate", systemAdminToken)).status).toBe(200);
    // The admin's own session stays locked all the while.
    expect(await apiCall(t.baseUrl, "GET", "/surveys", adminToken)).toEqual(refused);
  });

  it("reads the lock as GET /user does: a trial over without a subscription locks only with a payment provider", async () => {
    await lock(false);
    await t.prisma.organization.update({
      where: { id: org.organization.id },
      data: { billingStatus: "inactive", trialUntil: new Date("2026-01-01T00:00:00Z") },
    });
    const now = new Date("2026-02-01T00:00:00Z");
    const viewer = { userId: org.users.admin.id, organizationId: org.organization.id, systemAdmin: false } as never;
    const config = loadConfig();
    const withProvider = { ...config, stripe: { ...config.stripe, secretKey: "sk_test_lock" } };
    const embedded = { ...config, stripe: { ...config.stripe, secretKey: undefined } };
    expect(await dashboardLocked({ prisma: t.prisma, viewer, config: withProvider }, now)).toBe(true);
    expect(await dashboardLocked({ prisma: t.prisma, viewer, config: embedded }, now)).toBe(false);
    expect(await dashboardLocked({ prisma: t.prisma, viewer, config: withProvider }, new Date("2025-12-01T00:00:00Z"))).toBe(false);
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { trialUntil: null } });
  });

  it("once unlocked, the same sessions work fully", async () => {
    await lock(false);
    expect((await apiCall(t.baseUrl, "GET", "/surveys", adminToken)).status).toBe(200);
    expect((await apiCall(t.baseUrl, "GET", "/surveys", editorToken)).status).toBe(200);
    const surveys = await gql(t.baseUrl, `{ surveys(first: 5) { edges { node { name } } } }`, {}, adminToken);
    expect(surveys.errors).toBeUndefined();
  });
});
