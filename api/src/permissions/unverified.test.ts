// A self-signup whose address is not verified yet (permissions/unverified.ts): through the real
// server, REST and GraphQL let it read its own user and nothing else, whatever rights it holds;
// once verified, the same session works fully. The per-field GraphQL outcomes are in matrix.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql, subscribeWs } from "../test/graphql-client.js";
import { apiCall } from "../test/rest-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { emailNotVerifiedMessage } from "./unverified.js";

describe.skipIf(noDatabase)("unverified sign-ups", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Unverified");
    // An organisation admin with the admin role at the root: only the verification check can refuse it.
    const user = await t.prisma.user.create({
      data: {
        email: `unverified.${randomBytes(4).toString("hex")}@example.test`,
        passwordHash: (await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } })).passwordHash,
        signupStatus: "emailVerification",
        currentOrganizationId: org.organization.id,
      },
    });
    userId = user.id;
    await t.prisma.membership.create({
      data: { userId, organizationId: org.organization.id, organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true },
    });
    await t.prisma.unitRole.create({ data: { organizationId: org.organization.id, unitId: org.units.root.id, userId, role: "admin" } });
    // Signing in works: the web client then routes the user to /signup/verify-email.
    token = (await signInWithPassword(t.baseUrl, user.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("reads its own user (REST and GraphQL): what the verify-email flow needs", async () => {
    const me = await apiCall(t.baseUrl, "GET", "/user", token);
    expect(me.status).toBe(200);
    expect((me.body as { signupStatus: unknown }).signupStatus).toEqual({ status: "emailVerification", token: null });
    expect((await apiCall(t.baseUrl, "GET", "/user/profile", token)).status).toBe(200);
    const viewer = await gql(t.baseUrl, `{ viewer { user { signupStatus { status } } } }`, {}, token);
    expect(viewer.errors).toBeUndefined();
    expect(viewer.data!.viewer.user.signupStatus.status).toBe("emailVerification");
  });

  it("is refused everything else with one clear 403, and nothing is written: surveys, API keys, invitations", async () => {
    const before = {
      surveys: await t.prisma.survey.count({ where: { organizationId: org.organization.id } }),
      keys: await t.prisma.apiKey.count({ where: { userId } }),
      invites: await t.prisma.invite.count({ where: { organizationId: org.organization.id } }),
      mails: await t.prisma.mailOutbox.count({ where: { to: { startsWith: "someone." } } }),
    };
    const refused = { error: emailNotVerifiedMessage };
    for (const [method, path, body] of [
      ["POST", "/surveys", { name: "Squatted", unitId: org.units.root.id }],
      ["POST", "/user/api-keys", {}],
      ["GET", "/user/api-keys", undefined],
      ["POST", "/invite-user", { email: `someone.${randomBytes(3).toString("hex")}@elsewhere.test`, unitId: org.units.root.id, role: "viewer" }],
      ["GET", "/surveys", undefined],
      ["PUT", "/user/profile", { displayname: "Renamed" }],
    ] as const) {
      const answer = await apiCall(t.baseUrl, method, path, token, body);
      expect({ call: `${method} ${path}`, ...answer }).toEqual({ call: `${method} ${path}`, status: 403, body: refused });
    }
    const created = await gql(t.baseUrl, `mutation { generateApiKey(name: "x") { key } }`, {}, token);
    expect(created.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([[emailNotVerifiedMessage, "FORBIDDEN"]]);
    const sub = subscribeWs(t.baseUrl, `subscription { summaryResponsesArrived { created } }`, token);
    await sub.waitFor(1, 2000);
    expect(JSON.stringify([...sub.events, ...sub.errors])).toContain(emailNotVerifiedMessage);
    await sub.close();
    await t.jobs.idle();
    expect({
      surveys: await t.prisma.survey.count({ where: { organizationId: org.organization.id } }),
      keys: await t.prisma.apiKey.count({ where: { userId } }),
      invites: await t.prisma.invite.count({ where: { organizationId: org.organization.id } }),
      mails: await t.prisma.mailOutbox.count({ where: { to: { startsWith: "someone." } } }),
    }).toEqual(before);
  });

  it("once the address is verified, the same session has the user's full rights", async () => {
    await t.prisma.user.update({ where: { id: userId }, data: { signupStatus: "complete" } });
    const keys = await apiCall(t.baseUrl, "GET", "/user/api-keys", token);
    expect(keys.status).toBe(200);
    const surveys = await gql(t.baseUrl, `{ surveys(first: 1) { edges { node { id } } } }`, {}, token);
    expect(surveys.errors).toBeUndefined();
  });
});
