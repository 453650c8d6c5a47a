// The access cache (auth/access-cache.ts): a caller's viewer and reads kept in memory per process,
// dropped when PostgreSQL tells of a change. Two parts:
// - the cache itself against a real database: a change written by another connection (not through
//   this process's pools) drops exactly the entries it names, never another organisation's;
// - two api processes (`api/src/main.ts`) on one database with a cache lifetime of 10 minutes, so
//   only the change message can explain a refusal: a key revoked through A is refused by B, a team
//   role removed through A is gone on B, and a token signed out at A is refused by B.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeGlobalID } from "@pothos/plugin-relay";
import pg from "pg";
import { createPrisma, onWrite, writesAccessData } from "../db/client.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { apiKeyPrefix, hashApiKey } from "../domain/api-keys/key.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { noDatabase } from "../test/harness.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { startTwoApis, type TwoApis } from "../test/api-processes.js";
import { type AccessCache, startAccessCache } from "./access-cache.js";
import type { Viewer } from "../domain/viewer.js";

/** Polls `check` every 50 ms until it holds or `ms` pass; answers whether it held. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const viewerOf = (userId: string, organizationId: string): Viewer => ({
  userId,
  email: `${userId}@example.test`,
  systemAdmin: false,
  organizationId,
  organizationAdmin: false,
  billingAdmin: false,
  mayCreateSurveys: false,
  grants: [],
  features: [],
  emailVerified: true,
  authenticatedBy: "accessToken",
});

describe.skipIf(noDatabase)("the access cache hears of changes from PostgreSQL", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let other: pg.Client;
  let cache: AccessCache;
  let one: OrganizationFixture;
  let two: OrganizationFixture;

  beforeAll(async () => {
    database = await createScratchDatabase("feedback_access_cache");
    prisma = createPrisma(database.url, { max: 2 });
    one = await createOrganizationFixture(prisma, "One");
    two = await createOrganizationFixture(prisma, "Two");
    // Writes from a plain connection: this process's own pools are not told, only PostgreSQL's message can be.
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    cache = await startAccessCache(database.url, { ttlMs: 600_000 });
  }, 120_000);

  afterAll(async () => {
    await cache?.close();
    await other?.end();
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("drops the entries of a user whose team role is removed elsewhere, and no other organisation's", async () => {
    expect(cache.active).toBe(true);
    const editor = viewerOf(one.users.editorA.id, one.organization.id);
    const stranger = viewerOf(two.users.editorA.id, two.organization.id);
    cache.store("token-one", editor, { users: [editor.userId], organizations: [one.organization.id] }, cache.mark());
    cache.store("token-two", stranger, { users: [stranger.userId], organizations: [two.organization.id] }, cache.mark());
    expect(cache.lookup("token-one")?.viewer).toBe(editor);

    await other.query(`delete from "UnitRole" where "userId" = $1`, [one.users.editorA.id]);
    expect(await eventually(() => cache.lookup("token-one") === undefined)).toBe(true);
    expect(cache.lookup("token-two")?.viewer).toBe(stranger);
  });

  it("drops an organisation's entries when its plan's features or its teams change", async () => {
    const admin = viewerOf(one.users.admin.id, one.organization.id);
    const stranger = viewerOf(two.users.admin.id, two.organization.id);
    cache.store("admin-one", admin, { users: [admin.userId], organizations: [one.organization.id] }, cache.mark());
    cache.store("admin-two", stranger, { users: [stranger.userId], organizations: [two.organization.id] }, cache.mark());
    await other.query(`update "Unit" set name = 'Renamed' where id = $1`, [one.units.unitB.id]);
    expect(await eventually(() => cache.lookup("admin-one") === undefined)).toBe(true);
    expect(cache.lookup("admin-two")?.viewer).toBe(stranger);

    // A feature set reaches every organisation on it: everything goes.
    const feature = await prisma.featureSet.findFirstOrThrow({ where: { organizations: { some: { id: two.organization.id } } } });
    await other.query(`update "FeatureSet" set features = array_remove(features, 'restApi') where id = $1`, [feature.id]);
    expect(await eventually(() => cache.lookup("admin-two") === undefined)).toBe(true);
  });

  it("drops an access token's entry when its grant is deleted (signed out), and keeps nothing loaded across a change", async () => {
    const viewer = viewerOf(one.users.viewerA.id, one.organization.id);
    await other.query(`insert into "OidcPayload" (id, type, payload) values ('grant-1', 'Grant', '{}')`);
    cache.store("signed-in", viewer, { users: [viewer.userId], organizations: [one.organization.id], grant: "grant-1" }, cache.mark());
    await other.query(`delete from "OidcPayload" where id = 'grant-1'`);
    expect(await eventually(() => cache.lookup("signed-in") === undefined)).toBe(true);

    // Loaded before a change arrived: not kept.
    const mark = cache.mark();
    await other.query(`update "User" set "displayName" = 'Changed' where id = $1`, [one.users.viewerA.id]);
    expect(await eventually(() => cache.mark() !== mark)).toBe(true);
    cache.store("stale", viewer, { users: [viewer.userId], organizations: [one.organization.id] }, mark);
    expect(cache.lookup("stale")).toBeUndefined();
  });

  it("does not drop anything for an API key's use being recorded", async () => {
    const viewer = viewerOf(one.users.admin.id, one.organization.id);
    const key = await prisma.apiKey.create({
      data: { organizationId: one.organization.id, userId: one.users.admin.id, keyHash: randomBytes(8).toString("hex"), keyPrefix: "fbk_xxxx" },
    });
    await new Promise((r) => setTimeout(r, 200));
    cache.store("used-key", viewer, { users: [viewer.userId], organizations: [one.organization.id] }, cache.mark());
    const mark = cache.mark();
    await other.query(`update "ApiKey" set "lastUsedAt" = now() where id = $1`, [key.id]);
    // A message that did come would have arrived by the time the next one does.
    await other.query(`update "User" set "displayName" = 'Ping' where id = $1`, [two.users.admin.id]);
    expect(await eventually(() => cache.mark() !== mark)).toBe(true);
    expect(cache.mark()).toBe(mark + 1);
    expect(cache.lookup("used-key")?.viewer).toBe(viewer);
  });
});

describe.skipIf(noDatabase)("this process's own writes drop its cache at once", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let org: OrganizationFixture;

  beforeAll(async () => {
    database = await createScratchDatabase("feedback_access_cache_own");
    prisma = createPrisma(database.url, { max: 2 });
    org = await createOrganizationFixture(prisma, "Own");
  }, 120_000);
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("recognises Prisma's writes to the tables behind the access data, before the write's promise resolves", async () => {
    let writes = 0;
    const stop = onWrite(() => writes++);
    try {
      await prisma.unitRole.updateMany({ where: { userId: org.users.viewerA.id }, data: { role: "editor" } });
      expect(writes).toBe(1);
      await prisma.membership.update({
        where: { userId_organizationId: { userId: org.users.viewerA.id, organizationId: org.organization.id } },
        data: { billingAdmin: true },
      });
      expect(writes).toBe(2);
      const key = await prisma.apiKey.create({
        data: { organizationId: org.organization.id, userId: org.users.admin.id, keyHash: randomBytes(8).toString("hex"), keyPrefix: "fbk_own1" },
      });
      expect(writes).toBe(3);
      // A key's use and a touchpoint's counters are not access data.
      await prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
      expect(writes).toBe(3);
      await prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
      expect(writes).toBe(4);
      // Reads are not writes.
      await prisma.user.findMany({ where: { id: org.users.admin.id } });
      expect(writes).toBe(4);
    } finally {
      stop();
    }
  });

  it("tells the counters' raw updates from a touchpoint's renaming", () => {
    expect(
      writesAccessData(
        `UPDATE "Touchpoint" t SET "responseCount" = t."responseCount" + v.n, "lastFeedbackAt" = GREATEST(t."lastFeedbackAt", v.last) FROM (VALUES ($1, 1)) v(id, n) WHERE t.id = v.id`,
      ),
    ).toBe(false);
    expect(writesAccessData(`UPDATE "Touchpoint" SET "lastSeenAt" = now() WHERE "id" = $1`)).toBe(false);
    expect(
      writesAccessData(
        `UPDATE "public"."Touchpoint" SET "name" = $1, "updatedAt" = $2 WHERE "public"."Touchpoint"."id" = $3 RETURNING "public"."Touchpoint"."id"`,
      ),
    ).toBe(true);
    expect(writesAccessData(`DELETE FROM "public"."OidcPayload" WHERE "type" = $1`)).toBe(true);
    expect(writesAccessData(`INSERT INTO "public"."OidcPayload" ("id") VALUES ($1)`)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe.skipIf(noDatabase)("two api processes: a change through A reaches B's cache", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let apis: TwoApis;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createScratchDatabase("feedback_access_cache_two");
    prisma = createPrisma(database.url, { max: 2 });
    org = await createOrganizationFixture(prisma, "Cached");
    apis = await startTwoApis(database.url, {
      // Ten minutes: only the change message can end an entry within this test.
      env: { ACCESS_CACHE_TTL_MS: "600000" },
      // No REDIS_URL: nothing but PostgreSQL connects the two processes.
      unset: ["REDIS_URL"],
    });
    ({ a, b } = apis);
  }, 240_000);

  afterAll(async () => {
    await apis?.stop();
    await prisma?.$disconnect();
    await database?.drop();
  }, 60_000);

  const get = (base: string, path: string, token: string) => fetch(`${base}/api/v5${path}`, { headers: { authorization: `Bearer ${token}` } });
  const graphql = async (base: string, token: string, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] } };
  };

  it("a key revoked through A is refused by B from the next request after the message", async () => {
    const key = `${apiKeyPrefix}${randomBytes(24).toString("base64url")}`;
    const made = await prisma.apiKey.create({
      data: { organizationId: org.organization.id, userId: org.users.admin.id, name: "cached", keyHash: hashApiKey(key), keyPrefix: key.slice(0, 8) },
    });
    // B serves the key (and keeps it).
    expect((await get(b, "/user", key)).status).toBe(200);
    expect((await get(b, "/user", key)).status).toBe(200);
    // Proof that B answers from memory: a revocation nobody is told of (its trigger off) goes unseen.
    await prisma.$executeRawUnsafe(`alter table "ApiKey" disable trigger access_changed_upd`);
    try {
      await prisma.apiKey.update({ where: { id: made.id }, data: { revokedAt: new Date() } });
      expect((await get(b, "/user", key)).status).toBe(200);
      await prisma.apiKey.update({ where: { id: made.id }, data: { revokedAt: null } });
    } finally {
      await prisma.$executeRawUnsafe(`alter table "ApiKey" enable trigger access_changed_upd`);
    }
    const admin = await signInWithPassword(a, org.users.admin.email, testPassword);
    const revoked = await fetch(`${a}/api/v5/user/api-keys/${made.id}/revoke`, { method: "POST", headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(revoked.status).toBeLessThan(300);
    expect(await eventually(async () => (await get(b, "/user", key)).status === 401)).toBe(true);
    // And stays refused.
    expect((await get(b, "/user", key)).status).toBe(401);
  });

  it("a team role removed through A is gone from the editor's rights on B", async () => {
    const editor = await signInWithPassword(a, org.users.editorA.email, testPassword);
    const query = `{ viewer { rights rolesPerUnit { role } } }`;
    const before = await graphql(b, editor.accessToken, query);
    expect(before.body.data?.viewer).toMatchObject({ rolesPerUnit: [{ role: "editor" }] });
    expect((before.body.data?.viewer as { rights?: string[] } | undefined)?.rights).toContain("editSurveys");
    expect((await get(b, "/user", editor.accessToken)).status).toBe(200);

    const admin = await signInWithPassword(a, org.users.admin.email, testPassword);
    const removed = await graphql(a, admin.accessToken, `mutation($u: ID!, $unit: ID!) { removeMemberFromUnit(userId: $u, unitId: $unit) { __typename } }`, {
      u: encodeGlobalID("User", org.users.editorA.id),
      unit: encodeGlobalID("Unit", org.units.unitA.id),
    });
    expect(removed.body.errors).toBeUndefined();

    expect(
      await eventually(async () => {
        const after = await graphql(b, editor.accessToken, query);
        return JSON.stringify(after.body.data?.viewer) === JSON.stringify({ rights: [], rolesPerUnit: [] });
      }),
    ).toBe(true);
    const rest = (await (await get(b, "/user", editor.accessToken)).json()) as { rolesPerUnit: Record<string, string> };
    expect(rest.rolesPerUnit).toEqual({});
  });

  it("a token signed out at A is refused by B", async () => {
    const tokens = await signInWithPassword(a, org.users.viewerA.email, testPassword, { rememberMe: true });
    expect((await get(b, "/user", tokens.accessToken)).status).toBe(200);
    expect((await get(b, "/user", tokens.accessToken)).status).toBe(200);

    // The web client's sign-out: end_session at the provider (on A), confirmed.
    const jar = tokens.cookies;
    const endSession = new URL(`${a}/oidc/session/end`);
    endSession.searchParams.set("id_token_hint", tokens.idToken);
    endSession.searchParams.set("post_logout_redirect_uri", `${a}/logout`);
    const page = await fetch(endSession, { headers: { cookie: jar.headerFor(endSession.href) ?? "" }, redirect: "manual" });
    jar.store(page);
    const html = await page.text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const confirmed = await fetch(action!, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.headerFor(action!) ?? "" },
      body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }).toString(),
    });
    expect(confirmed.status).toBe(303);

    expect(await eventually(async () => (await get(b, "/user", tokens.accessToken)).status === 401)).toBe(true);
    // A process that never saw the token refuses it too (the grant is gone).
    expect((await get(a, "/user", tokens.accessToken)).status).toBe(401);
  });
});
