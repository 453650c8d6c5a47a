// Bookmarks through the real server: save, list, delete (REST and GraphQL), filters checked with the
// analytics parser, own bookmarks only (not even an organisation admin sees another person's), other
// organisations' ids not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { bookmarkMessages } from "../../domain/bookmarks/bookmarks.js";

describe.skipIf(noDatabase)("bookmarks", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<"admin" | "viewer" | "otherAdmin", string> = {} as never;
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Marks");
    other = await createOrganizationFixture(t.prisma, "Others");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("saves, lists (newest first) and deletes the caller's own bookmarks", async () => {
    const filters = {
      from: "2026-01-01",
      to: "2026-01-31",
      channelId: [],
      surveyId: [],
      metaDataMatch: { items: [{ key: "store", value: "Helsinki" }], strict: true },
    };
    const first = await call("POST", "/results/bookmarks", tokens.viewer, { name: "  January  ", filters });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: "January", filters, message: "Bookmark saved" });
    const second = await call("POST", "/results/bookmarks", tokens.viewer, { name: "Last month", filters: { datePreset: "lastFullMonth" } });
    const list = await call("GET", "/results/bookmarks", tokens.viewer);
    expect(list.body.map((b: { name: string }) => b.name)).toEqual(["Last month", "January"]);
    expect(list.body[1]).toMatchObject({ _id: first.body._id, filters, createdAt: expect.any(String) });

    const deleted = await call("DELETE", `/results/bookmarks/${second.body._id}`, tokens.viewer);
    expect(deleted.body).toEqual({ status: "ok", _id: second.body._id, message: bookmarkMessages.deleted });
    expect((await call("GET", "/results/bookmarks", tokens.viewer)).body.map((b: { _id: string }) => b._id)).toEqual([first.body._id]);
    expect((await call("DELETE", `/results/bookmarks/${second.body._id}`, tokens.viewer)).status).toBe(404);
  });

  it("refuses a missing name, unknown filters and bad ranges, saving nothing", async () => {
    const before = await t.prisma.bookmark.count({ where: { organizationId: org.organization.id } });
    const cases: [unknown, number, string][] = [
      [{ filters: {} }, 400, bookmarkMessages.nameRequired],
      [{ name: "   " }, 400, bookmarkMessages.nameRequired],
      [{ name: "x".repeat(101) }, 400, "Must be at most 100 characters"],
      [{ name: "Odd", filters: { colour: "red" } }, 400, "Unknown filter 'colour'"],
      [{ name: "Reversed", filters: { from: "2026-02-01", to: "2026-01-01" } }, 400, "The start date must not be after the end date"],
      [{ name: "Not a list", filters: { surveyId: ["nope"] } }, 400, "Invalid id: ids are 24 hexadecimal characters"],
    ];
    for (const [body, status, error] of cases) {
      const res = await call("POST", "/results/bookmarks", tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(error);
    }
    expect(await t.prisma.bookmark.count({ where: { organizationId: org.organization.id } })).toBe(before);
    expect((await call("GET", "/results/bookmarks")).status).toBe(401);
  });

  it("another person's bookmark is not found: same organisation's admin, another organisation", async () => {
    const mine = await call("POST", "/results/bookmarks", tokens.viewer, { name: "Private", filters: {} });
    for (const token of [tokens.admin, tokens.otherAdmin]) {
      expect((await call("GET", "/results/bookmarks", token)).body.map((b: { _id: string }) => b._id)).not.toContain(mine.body._id);
      const res = await call("DELETE", `/results/bookmarks/${mine.body._id}`, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: bookmarkMessages.notFound });
      const viaGraphQL = await gql(t.baseUrl, `mutation { deleteBookmark(id: "${globalId("Bookmark", mine.body._id)}") { deletedBookmarkId } }`, {}, token);
      expect(viaGraphQL.errors?.[0]).toMatchObject({ message: bookmarkMessages.notFound, extensions: { code: "NOT_FOUND" } });
    }
    expect(await t.prisma.bookmark.findUnique({ where: { id: mine.body._id } })).not.toBeNull();
  });

  it("GraphQL: createBookmark, bookmarks and deleteBookmark", async () => {
    const created = await gql(
      t.baseUrl,
      `mutation ($f: ResultsFilterInput) { createBookmark(name: "Weekly", filters: $f) { message bookmark { id legacyId name filters { groupBy datePreset from to surveyIds } } } }`,
      { f: { groupBy: "weekNumber", datePreset: "last30Days" } },
      tokens.admin,
    );
    expect(created.errors).toBeUndefined();
    const bookmark = created.data!.createBookmark.bookmark;
    expect(created.data!.createBookmark.message).toBe("Bookmark saved");
    expect(bookmark.id).toBe(globalId("Bookmark", bookmark.legacyId));
    expect(bookmark.filters).toEqual({ groupBy: "weekNumber", datePreset: "last30Days", from: null, to: null, surveyIds: [] });
    const bad = await gql(t.baseUrl, `mutation { createBookmark(name: "Bad", filters: { from: "2026-02-30" }) { message } }`, {}, tokens.admin);
    expect(bad.errors?.[0]).toMatchObject({ message: "Dates are written yyyy-MM-dd", extensions: { code: "BAD_USER_INPUT" } });
    expect(await t.prisma.bookmark.count({ where: { name: "Bad" } })).toBe(0);

    const listed = await gql(t.baseUrl, "{ bookmarks { id name } }", {}, tokens.admin);
    expect(listed.data!.bookmarks).toContainEqual({ id: bookmark.id, name: "Weekly" });
    const deleted = await gql(t.baseUrl, `mutation { deleteBookmark(id: "${bookmark.id}") { deletedBookmarkId } }`, {}, tokens.admin);
    expect(deleted.data!.deleteBookmark.deletedBookmarkId).toBe(bookmark.id);
    expect((await gql(t.baseUrl, "{ bookmarks { id } }", {}, tokens.admin)).data!.bookmarks).not.toContainEqual({ id: bookmark.id });
  });
});
