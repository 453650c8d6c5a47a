// Contact lists over REST (spec 001 §7 "Channels and contacts", §5 contact upload, §8): lists are
// channels of type emailContactList / smsContactList, POST /contacts, the multipart upload
// POST /contacts/upload/{listId} with its per-line report, contact pages, the block list; and the
// refusals: another organisation's list, a viewer, a file that is not CSV/XLSX, a 50 MB file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { blockAddress } from "../../domain/campaigns/block-list/index.js";
import { contactFileMessages } from "../../domain/campaigns/contacts/file.js";
import { noFeatureAccessMessage } from "../../domain/features/features.js";

describe.skipIf(noDatabase)("contact lists over REST", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as { admin: string; editorA: string; viewerA: string; adminB: string; otherAdmin: string };
  let listId = "";
  let channelId = "";

  const upload = async (token: string, id: string, data: Buffer | string, fileName: string) => {
    const form = new FormData();
    form.set("file", new Blob([typeof data === "string" ? data : new Uint8Array(data)]), fileName);
    const res = await fetch(`${t.baseUrl}/api/v5/contacts/upload/${id}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  const count = (id: string) => t.prisma.contact.count({ where: { contactListId: id } });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "RestContacts");
    other = await createOrganizationFixture(t.prisma, "OtherContacts");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("creates an email list as a channel; GET /channels lists it with its list", async () => {
    const created = await apiCall(t.baseUrl, "POST", "/channels", tokens.editorA, { name: "Newsletter", type: "emailContactList", unitId: org.units.unitA.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: "emailContactList", deletedContacts: 0, contactList: { channel: "email", contactCount: 0, variableNames: [] } });
    channelId = created.body._id;
    listId = created.body.contactList._id;
    const listed = await apiCall(t.baseUrl, "GET", "/channels?type=emailContactList", tokens.viewerA);
    expect(listed.body.map((c: { _id: string }) => c._id)).toContain(channelId);
    // SMS lists need the plan's smsMessages feature
    const sms = await apiCall(t.baseUrl, "POST", "/channels", tokens.editorA, { name: "Texts", type: "smsContactList", unitId: org.units.unitA.id });
    expect(sms).toMatchObject({ status: 403, body: { error: noFeatureAccessMessage } });
  });

  it("uploads a CSV with bad lines and answers the per-line report", async () => {
    const csv = "\uFEFFemail;name\nanna@example.com;Anna\nbad-address;Bad\n;Empty\nanna@example.com;Twice\nbo@example.com;Bo\n";
    const r = await upload(tokens.editorA, listId, csv, "customers.csv");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 2, skipped: 2, duplicates: 1, emailsSuppressed: 0, message: "contacts saved", variableNames: ["name"] });
    expect(r.body.errors.map((e: { message: string }) => e.message)).toEqual([
      "invalid email on line 3",
      "missing required field on line 4",
      "duplicate value on line 5",
    ]);
    const page = await apiCall(t.baseUrl, "GET", `/contact-lists/${listId}/contacts?page=1&pageSize=1`, tokens.viewerA);
    expect(page.body).toMatchObject({ page: 1, totalPages: 2, totalCount: 2, data: [{ email: "bo@example.com", variables: { name: "Bo" } }] });
  });

  it("POST /contacts saves JSON contacts and leaves blocked addresses out (emailsSuppressed)", async () => {
    await blockAddress(t.prisma, org.organization.id, "gone@example.com");
    const r = await apiCall(t.baseUrl, "POST", "/contacts", tokens.editorA, {
      listId,
      contacts: [{ email: "Gone@Example.com" }, { email: "cid@example.com", variables: { name: "Cid" } }, { email: "nope" }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: 1, emailsSuppressed: 1, skipped: 1, message: "contacts saved" });
    expect(r.body.errors).toEqual([{ line: 3, message: "invalid email on line 3", kind: "invalidEmail" }]);
  });

  it("refuses files that are not CSV or XLSX, a missing header and a 50 MB file, storing nothing", async () => {
    const before = await count(listId);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), Buffer.alloc(64, 7)]);
    expect(await upload(tokens.editorA, listId, png, "contacts.csv")).toEqual({
      status: 400,
      body: { error: contactFileMessages.notCsvOrXlsx, field: "file" },
    });
    expect((await upload(tokens.editorA, listId, "email\nx@example.com\n", "contacts.pdf")).status).toBe(400);
    expect((await upload(tokens.editorA, listId, "name\nAnna\n", "contacts.csv")).body.error).toBe(
      "missing required header: an email list needs an email column",
    );
    const fifty = Buffer.alloc(50 * 1000 * 1000, "a@example.com\n");
    fifty.write("email\n", 0);
    const big = await upload(tokens.editorA, listId, fifty, "big.csv");
    expect(big).toEqual({ status: 413, body: { error: contactFileMessages.tooLarge(40 * 1024 * 1024), field: "file" } });
    expect(await count(listId)).toBe(before);
  }, 60_000);

  it("refuses another organisation's list (404), a viewer (403) and another team's admin (404)", async () => {
    expect((await upload(tokens.otherAdmin, listId, "email\nx@example.com\n", "x.csv")).status).toBe(404);
    expect((await apiCall(t.baseUrl, "POST", "/contacts", tokens.otherAdmin, { listId, contacts: [{ email: "x@example.com" }] })).status).toBe(404);
    expect((await apiCall(t.baseUrl, "GET", `/contact-lists/${listId}/contacts`, tokens.otherAdmin)).status).toBe(404);
    expect((await apiCall(t.baseUrl, "POST", "/contacts", tokens.viewerA, { listId, contacts: [{ email: "x@example.com" }] })).status).toBe(403);
    expect((await apiCall(t.baseUrl, "POST", "/contacts", tokens.adminB, { listId, contacts: [{ email: "x@example.com" }] })).status).toBe(404);
    expect(await t.prisma.contact.count({ where: { contactListId: listId, email: "x@example.com" } })).toBe(0);
  });

  it("renames the list and deletes contacts (deletedContacts)", async () => {
    const renamed = await apiCall(t.baseUrl, "PUT", `/contact-lists/${listId}`, tokens.editorA, { name: "Renamed", variableNames: ["name", "city"] });
    expect(renamed.body).toMatchObject({ name: "Renamed", variableNames: ["name", "city"], message: "channel saved" });
    const ids = (await apiCall(t.baseUrl, "GET", `/contact-lists/${listId}/contacts`, tokens.editorA)).body.data.map((c: { _id: string }) => c._id);
    const del = await apiCall(t.baseUrl, "POST", `/contact-lists/${listId}/contacts/delete`, tokens.editorA, { ids: ids.slice(0, 2) });
    expect(del.body).toEqual({ deleted: 2, message: "deleted" });
    expect((await apiCall(t.baseUrl, "GET", `/channels/${channelId}`, tokens.editorA)).body).toMatchObject({ name: "Renamed", deletedContacts: 2 });
  });

  it("lists the block list for contact managers and lets organisation admins remove an address", async () => {
    await blockAddress(t.prisma, other.organization.id, "foreign@example.com");
    const listed = await apiCall(t.baseUrl, "GET", "/contacts/blocklist", tokens.editorA);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((b: { _id: string }) => b._id)).toEqual(["gone@example.com"]);
    expect((await apiCall(t.baseUrl, "GET", "/contacts/blocklist", tokens.viewerA)).status).toBe(403);
    expect((await apiCall(t.baseUrl, "DELETE", "/contacts/blocklist/email/gone%40example.com", tokens.editorA)).status).toBe(403);
    expect((await apiCall(t.baseUrl, "DELETE", "/contacts/blocklist/email/foreign%40example.com", tokens.admin)).status).toBe(404);
    const removed = await apiCall(t.baseUrl, "DELETE", "/contacts/blocklist/email/Gone%40Example.com", tokens.admin);
    expect(removed).toEqual({ status: 200, body: { _id: "gone@example.com", message: "removed from suppression list" } });
    expect(await t.prisma.blockedContact.count({ where: { organizationId: other.organization.id } })).toBe(1);
  });
});
