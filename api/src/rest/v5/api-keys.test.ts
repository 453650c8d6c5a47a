// API keys through the real server: generate → authenticate a REST call with the key → revoke →
// refused; delete; only one's own keys; feature gating; GraphQL equivalents.
import { apiFetch } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { hashApiKey } from "../../domain/api-keys/key.js";

describe.skipIf(noDatabase)("REST /api/v5/user/api-keys", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let editorToken: string;
  let adminToken: string;
  let otherAdminToken: string;

  const call = (method: string, path: string, token?: string, body?: unknown) => apiFetch(t.baseUrl, method, path, token, body);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Rival");
    editorToken = (await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword)).accessToken;
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    otherAdminToken = (await signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("generates a key shown once, stores only its SHA-256, authenticates with it, and refuses it once revoked", async () => {
    const created = await call("POST", "/user/api-keys", editorToken, {});
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.key).toMatch(/^fbk_[A-Za-z0-9_-]{43}$/);
    expect(body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.message).toBe("API key generated");
    expect(body.prefix).toBe(body.key.slice(0, 8));

    const row = await t.prisma.apiKey.findUniqueOrThrow({ where: { id: body._id } });
    expect(row.keyHash).toBe(hashApiKey(body.key));
    expect(JSON.stringify(row)).not.toContain(body.key);

    // The list never carries the value.
    const list = await (await call("GET", "/user/api-keys", editorToken)).json();
    expect(list[0]).toMatchObject({ _id: body._id, prefix: body.prefix, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(body.key);

    const asKey = await call("GET", "/user", body.key);
    expect(asKey.status).toBe(200);
    expect((await asKey.json())._id).toBe(org.users.editorA.id);
    const listed = await (await call("GET", "/user/api-keys", editorToken)).json();
    expect(listed[0].lastUsedAt).not.toBeNull();

    // A key cannot mint, list or revoke keys (REST and GraphQL): key management needs a signed-in person.
    expect((await call("POST", "/user/api-keys", body.key, {})).status).toBe(403);
    const listedByKey = await call("GET", "/user/api-keys", body.key);
    expect(listedByKey.status).toBe(403);
    expect(await listedByKey.json()).toEqual({ error: "API keys cannot be managed with an API key: sign in" });
    expect((await call("POST", `/user/api-keys/${body._id}/revoke`, body.key, { delete: false })).status).toBe(403);
    const gqlByKey = await gql(t.baseUrl, `{ viewer { apiKeys { legacyId prefix } } }`, {}, body.key);
    expect(gqlByKey.errors?.[0]).toMatchObject({ message: "API keys cannot be managed with an API key: sign in", extensions: { code: "FORBIDDEN" } });
    expect(JSON.stringify(gqlByKey.data ?? null)).not.toContain(body.prefix);
    const keyNode = Buffer.from(`ApiKey:${body._id}`).toString("base64");
    const nodeByKey = await gql(t.baseUrl, `{ node(id: "${keyNode}") { id } }`, {}, body.key);
    expect(nodeByKey.data?.node ?? null).toBeNull();

    const revoked = await call("POST", `/user/api-keys/${body._id}/revoke`, editorToken, { delete: false });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ status: "ok", _id: body._id, deleted: false, message: "API key revoked" });
    const refused = await call("GET", "/user", body.key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Invalid or revoked API key" });

    const deleted = await call("POST", `/user/api-keys/${body._id}/revoke`, editorToken, { delete: true });
    expect(await deleted.json()).toMatchObject({ deleted: true, message: "API key deleted" });
    expect(await t.prisma.apiKey.findUnique({ where: { id: body._id } })).toBeNull();
  });

  it("another user's key, in the same or another organisation, is not found and stays untouched", async () => {
    const mine = await (await call("POST", "/user/api-keys", editorToken, {})).json();
    for (const token of [adminToken, otherAdminToken]) {
      for (const del of [false, true]) {
        const response = await call("POST", `/user/api-keys/${mine._id}/revoke`, token, { delete: del });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: "API key not found" });
      }
      const list = await (await call("GET", "/user/api-keys", token)).json();
      expect(list.map((k: { _id: string }) => k._id)).not.toContain(mine._id);
    }
    const row = await t.prisma.apiKey.findUniqueOrThrow({ where: { id: mine._id } });
    expect(row.revokedAt).toBeNull();
    expect((await call("GET", "/user", mine.key)).status).toBe(200);
  });

  it("refuses bad input with a message and changes nothing", async () => {
    const before = await t.prisma.apiKey.count({ where: { userId: org.users.editorA.id } });
    const badId = await call("POST", "/user/api-keys/not-an-id/revoke", editorToken, { delete: false });
    expect(badId.status).toBe(400);
    expect((await badId.json()).error).toBe("Invalid id: ids are 24 hexadecimal characters");
    const badFlag = await call("POST", "/user/api-keys/0123456789abcdef01234567/revoke", editorToken, { delete: "yes" });
    expect(badFlag.status).toBe(400);
    expect((await badFlag.json()).error).toBe("delete must be true or false");
    const extra = await call("POST", "/user/api-keys", editorToken, { key: "fbk_chosen" });
    expect(extra.status).toBe(400);
    expect(await t.prisma.apiKey.count({ where: { userId: org.users.editorA.id } })).toBe(before);
    expect((await call("GET", "/user/api-keys")).status).toBe(401);
  });

  it("an organisation whose plan lacks restApi cannot generate keys, and its existing keys stop working", async () => {
    const poor = await createOrganizationFixture(t.prisma, "Poor");
    const key = await signInWithPassword(t.baseUrl, poor.users.editorA.email, testPassword);
    const made = await (await call("POST", "/user/api-keys", key.accessToken, {})).json();
    await t.prisma.featureSet.update({ where: { id: poor.organization.featureSetId }, data: { features: ["surveyLogic"] } });
    const before = await t.prisma.apiKey.count({ where: { organizationId: poor.organization.id } });
    const refused = await call("POST", "/user/api-keys", key.accessToken, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "No access to the feature: upgrade or contact support" });
    expect(await t.prisma.apiKey.count({ where: { organizationId: poor.organization.id } })).toBe(before);
    const used = await call("GET", "/user", made.key);
    expect(used.status).toBe(403);
    // Listing and revoking stay open, so keys can be cleaned up after a plan change.
    expect((await call("GET", "/user/api-keys", key.accessToken)).status).toBe(200);
    expect((await call("POST", `/user/api-keys/${made._id}/revoke`, key.accessToken, { delete: true })).status).toBe(200);
  });

  it("GraphQL: viewer.apiKeys, generateApiKey and revokeApiKey act on one's own keys only", async () => {
    const generated = await gql(t.baseUrl, `mutation { generateApiKey(name: "CI") { key apiKey { id legacyId name prefix revokedAt } } }`, {}, adminToken);
    expect(generated.errors).toBeUndefined();
    const { key, apiKey } = generated.data!.generateApiKey;
    expect(key).toMatch(/^fbk_/);
    expect(apiKey).toMatchObject({ name: "CI", prefix: key.slice(0, 8), revokedAt: null });

    const listed = await gql(t.baseUrl, `{ viewer { apiKeys { legacyId } } }`, {}, adminToken);
    expect(listed.data!.viewer.apiKeys.map((k: { legacyId: string }) => k.legacyId)).toContain(apiKey.legacyId);
    // The node lookup is scoped too.
    const foreign = await gql(t.baseUrl, `{ node(id: "${apiKey.id}") { id } }`, {}, editorToken);
    expect(foreign.data?.node ?? null).toBeNull();
    const stolen = await gql(t.baseUrl, `mutation { revokeApiKey(id: "${apiKey.id}") { apiKey { id } } }`, {}, otherAdminToken);
    expect(stolen.errors?.[0]).toMatchObject({ message: "API key not found", extensions: { code: "NOT_FOUND" } });

    const revoked = await gql(t.baseUrl, `mutation { revokeApiKey(id: "${apiKey.id}", delete: true) { apiKey { id } deletedApiKeyId } }`, {}, adminToken);
    expect(revoked.data!.revokeApiKey).toEqual({ apiKey: null, deletedApiKeyId: apiKey.id });
  });
});
