// Message records through the real server: GET /message-records/headers pages them (page from 1,
// totalPages, the load-more rule), only of the campaign touchpoints in units where the caller views
// results; another organisation's records and touchpoints are invisible (not found). GraphQL's
// campaignTouchpoints counts the statuses per touchpoint and per launch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createCampaignFixture, type CampaignFixture } from "../../test/campaign.js";
import { messageRecordPageSize } from "../../domain/campaigns/sending/records.js";

describe.skipIf(noDatabase)("message records", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let campaign: CampaignFixture;
  let foreign: CampaignFixture;
  const tokens: Record<"admin" | "viewerA" | "adminB" | "otherAdmin", string> = {} as never;
  const call = (path: string, token?: string) => apiCall(t.baseUrl, "GET", path, token);
  const total = messageRecordPageSize + 7;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Records");
    other = await createOrganizationFixture(t.prisma, "RecordsOther");
    campaign = await createCampaignFixture(
      t.prisma,
      { organizationId: org.organization.id, unitId: org.units.unitA.id },
      { channel: "email", contacts: total },
    );
    foreign = await createCampaignFixture(t.prisma, { organizationId: other.organization.id, unitId: other.units.unitA.id }, { channel: "email", contacts: 3 });
    const contacts = await t.prisma.contact.findMany({ where: { contactListId: campaign.list.id }, orderBy: { id: "asc" } });
    const statuses = ["DELIVERED", "OPENED", "CLICKED", "RESPONDED", "ERROR", "UNKNOWN", "PENDING"] as const;
    await t.prisma.messageRecord.createMany({
      data: contacts.map((c, i) => ({
        organizationId: org.organization.id,
        launchId: campaign.launch.id,
        touchpointId: campaign.touchpoint.id,
        contactId: c.id,
        channel: "email" as const,
        recipient: c.email!,
        deliveryStatus: statuses[i % statuses.length],
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    });
    await t.prisma.messageRecord.create({
      data: {
        organizationId: other.organization.id,
        launchId: foreign.launch.id,
        touchpointId: foreign.touchpoint.id,
        channel: "email",
        recipient: "secret@example.test",
      },
    });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("pages the records newest first until page equals totalPages", async () => {
    const first = await call("/message-records/headers?type=email&page=1", tokens.viewerA);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, totalPages: 2 });
    expect(first.body.data).toHaveLength(messageRecordPageSize);
    expect(first.body.data[0]).toMatchObject({ channel: "email", touchpointId: campaign.touchpoint.id, launchId: campaign.launch.id });
    const times = first.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await call("/message-records/headers?type=email&page=2", tokens.viewerA);
    expect(second.body).toMatchObject({ page: 2, totalPages: 2 });
    expect(second.body.data).toHaveLength(7);
    const ids = new Set([...first.body.data, ...second.body.data].map((r: { _id: string }) => r._id));
    expect(ids.size).toBe(total);
    // Without a page: the first; beyond the last: empty.
    expect((await call("/message-records/headers?type=email", tokens.viewerA)).body.page).toBe(1);
    expect((await call("/message-records/headers?type=email&page=3", tokens.viewerA)).body.data).toEqual([]);
    expect((await call("/message-records/headers?type=sms&page=1", tokens.viewerA)).body).toEqual({ page: 1, totalPages: 0, data: [] });
  });

  it("refuses bad input and shows nothing of another organisation or of units without the right", async () => {
    expect((await call("/message-records/headers?type=fax&page=1", tokens.admin)).body).toEqual({ error: "type is email or sms", field: "type" });
    expect((await call("/message-records/headers?type=email&page=0", tokens.admin)).status).toBe(400);
    expect((await call("/message-records/headers?type=email&page=1")).status).toBe(401);
    const otherView = await call("/message-records/headers?type=email&page=1", tokens.otherAdmin);
    expect(otherView.body.data.map((r: { recipient: string }) => r.recipient)).toEqual(["secret@example.test"]);
    // The admin of unit B does not view results of unit A's campaign.
    expect((await call("/message-records/headers?type=email&page=1", tokens.adminB)).body).toMatchObject({ totalPages: 0, data: [] });
    // Another organisation's touchpoint by id: not found.
    expect((await call(`/message-records/headers?type=email&touchpointId=${foreign.touchpoint.id}`, tokens.admin)).status).toBe(404);
  });

  it("counts the delivery statuses per campaign touchpoint and launch (GraphQL)", async () => {
    const result = await gql(
      t.baseUrl,
      `{ campaignTouchpoints(channel: email) { id name statusCounts { status count } launches { launchId statusCounts { status count } } } }`,
      {},
      tokens.viewerA,
    );
    expect(result.errors).toBeUndefined();
    const mine = result.data!.campaignTouchpoints.find((c: { id: string }) => c.id === globalId("Touchpoint", campaign.touchpoint.id));
    const counts = Object.fromEntries(mine.statusCounts.map((s: { status: string; count: number }) => [s.status, s.count]));
    expect(counts).toEqual({ PENDING: 8, DELIVERED: 9, OPENED: 8, CLICKED: 8, RESPONDED: 8, ERROR: 8, UNKNOWN: 8 });
    expect(mine.launches).toHaveLength(1);
    expect(mine.launches[0].launchId).toBe(campaign.launch.id);
    const page = await gql(
      t.baseUrl,
      `query ($tp: ID) { messageRecords(channel: email, touchpointId: $tp, page: 2) { page totalPages total records { recipient deliveryStatus } } }`,
      { tp: globalId("Touchpoint", campaign.touchpoint.id) },
      tokens.viewerA,
    );
    expect(page.data!.messageRecords).toMatchObject({ page: 2, totalPages: 2, total });
    const foreignPage = await gql(
      t.baseUrl,
      `query ($tp: ID) { messageRecords(channel: email, touchpointId: $tp) { total } }`,
      { tp: globalId("Touchpoint", foreign.touchpoint.id) },
      tokens.admin,
    );
    expect(foreignPage.data?.messageRecords ?? null).toBeNull();
    expect(foreignPage.errors?.[0]?.message).toBe("Touchpoint not found");
  });
});
