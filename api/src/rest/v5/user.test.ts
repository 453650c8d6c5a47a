// GET /user, GET and PUT /user/profile through the real server, signed in through the real
// embedded OpenID provider, and the REST facade's shared rules (errors, query tokens, OpenAPI).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { apiKeyPrefix, hashApiKey } from "../../domain/api-keys/key.js";
import { defineRoute } from "./route.js";

describe.skipIf(noDatabase)("REST /api/v5 user and profile", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let editorToken: string;
  let adminToken: string;

  const call = (method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${t.baseUrl}/api/v5${path}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    });

  beforeAll(async () => {
    t = await startTestApp({
      extraRoutes: [
        defineRoute({
          method: "GET",
          path: "/test/shared-results",
          tag: "test",
          summary: "a route opened by a query token",
          auth: "bearerOrQueryToken",
          response: z.object({ via: z.string() }),
          handler: async ({ ctx, queryToken }) => ({ via: queryToken ? `token:${queryToken}` : `user:${ctx.viewer?.email}` }),
        }),
      ],
    });
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Other");
    editorToken = (await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword)).accessToken;
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("GET /user answers the current user with roles, rights, unit tree and organisation", async () => {
    const response = await call("GET", "/user", { token: editorToken });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user._id).toBe(org.users.editorA.id);
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(user.email).toBe(org.users.editorA.email);
    expect(user.current_organization_id).toBe(org.organization.id);
    expect(user.settings.availableOrganizations).toEqual([{ _id: org.organization.id, name: org.organization.name }]);
    expect(user.rolesPerUnit).toEqual({ [org.units.unitA.id]: "editor" });
    expect(user.rolesWithRightsPerUnit).toHaveLength(1);
    expect(user.rolesWithRightsPerUnit[0].rights.editSurveys).toBe(true);
    expect(user.rolesWithRightsPerUnit[0].rights.manageUsers).toBe(false);
    expect(user.system_admin).toBe(false);
    expect(user.organizationAdmin).toBe(false);
    // The tree is the whole organisation (3 levels) with the user's role marked where held.
    const [root] = user.unitTreeWithRolesPerUnit;
    expect(root.name).toBe("Acme HQ");
    const stores = root.children.find((c: { name: string }) => c.name === "Stores");
    expect(stores.role).toBe("editor");
    expect(stores.children[0].name).toBe("Helsinki store");
    expect(user.resources.availableFeatures).toContain("restApi");
    expect(user.resources.dashSettings.smileyScale).toEqual({ enabled: false, min: 1, max: 5 });
    expect(user.subscriptionStatus).toEqual({ billingStatus: "inactive", dashboardLocked: false, trialDaysLeft: null, unpaidDaysLeft: null });
    expect(user.onboardingDetails.progress).toBe(0);
    // Nothing of the other organisation leaks in.
    expect(JSON.stringify(user)).not.toContain(other.organization.id);
  });

  it("counts members and pending invitations in the user seats available", async () => {
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { userSeats: 8 } });
    const seats = async () => (await (await call("GET", "/user", { token: editorToken })).json()).userSeatsAvailable;
    expect(await seats()).toBe(3); // 5 members
    const invite = await t.prisma.invite.create({
      data: {
        organizationId: org.organization.id,
        unitId: org.units.unitB.id,
        role: "viewer",
        email: "newcomer@example.test",
        tokenHash: randomBytes(32).toString("hex"),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    expect(await seats()).toBe(2);
    await t.prisma.invite.update({ where: { id: invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await seats()).toBe(3); // an expired invitation frees its seat
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { userSeats: null } });
    expect(await seats()).toBeNull();
  });

  it("settings.stripe_customer_id is the organisation's payment-provider customer, for organisation and billing admins only", async () => {
    const customerId = async (token: string) => (await (await call("GET", "/user", { token })).json()).settings.stripe_customer_id;
    expect(await customerId(adminToken)).toBeNull(); // no subscription yet
    await t.prisma.subscription.create({ data: { organizationId: org.organization.id, stripeCustomerId: "cus_TestCustomer42" } });
    expect(await customerId(adminToken)).toBe("cus_TestCustomer42");
    expect(await customerId(editorToken)).toBeNull();
    await t.prisma.membership.updateMany({ where: { organizationId: org.organization.id, userId: org.users.viewerA.id }, data: { billingAdmin: true } });
    const billingAdminToken = (await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword)).accessToken;
    expect(await customerId(billingAdminToken)).toBe("cus_TestCustomer42");
    await t.prisma.membership.updateMany({ where: { organizationId: org.organization.id, userId: org.users.viewerA.id }, data: { billingAdmin: false } });
    await t.prisma.subscription.deleteMany({ where: { organizationId: org.organization.id } });
  });

  it("refuses a call without a bearer token with the spec's message, and a forged token alike", async () => {
    const anonymous = await call("GET", "/user");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Not logged in" });
    const forged = await call("GET", "/user", { token: `${editorToken.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    const malformed = await call("GET", "/user", { headers: { authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);
    expect((await malformed.json()).error).toMatch(/Bearer/);
  });

  it("authenticates integrators with an API key, acting in the key's organisation", async () => {
    const key = `${apiKeyPrefix}${randomBytes(24).toString("base64url")}`;
    await t.prisma.apiKey.create({
      data: { organizationId: org.organization.id, userId: org.users.adminA.id, keyHash: hashApiKey(key), keyPrefix: key.slice(0, 8) },
    });
    const response = await call("GET", "/user", { token: key });
    expect(response.status).toBe(200);
    expect((await response.json())._id).toBe(org.users.adminA.id);

    await t.prisma.apiKey.update({ where: { keyHash: hashApiKey(key) }, data: { revokedAt: new Date() } });
    const revoked = await call("GET", "/user", { token: key });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: "Invalid or revoked API key" });
  });

  it("GET /user/profile answers the profile shape", async () => {
    const response = await call("GET", "/user/profile", { token: editorToken });
    expect(await response.json()).toEqual({
      _id: org.users.editorA.id,
      displayname: org.users.editorA.displayName,
      email: org.users.editorA.email,
      settings: { receive_digest: false, locale: "en" },
    });
  });

  it("PUT /user/profile changes display name, locale and digest", async () => {
    const response = await call("PUT", "/user/profile", {
      token: editorToken,
      body: { displayname: "Eeva Editor", settings: { locale: "fi", receive_digest: true } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ displayname: "Eeva Editor", settings: { locale: "fi", receive_digest: true } });
    const stored = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.editorA.id } });
    expect(stored).toMatchObject({ displayName: "Eeva Editor", locale: "fi", receiveDigest: true });
    // "se" is a profile locale too (spec 000 §1).
    const se = await call("PUT", "/user/profile", { token: editorToken, body: { settings: { locale: "se" } } });
    expect(se.status).toBe(200);
  });

  it.each([
    [{ email: "not-an-address" }, "Please provide a valid e-mail address", "email"],
    [{ settings: { locale: "de" } }, "Locale must be en, es, fi or se", "locale"],
    [{ settings: { receive_digest: "yes" } }, "receive_digest must be true or false", "settings.receive_digest"],
    [{ password: "short" }, "Password must be at least 8 characters and contain upper and lower case letters, a number and a special character", "password"],
    [
      { password: "longbutweak1" },
      "Password must be at least 8 characters and contain upper and lower case letters, a number and a special character",
      "password",
    ],
    [{ displayname: "x".repeat(101) }, "Must be at most 100 characters", "displayName"],
    [{ unknownField: 1 }, 'Unrecognized key: "unknownField"', undefined],
  ])("PUT /user/profile refuses %j with a specific message and changes nothing", async (body, message, field) => {
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.adminA.id } });
    const adminAToken = (await signInWithPassword(t.baseUrl, org.users.adminA.email, testPassword)).accessToken;
    const response = await call("PUT", "/user/profile", { token: adminAToken, body: { displayname: "Changed", ...body } });
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error.error).toBe(message);
    if (field) expect(error.field).toBe(field);
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.adminA.id } });
    expect(after).toEqual(before);
  });

  it("PUT /user/profile refuses an e-mail address another user has", async () => {
    const response = await call("PUT", "/user/profile", { token: adminToken, body: { email: other.users.viewerA.email } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "This e-mail address is already in use", field: "email" });
  });

  it("a new password works at the identity provider, the old one no longer does", async () => {
    const newPassword = "Another-Secret-2?";
    const response = await call("PUT", "/user/profile", { token: adminToken, body: { password: newPassword } });
    expect(response.status).toBe(200);
    await expect(signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).rejects.toThrow();
    const signedIn = await signInWithPassword(t.baseUrl, org.users.admin.email, newPassword);
    expect(signedIn.accessToken).toBeTruthy();
  });

  it("POST /user/change-organization switches to an organisation the user belongs to, and only to such", async () => {
    await t.prisma.membership.create({ data: { userId: org.users.viewerA.id, organizationId: other.organization.id } });
    const token = (await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword)).accessToken;
    const switched = await call("POST", "/user/change-organization", { token, body: { id: other.organization.id } });
    expect(await switched.json()).toEqual({ status: "ok", organizationId: other.organization.id });
    const user = await (await call("GET", "/user", { token })).json();
    expect(user.current_organization_id).toBe(other.organization.id);
    // No roles in the other organisation's units: no unit rights there.
    expect(user.rolesWithRightsPerUnit).toEqual([]);
    expect(user.settings.availableOrganizations).toHaveLength(2);

    const stranger = await createOrganizationFixture(t.prisma, "Stranger");
    const refused = await call("POST", "/user/change-organization", { token, body: { id: stranger.organization.id } });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "No organization found" });
    const badId = await call("POST", "/user/change-organization", { token, body: { id: "xyz" } });
    expect(badId.status).toBe(400);
    expect((await badId.json()).error).toBe("Invalid id: ids are 24 hexadecimal characters");
    const after = await (await call("GET", "/user", { token })).json();
    expect(after.current_organization_id).toBe(other.organization.id);
  });

  it("malformed JSON is refused with a clear error", async () => {
    const response = await call("PUT", "/user/profile", { token: editorToken, body: "{not json" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/JSON/i);
  });

  it("an unknown call answers 404 with an error field", async () => {
    const response = await call("GET", "/no-such-thing", { token: editorToken });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No such call: GET /api/v5/no-such-thing" });
  });

  it("a query token longer than 10 characters opens only routes that allow it, without a bearer token", async () => {
    const opened = await call("GET", "/test/shared-results?token=abcdefghijk");
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ via: "token:abcdefghijk" });
    // 10 characters is not enough.
    const short = await call("GET", "/test/shared-results?token=abcdefghij");
    expect(short.status).toBe(401);
    // A route that does not allow query tokens stays closed.
    const closed = await call("GET", "/user?token=abcdefghijklmnop");
    expect(closed.status).toBe(401);
    // With a bearer token the route acts as the user.
    const asUser = await call("GET", "/test/shared-results", { token: editorToken });
    expect(await asUser.json()).toEqual({ via: `user:${org.users.editorA.email}` });
  });

  it("serves an OpenAPI 3.1 document generated from the same route definitions", async () => {
    const response = await call("GET", "/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/user", "/user/profile", "/test/shared-results"]));
    expect(Object.keys(doc.paths["/user/profile"])).toEqual(["get", "put"]);
    const put = doc.paths["/user/profile"].put;
    expect(put.requestBody.content["application/json"].schema.properties.settings.properties).toHaveProperty("locale");
    expect(put.security).toEqual([{ bearer: [] }]);
    // The query token is documented once, as the shareToken security scheme (apiKey in the query).
    expect(doc.paths["/test/shared-results"].get.security).toEqual([{ bearer: [] }, { shareToken: [] }]);
    expect(doc.components.securitySchemes.shareToken).toMatchObject({ type: "apiKey", in: "query", name: "token" });
    expect(doc.components.securitySchemes.bearer.scheme).toBe("bearer");
  });
});
