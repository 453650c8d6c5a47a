// The GraphQL layer end to end: the viewer, the profile mutation, global ids and tenancy,
// depth and cost limits, and live updates over graphql-ws, SSE and Redis between two servers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, redisUrl, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql, subscribeWs } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { randomBytes } from "node:crypto";
import { apiKeyPrefix, hashApiKey } from "../domain/api-keys/key.js";

const viewerQuery = /* GraphQL */ `
  query {
    viewer {
      user { id legacyId email displayName locale receiveDigest systemAdmin signupStatus { status token } }
      currentOrganization { id name availableFeatures satisfactionScale { enabled min max } }
      availableOrganizations { name }
      organizationAdmin billingAdmin mayCreateSurveys isImpersonating viewerOnly countryCode
      rolesPerUnit { role rights unit { name } }
      subscriptionStatus { billingStatus dashboardLocked trialDaysLeft }
      onboarding { progress }
    }
  }
`;

describe.skipIf(noDatabase)("GraphQL", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let viewerToken: string;
  let otherAdminToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Other");
    viewerToken = (await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword)).accessToken;
    otherAdminToken = (await signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("viewer is null for anonymous callers", async () => {
    const result = await gql(t.baseUrl, "{ viewer { user { id } } }");
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ viewer: null });
  });

  it("viewer answers the current user in their organisation", async () => {
    const result = await gql(t.baseUrl, viewerQuery, {}, viewerToken);
    expect(result.errors).toBeUndefined();
    const v = result.data!.viewer;
    expect(v.user.legacyId).toBe(org.users.viewerA.id);
    expect(Buffer.from(v.user.id, "base64").toString()).toBe(`User:${org.users.viewerA.id}`);
    expect(v.currentOrganization.name).toBe(org.organization.name);
    expect(v.rolesPerUnit).toEqual([{ role: "viewer", rights: ["viewResults"], unit: { name: "Stores" } }]);
    expect(v.viewerOnly).toBe(true);
    expect(v.organizationAdmin).toBe(false);
    expect(v.user.signupStatus).toEqual({ status: "complete", token: null });
  });

  it("an organisation admin or a member without a team role is not routed as a viewer (viewerOnly false)", async () => {
    // Two members of Acme with no team role at all: an organisation admin and a plain member.
    const make = async (name: string, organizationAdmin: boolean) => {
      const user = await t.prisma.user.create({
        data: {
          email: `${name}.${randomBytes(4).toString("hex")}@example.test`,
          displayName: name,
          passwordHash: (await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.viewerA.id } })).passwordHash,
          currentOrganizationId: org.organization.id,
        },
      });
      await t.prisma.membership.create({ data: { userId: user.id, organizationId: org.organization.id, organizationAdmin } });
      return (await signInWithPassword(t.baseUrl, user.email, testPassword)).accessToken;
    };
    for (const [name, organizationAdmin] of [
      ["no-role-admin", true],
      ["no-role-member", false],
    ] as const) {
      const result = await gql(t.baseUrl, viewerQuery, {}, await make(name, organizationAdmin));
      expect(result.errors).toBeUndefined();
      expect(result.data!.viewer.rolesPerUnit).toEqual([]);
      expect(result.data!.viewer.organizationAdmin).toBe(organizationAdmin);
      expect(result.data!.viewer.viewerOnly).toBe(false);
    }
    // The full-admin fixture also holds an admin role: not a viewer either.
    const admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    expect((await gql(t.baseUrl, viewerQuery, {}, admin)).data!.viewer.viewerOnly).toBe(false);
  });

  it("an invalid token is refused with 401 and 'Not logged in'", async () => {
    const result = await gql(t.baseUrl, "{ viewer { user { id } } }", {}, "not-a-real-token");
    expect(result.status).toBe(401);
    expect(result.errors?.[0]?.message).toBe("Not logged in");
  });

  it("updateProfile saves valid input and refuses bad input with the spec's message, changing nothing", async () => {
    const mutation = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { user { displayName locale email } } }`;
    const ok = await gql(t.baseUrl, mutation, { input: { displayName: "Vera Viewer", locale: "es" } }, viewerToken);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateProfile.user).toMatchObject({ displayName: "Vera Viewer", locale: "es" });

    const bad = await gql(t.baseUrl, mutation, { input: { displayName: "Not saved", email: "nope" } }, viewerToken);
    expect(bad.errors?.[0]?.message).toBe("Please provide a valid e-mail address");
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "email" });
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.viewerA.id } });
    expect(stored.displayName).toBe("Vera Viewer");

    const badLocale = await gql(t.baseUrl, mutation, { input: { locale: "de" } }, viewerToken);
    expect(badLocale.errors?.[0]?.message).toMatch(/Locale/);
  });

  it("node() finds a unit of the viewer's organisation and nothing of another", async () => {
    const unitId = Buffer.from(`Unit:${org.units.unitA.id}`).toString("base64");
    const query = `query($id: ID!) { node(id: $id) { id ... on Unit { name children { name } parent { name } } } }`;
    const own = await gql(t.baseUrl, query, { id: unitId }, viewerToken);
    expect(own.data!.node).toMatchObject({ name: "Stores", children: [{ name: "Helsinki store" }], parent: { name: "Acme HQ" } });
    const foreign = await gql(t.baseUrl, query, { id: unitId }, otherAdminToken);
    expect(foreign.data?.node ?? null).toBeNull();
    expect(foreign.errors?.[0]).toMatchObject({ message: "Not found", extensions: { code: "NOT_FOUND" } });
    const anonymous = await gql(t.baseUrl, query, { id: unitId });
    expect(anonymous.errors?.[0]?.message).toBe("Not logged in");
  });

  it("units are a cursor connection", async () => {
    const query = `query($after: String) { viewer { currentOrganization { units(first: 2, after: $after) { edges { cursor node { name } } pageInfo { hasNextPage endCursor } } } } }`;
    const first = await gql(t.baseUrl, query, {}, viewerToken);
    const page1 = first.data!.viewer.currentOrganization.units;
    expect(page1.edges).toHaveLength(2);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await gql(t.baseUrl, query, { after: page1.pageInfo.endCursor }, viewerToken);
    const page2 = second.data!.viewer.currentOrganization.units;
    const names = [...page1.edges, ...page2.edges].map((e: { node: { name: string } }) => e.node.name);
    expect(names.sort()).toEqual(["Acme HQ", "Helsinki store", "Online", "Stores"]);
  });

  it("refuses a query deeper than the depth limit", async () => {
    let selection = "name";
    for (let i = 0; i < 14; i++) selection = `children { ${selection} }`;
    const result = await gql(t.baseUrl, `{ viewer { rolesPerUnit { unit { ${selection} } } } }`, {}, viewerToken);
    expect(result.errors?.[0]?.message).toMatch(/depth/i);
    expect(result.data ?? null).toBeNull();
  });

  it("refuses a query above the cost limit", async () => {
    // One fragment spread 2,000 times: within the token and alias limits, far above the cost limit.
    const spreads = "...F ".repeat(2000);
    const result = await gql(
      t.baseUrl,
      `{ ${spreads} } fragment F on Query { viewer { rolesPerUnit { unit { children { children { name } } } } } }`,
      {},
      viewerToken,
    );
    expect(result.errors?.[0]?.message).toMatch(/cost/i);
  });

  it("pushes userUpdated over graphql-ws after a profile change, only to that user", async () => {
    const mine = subscribeWs(t.baseUrl, "subscription { userUpdated { displayName } }", viewerToken);
    const theirs = subscribeWs(t.baseUrl, "subscription { userUpdated { displayName } }", otherAdminToken);
    await Promise.all([mine.connected, theirs.connected]);
    await new Promise((r) => setTimeout(r, 200)); // the subscription reaches the bus
    await gql(t.baseUrl, `mutation { updateProfile(input: { displayName: "Live Vera" }) { user { id } } }`, {}, viewerToken);
    await mine.waitFor(1);
    expect(mine.events[0]?.data).toEqual({ userUpdated: { displayName: "Live Vera" } });
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.events).toHaveLength(0);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("refuses an anonymous subscription", async () => {
    const anonymous = subscribeWs(t.baseUrl, "subscription { userUpdated { displayName } }", undefined);
    await anonymous.waitFor(1);
    const first = anonymous.events[0] ?? anonymous.errors[0];
    expect(JSON.stringify(first)).toContain("Not logged in");
    await anonymous.close();
  });

  it("pushes userUpdated over server-sent events too", async () => {
    const controller = new AbortController();
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${viewerToken}` },
      body: JSON.stringify({ query: "subscription { userUpdated { displayName } }" }),
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    setTimeout(() => {
      void gql(t.baseUrl, `mutation { updateProfile(input: { displayName: "SSE Vera" }) { user { id } } }`, {}, viewerToken);
    }, 300);
    let text = "";
    const deadline = Date.now() + 5000;
    while (!text.includes("SSE Vera") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain('"displayName":"SSE Vera"');
  });

  it.skipIf(!redisUrl)("shares events between two server processes through Redis", async () => {
    const second = await startTestApp();
    try {
      const sub = subscribeWs(t.baseUrl, "subscription { userUpdated { displayName } }", viewerToken);
      await sub.connected;
      await new Promise((r) => setTimeout(r, 300));
      // The change is made through the second server (its own issuer, so with an API key);
      // the subscriber is on the first.
      const key = `${apiKeyPrefix}${randomBytes(24).toString("base64url")}`;
      await t.prisma.apiKey.create({
        data: { organizationId: org.organization.id, userId: org.users.viewerA.id, keyHash: hashApiKey(key), keyPrefix: key.slice(0, 8) },
      });
      const changed = await gql(second.baseUrl, `mutation { updateProfile(input: { displayName: "Across servers" }) { user { id } } }`, {}, key);
      expect(changed.errors).toBeUndefined();
      await sub.waitFor(1);
      expect(sub.events[0]?.data).toEqual({ userUpdated: { displayName: "Across servers" } });
      await sub.close();
    } finally {
      await second.close();
    }
  });
});
