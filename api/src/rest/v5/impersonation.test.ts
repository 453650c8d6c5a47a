// Impersonation, tutorials and location through the real server.
import { apiFetch } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";

describe.skipIf(noDatabase)("REST /api/v5/user/impersonate", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let systemAdminId: string;
  let systemAdminToken: string;
  let adminToken: string;
  let editorToken: string;

  const call = (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    apiFetch(t.baseUrl, method, path, token, body, headers);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Platform");
    // The system admin works in their own organisation and is no member of Acme.
    systemAdminId = other.users.adminB.id;
    await t.prisma.user.update({ where: { id: systemAdminId }, data: { systemAdmin: true } });
    systemAdminToken = (await signInWithPassword(t.baseUrl, other.users.adminB.email, testPassword)).accessToken;
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    editorToken = (await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  const auditRows = () => t.prisma.auditLog.findMany({ where: { action: { startsWith: "impersonation." } }, orderBy: { createdAt: "asc" } });

  it("refuses everyone but system admins with 403 and writes nothing", async () => {
    const before = (await auditRows()).length;
    for (const token of [adminToken, editorToken]) {
      const response = await call("POST", "/user/impersonate", token, { userId: org.users.viewerA.id, organizationId: org.organization.id });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Only system admins may impersonate users" });
    }
    expect((await call("POST", "/user/impersonate", undefined, { userId: org.users.viewerA.id, organizationId: org.organization.id })).status).toBe(401);
    expect((await auditRows()).length).toBe(before);
    const admin = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } });
    expect(admin.impersonatingUserId).toBeNull();
    // Nothing to stop for a person who is not impersonating (logout tolerates the 404).
    expect((await call("DELETE", "/user/impersonate", editorToken)).status).toBe(404);
  });

  it("refuses bad input and unknown targets with a message and changes nothing", async () => {
    const bad = await call("POST", "/user/impersonate", systemAdminToken, { userId: "x", organizationId: org.organization.id });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid id: ids are 24 hexadecimal characters", field: "userId" });
    // A user who is not a member of that organisation.
    const notMember = await call("POST", "/user/impersonate", systemAdminToken, { userId: org.users.viewerA.id, organizationId: other.organization.id });
    expect(notMember.status).toBe(404);
    const self = await call("POST", "/user/impersonate", systemAdminToken, { userId: systemAdminId, organizationId: other.organization.id });
    expect(self.status).toBe(400);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: systemAdminId } })).impersonatingUserId).toBeNull();
  });

  it("a system admin acts as the user until DELETE; start and stop are audited", async () => {
    const started = await call("POST", "/user/impersonate", systemAdminToken, { userId: org.users.viewerA.id, organizationId: org.organization.id });
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ status: "ok" });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: systemAdminId } })).impersonatingUserId).toBe(org.users.viewerA.id);

    const me = await (await call("GET", "/user", systemAdminToken)).json();
    expect(me._id).toBe(org.users.viewerA.id);
    expect(me.settings.isImpersonatingUser).toBe(true);
    expect(me.current_organization_id).toBe(org.organization.id);
    expect(me.rolesPerUnit).toEqual({ [org.units.unitA.id]: "viewer" });

    const viewer = await gql(t.baseUrl, `{ viewer { isImpersonating user { legacyId } currentOrganization { legacyId } } }`, {}, systemAdminToken);
    expect(viewer.data!.viewer).toEqual({
      isImpersonating: true,
      user: { legacyId: org.users.viewerA.id },
      currentOrganization: { legacyId: org.organization.id },
    });
    // The impersonated person's own session is unaffected.
    const own = await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword);
    expect((await (await call("GET", "/user", own.accessToken)).json()).settings.isImpersonatingUser).toBe(false);
    // No lasting credential can be taken away while impersonating.
    expect((await call("POST", "/user/api-keys", systemAdminToken, {})).status).toBe(403);

    const stopped = await call("DELETE", "/user/impersonate", systemAdminToken);
    expect(await stopped.json()).toEqual({ status: "ok" });
    const back = await (await call("GET", "/user", systemAdminToken)).json();
    expect(back._id).toBe(systemAdminId);
    expect(back.settings.isImpersonatingUser).toBe(false);
    expect(back.system_admin).toBe(true);

    const rows = (await auditRows()).filter((r) => r.actorUserId === systemAdminId);
    expect(rows.map((r) => [r.action, r.targetUserId, r.organizationId])).toEqual([
      ["impersonation.start", org.users.viewerA.id, org.organization.id],
      ["impersonation.stop", org.users.viewerA.id, org.organization.id],
    ]);
    expect(rows.every((r) => r.createdAt instanceof Date)).toBe(true);
  });

  it("an impersonating admin may switch to another user; the switch ends the first on record", async () => {
    await call("POST", "/user/impersonate", systemAdminToken, { userId: org.users.viewerA.id, organizationId: org.organization.id });
    const switched = await call("POST", "/user/impersonate", systemAdminToken, { userId: org.users.editorA.id, organizationId: org.organization.id });
    expect(switched.status).toBe(200);
    expect((await (await call("GET", "/user", systemAdminToken)).json())._id).toBe(org.users.editorA.id);
    await call("DELETE", "/user/impersonate", systemAdminToken);
    const rows = (await auditRows()).filter((r) => r.actorUserId === systemAdminId).slice(-4);
    expect(rows.map((r) => [r.action, r.targetUserId])).toEqual([
      ["impersonation.start", org.users.viewerA.id],
      ["impersonation.stop", org.users.viewerA.id],
      ["impersonation.start", org.users.editorA.id],
      ["impersonation.stop", org.users.editorA.id],
    ]);
  });

  it("PUT /user/tutorials adds a tutorial once", async () => {
    const first = await call("PUT", "/user/tutorials", editorToken, { tutorialId: "summary-intro" });
    expect(await first.json()).toEqual({ tutorialsSeen: ["summary-intro"] });
    const again = await call("PUT", "/user/tutorials", editorToken, { tutorialId: "summary-intro" });
    expect(await again.json()).toEqual({ tutorialsSeen: ["summary-intro"] });
    const bad = await call("PUT", "/user/tutorials", editorToken, { tutorialId: "<script>" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/tutorialId/);
    const user = await (await call("GET", "/user", editorToken)).json();
    expect(user.tutorialsSeen).toEqual(["summary-intro"]);
  });

  it("GET /location answers the country from the user, then the organisation, and the language from Accept-Language", async () => {
    const fromOrg = await (await call("GET", "/location", editorToken, undefined, { "accept-language": "es-MX,es;q=0.9,en;q=0.5" })).json();
    expect(fromOrg).toEqual({ countryCode: "FI", source: "organization", language: "es" });
    await t.prisma.user.update({ where: { id: org.users.editorA.id }, data: { countryCode: "us" } });
    const fromUser = await (await call("GET", "/location", editorToken, undefined, { "accept-language": "de-DE" })).json();
    expect(fromUser).toEqual({ countryCode: "US", source: "user", language: null });
    expect((await call("GET", "/location")).status).toBe(401);
  });
});
