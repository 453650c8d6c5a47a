// Share links through the real server: create (REST and GraphQL), open without a session (REST
// defaults, GraphQL with the X-Share-Token header or the shareToken argument), tampered, unknown,
// expired and removed tokens, allowChanges enforcement, dynamicDate, the creator's team bound,
// listing and removal by owner and organisation admin, and other organisations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { hashShareToken } from "../../domain/results-scope/share-token.js";
import { shareMessages } from "../../domain/results-scope/share-link.js";
import { resultsRequest } from "../../domain/results-scope/request.js";
import { shareLinkMessages } from "../../domain/sharing/share-links.js";

describe.skipIf(noDatabase)("share links", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<"admin" | "editor" | "viewer" | "adminB" | "otherAdmin", string> = {} as never;

  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await call("POST", "/results/token/create", token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { token: string; url: string; _id: string; message: string };
  };
  const gqlShare = async (query: string, shareToken?: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(shareToken ? { "x-share-token": shareToken } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Sharer");
    other = await createOrganizationFixture(t.prisma, "Outsider");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("creates a link (filters plus options), stores only the token's digest, and opens its defaults without a session", async () => {
    const created = await create(tokens.admin, {
      filters: { from: "2026-02-01", to: "2026-02-28", groupBy: "weekNumber" },
      allowChanges: ["date", "options.view"],
      name: "Board",
      hideTimestamps: true,
      hideResultsIfLessThan: 5,
      smileyScale: 5,
    });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`${t.baseUrl}/results?token=${created.token}`);
    expect(created.message).toBe("Share link created");
    const row = await t.prisma.shareToken.findUniqueOrThrow({ where: { id: created._id } });
    expect(row.token).toBe(hashShareToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row).toMatchObject({
      organizationId: org.organization.id,
      createdByUserId: org.users.admin.id,
      name: "Board",
      hideTimestamps: true,
      hideResultsIfLessThan: 5,
      smileyScale: 5,
    });

    // No bearer token: the token in the path is the proof. Dates are received with slashes.
    const defaults = await call("GET", `/results/token/${created.token}`);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toMatchObject({
      from: "2026/02/01",
      to: "2026/02/28",
      allowChanges: ["date", "options.view"],
      filters: { from: "2026-02-01", to: "2026-02-28", groupBy: "weekNumber" },
      name: "Board",
      hideTimestamps: true,
      hideResultsIfLessThan: 5,
      smileyScale: 5,
      dynamicDate: false,
      expiredAt: null,
    });

    // The filters may also come at the top level of the body.
    const flat = await create(tokens.admin, { from: "2026-03-01", to: "2026-03-02", name: "Flat" });
    expect((await call("GET", `/results/token/${flat.token}`)).body).toMatchObject({ from: "2026/03/01", to: "2026/03/02", name: "Flat" });
  });

  it("refuses tampered, unknown, removed and expired tokens with a clear message and no data", async () => {
    const { token, _id } = await create(tokens.admin, { filters: { from: "2026-01-01", to: "2026-01-31" } });
    const tampered = token.slice(0, 10) + (token[10] === "a" ? "b" : "a") + token.slice(11);
    for (const bad of [tampered, "A".repeat(43), "short-token-x"]) {
      const res = await call("GET", `/results/token/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: shareMessages.invalid });
      const viaGraphQL = await gqlShare("{ sharedView { from } }", bad);
      expect(viaGraphQL.data ?? null).toBeNull();
      expect(viaGraphQL.errors?.[0]).toMatchObject({ message: shareMessages.invalid, extensions: { code: "NOT_FOUND" } });
    }

    await t.prisma.shareToken.update({ where: { id: _id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    const expired = await call("GET", `/results/token/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ error: shareMessages.expired });
    const expiredGql = await gqlShare("{ sharedView { from } }", token);
    expect(expiredGql.errors?.[0]).toMatchObject({ message: shareMessages.expired, extensions: { code: "GONE" } });

    const removed = await create(tokens.admin, {});
    expect((await call("DELETE", `/results/tokens/${removed._id}`, tokens.admin)).status).toBe(200);
    expect((await call("GET", `/results/token/${removed.token}`)).status).toBe(404);
  });

  it("expiredAt: a future day or instant is kept; a past one is refused at creation", async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const byDay = await create(tokens.admin, { filters: { utcOffset: 120 }, expiredAt: tomorrow });
    const row = await t.prisma.shareToken.findUniqueOrThrow({ where: { id: byDay._id } });
    // The link stops at the start of that day in the filters' offset.
    expect(row.expiredAt?.toISOString()).toBe(new Date(Date.parse(`${tomorrow}T00:00:00Z`) - 120 * 60_000).toISOString());
    for (const expiredAt of ["2020-01-01", new Date(Date.now() - 60_000).toISOString()]) {
      const res = await call("POST", "/results/token/create", tokens.admin, { expiredAt });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: shareLinkMessages.expiredInPast, field: "expiredAt" });
    }
    expect((await call("POST", "/results/token/create", tokens.admin, { expiredAt: "next week" })).body).toEqual({
      error: shareLinkMessages.invalidExpiry,
      field: "expiredAt",
    });
  });

  it("refuses unknown filters, bad ranges and unknown allowChanges, storing nothing", async () => {
    const before = await t.prisma.shareToken.count({ where: { organizationId: org.organization.id } });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ filters: { colour: "red" } }, /Unknown filter 'colour'/],
      [{ filters: { from: "2026-05-01", to: "2026-04-01" } }, /start date must not be after the end date/],
      [{ allowChanges: ["everything"] }, /Unknown allowChanges entry 'everything'/],
      [{ hideResultsIfLessThan: -1 }, /must not be negative/],
      [{ smileyScale: 99 }, /smileyScale/],
      [{ smileyScale: { min: 3, max: 1 } }, /smileyScale/],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", "/results/token/create", tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(await t.prisma.shareToken.count({ where: { organizationId: org.organization.id } })).toBe(before);
    expect((await call("POST", "/results/token/create", undefined, {})).status).toBe(401);
  });

  it("lets a visitor change only what allowChanges lists (REST filters through resultsRequest)", async () => {
    const { token } = await create(tokens.admin, {
      filters: { from: "2026-01-01", to: "2026-01-31", surveyId: [], groupBy: "daily", options: { view: "graphs", stackGraphsTo100: false } },
      allowChanges: ["date", "options.view"],
    });
    const anonymous = { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer: null };
    const visitor = {
      from: "2025-06-01",
      to: "2025-06-30",
      surveyId: [org.organization.id],
      groupBy: "monthly",
      unitId: org.units.unitB.id,
      options: { view: "table", stackGraphsTo100: true },
      utcOffset: 180,
    };
    const viaArgument = await resultsRequest(anonymous, { shareToken: token, filters: visitor });
    expect(viaArgument.share?.organizationId).toBe(org.organization.id);
    expect(viaArgument.reader).toMatchObject({ share: { organizationId: org.organization.id } });
    expect(viaArgument.filters).toEqual({
      from: "2025-06-01",
      to: "2025-06-30",
      surveyId: [],
      groupBy: "daily",
      options: { view: "table", stackGraphsTo100: false },
      utcOffset: 180,
    });
    // The same through the GraphQL header (ctx.shareToken).
    const viaHeader = await resultsRequest({ ...anonymous, shareToken: token }, { filters: visitor });
    expect(viaHeader.filters).toEqual(viaArgument.filters);
    // No token and no session: not logged in.
    await expect(resultsRequest(anonymous, { filters: visitor })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("dynamicDate keeps the window's length moving with today", async () => {
    const { token, _id } = await create(tokens.admin, { filters: { from: "2026-01-01", to: "2026-01-07" }, dynamicDate: true });
    expect((await call("GET", `/results/token/${token}`)).body).toMatchObject({ from: "2026/01/01", to: "2026/01/07", dynamicDate: true });
    const row = await t.prisma.shareToken.findUniqueOrThrow({ where: { id: _id } });
    await t.prisma.shareToken.update({ where: { id: _id }, data: { createdAt: new Date(row.createdAt.getTime() - 30 * 86_400_000) } });
    expect((await call("GET", `/results/token/${token}`)).body).toMatchObject({ from: "2026/01/31", to: "2026/02/06" });
  });

  it("a member who sees one team shares that team; a team they do not see is refused", async () => {
    const viewerLink = await create(tokens.viewer, { filters: { from: "2026-01-01", to: "2026-01-02" } });
    expect((await t.prisma.shareToken.findUniqueOrThrow({ where: { id: viewerLink._id } })).filters).toMatchObject({ unitId: org.units.unitA.id });
    // A visitor cannot move the link to another team, even with every change allowed.
    const wide = await create(tokens.viewer, { allowChanges: Object.keys((await import("../../domain/results-scope/share-link.js")).allowChangeKeys) });
    const anonymous = { prisma: t.prisma, bus: t.bus, jobs: t.jobs, config: t.config, viewer: null };
    expect((await resultsRequest(anonymous, { shareToken: wide.token, filters: { unitId: org.units.unitB.id } })).filters.unitId).toBe(org.units.unitA.id);

    const refused = await call("POST", "/results/token/create", tokens.viewer, { filters: { unitId: org.units.unitB.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: shareLinkMessages.teamNotVisible });
    // Another organisation's team id is just as invisible.
    expect((await call("POST", "/results/token/create", tokens.adminB, { filters: { unitId: other.units.root.id } })).status).toBe(403);
    // An organisation admin shares the whole organisation.
    const adminLink = await create(tokens.admin, {});
    expect((await t.prisma.shareToken.findUniqueOrThrow({ where: { id: adminLink._id } })).filters).toEqual({});
  });

  it("lists own links (admins: the organisation's), never the tokens; removal by owner or admin only; other organisations see nothing", async () => {
    const editorLink = await create(tokens.editor, { name: "Editor's" });
    const mine = await call("GET", "/results/tokens", tokens.editor);
    expect(mine.body.map((l: { _id: string }) => l._id)).toEqual([editorLink._id]);
    expect(JSON.stringify(mine.body)).not.toContain(editorLink.token);
    expect(mine.body[0]).toMatchObject({ name: "Editor's", expired: false, createdBy: expect.stringContaining("editor-a") });

    const adminList = await call("GET", "/results/tokens", tokens.admin);
    expect(adminList.body.map((l: { _id: string }) => l._id)).toContain(editorLink._id);
    const otherList = await call("GET", "/results/tokens", tokens.otherAdmin);
    expect(otherList.body.map((l: { _id: string }) => l._id)).not.toContain(editorLink._id);

    for (const token of [tokens.otherAdmin, tokens.viewer, tokens.adminB]) {
      const res = await call("DELETE", `/results/tokens/${editorLink._id}`, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: shareLinkMessages.notFound });
    }
    expect((await call("GET", `/results/token/${editorLink.token}`)).status).toBe(200);
    expect((await call("DELETE", `/results/tokens/${editorLink._id}`, tokens.admin)).body).toMatchObject({ status: "ok", _id: editorLink._id });
    expect((await call("GET", `/results/token/${editorLink.token}`)).status).toBe(404);
  });

  it("GraphQL: create, list and revoke; sharedView with the header or the argument, without a session", async () => {
    const created = await gql(
      t.baseUrl,
      `mutation ($input: CreateShareLinkInput!) { createShareLink(input: $input) { token url shareLink { id legacyId name allowChanges filters { datePreset unitId surveyIds } hideTimestamps } } }`,
      { input: { name: "GQL", filters: { datePreset: "last30Days" }, allowChanges: ["surveyId"], hideTimestamps: true } },
      tokens.editor,
    );
    expect(created.errors).toBeUndefined();
    const { token, shareLink } = created.data!.createShareLink;
    expect(shareLink).toMatchObject({ name: "GQL", allowChanges: ["surveyId"], hideTimestamps: true });
    // The editor sees one team: the link is bound to it.
    expect(shareLink.filters).toEqual({ datePreset: "last30Days", unitId: globalId("Unit", org.units.unitA.id), surveyIds: [] });

    const byHeader = await gqlShare("{ sharedView { from to name allowChanges hideTimestamps } }", token);
    expect(byHeader.errors).toBeUndefined();
    expect(byHeader.data.sharedView).toMatchObject({ name: "GQL", allowChanges: ["surveyId"], hideTimestamps: true });
    expect(byHeader.data.sharedView.from).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    const byArgument = await gqlShare(`{ sharedView(shareToken: "${token}") { name } }`);
    expect(byArgument.data.sharedView.name).toBe("GQL");

    // Anonymous without a token: nothing but the share-free fields.
    const none = await gqlShare("{ sharedView { name } }");
    expect(none.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const anonymousList = await gqlShare("{ shareLinks { id } }", token);
    expect(anonymousList.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const listed = await gql(t.baseUrl, "{ shareLinks { id name } }", {}, tokens.editor);
    expect(listed.data!.shareLinks.map((l: { id: string }) => l.id)).toContain(shareLink.id);
    const foreign = await gql(t.baseUrl, `mutation { revokeShareLink(id: "${shareLink.id}") { revokedShareLinkId } }`, {}, tokens.otherAdmin);
    expect(foreign.errors?.[0]).toMatchObject({ message: shareLinkMessages.notFound, extensions: { code: "NOT_FOUND" } });
    // A bookmark's id where a share link's belongs: refused as the wrong type, the link keeps working.
    const wrongType = await gql(
      t.baseUrl,
      `mutation($id: ID!) { revokeShareLink(id: $id) { revokedShareLinkId } }`,
      { id: globalId("Bookmark", shareLink.legacyId) },
      tokens.editor,
    );
    expect(wrongType.errors?.[0]).toMatchObject({ message: expect.stringMatching(/is not of type: ShareLink$/), extensions: { code: "BAD_USER_INPUT" } });
    expect((await gqlShare("{ sharedView { name } }", token)).data.sharedView.name).toBe("GQL");
    const revoked = await gql(t.baseUrl, `mutation { revokeShareLink(id: "${shareLink.id}") { revokedShareLinkId } }`, {}, tokens.editor);
    expect(revoked.data!.revokeShareLink.revokedShareLinkId).toBe(shareLink.id);
    expect((await gqlShare("{ sharedView { name } }", token)).errors?.[0]?.message).toBe(shareMessages.invalid);
  });
});
