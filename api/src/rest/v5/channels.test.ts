// Channels (touchpoints) on the real server: list, read, create (terminal extras, UDID, IP address
// validation, feature gating), update (active survey, moving with and without responses, logo),
// soft delete, grouped list, website activations and domains, QR images, pings and device
// visibility, the GraphQL mutations, and the rights: viewers and editors of another unit are refused
// with "User has no rights to edit touchpoint", another organisation's admin sees and changes nothing.
import { apiCall } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { touchpointMessages } from "../../domain/touchpoints/touchpoints.js";
import { noFeatureAccessMessage } from "../../domain/features/features.js";

describe.skipIf(noDatabase)("channels", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};
  let surveyA: string;
  let surveyOther: string;

  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);

  const terminal = async (unitId: string, name = "Kiosk") =>
    t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId, name, type: "terminal", activeSurveyId: surveyA, udid: `t-${Math.random().toString(36).slice(2)}` },
    });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Channels");
    other = await createOrganizationFixture(t.prisma, "Outsider");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
    surveyA = (await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Store survey" } })).id;
    surveyOther = (await t.prisma.survey.create({ data: { organizationId: other.organization.id, unitId: other.units.root.id, name: "Other" } })).id;
  });
  afterAll(async () => t?.close());

  it("creates a terminal with a UDID and default extras; validates the IP address", async () => {
    const bad = await call("POST", "/channels", tokens.editorA, { name: "Kiosk 1", type: "terminal", unitId: org.units.unitA1.id, ipAddress: "300.1.1.1" });
    expect(bad).toMatchObject({ status: 400, body: { error: touchpointMessages.invalidIp, field: "ipAddress" } });
    const created = await call("POST", "/channels", tokens.editorA, {
      name: "Kiosk 1",
      type: "terminal",
      unitId: org.units.unitA1.id,
      ipAddress: "10.0.0.5",
      active_survey: surveyA,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Kiosk 1", type: "terminal", unitId: org.units.unitA1.id, ipAddress: "10.0.0.5", active_survey: surveyA });
    expect(created.body.udid).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body.settings).toMatchObject({ brightness: 80, rebootSchedule: { enabled: false, time: "03:00" }, responseTimeLimit: null });
    expect(created.body.link).toBe(`${t.config.publicUrl}/s/${created.body._id}`);
    const v6 = await call("PUT", `/channels/${created.body._id}`, tokens.editorA, { ipAddress: "fe80::1" });
    expect(v6.body.ipAddress).toBe("fe80::1");
    expect((await call("PUT", `/channels/${created.body._id}`, tokens.editorA, { ipAddress: "not-an-ip" })).body.error).toBe(touchpointMessages.invalidIp);
    // Pairing by the UDID the device shows; a malformed one is refused and changes nothing.
    const paired = await call("PUT", `/channels/${created.body._id}`, tokens.editorA, { udid: "KIOSK-device-0042" });
    expect(paired.body.udid).toBe("KIOSK-device-0042");
    const badUdid = await call("PUT", `/channels/${created.body._id}`, tokens.editorA, { udid: "no spaces allowed" });
    expect(badUdid).toMatchObject({ status: 400, body: { field: "udid" } });
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: created.body._id } })).udid).toBe("KIOSK-device-0042");
    const gqlBad = await gql(
      t.baseUrl,
      `mutation { createTouchpoint(input: { name: "K", type: terminal, ipAddress: "1.2.3" }) { touchpoint { legacyId } } }`,
      {},
      tokens.admin,
    );
    expect(gqlBad.errors?.[0]?.message).toBe(touchpointMessages.invalidIp);
  });

  it("creating needs the channelCreation feature", async () => {
    const featureSet = await t.prisma.featureSet.create({ data: { name: `nochannels-${Date.now()}`, features: ["restApi"] } });
    const previous = org.organization.featureSetId;
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { featureSetId: featureSet.id } });
    try {
      const refused = await call("POST", "/channels", tokens.admin, { name: "Link", type: "link" });
      expect(refused).toMatchObject({ status: 403, body: { error: noFeatureAccessMessage } });
    } finally {
      await t.prisma.organization.update({ where: { id: org.organization.id }, data: { featureSetId: previous } });
    }
  });

  it("lists and reads by rights; viewers read, but cannot edit", async () => {
    const tp = await terminal(org.units.unitA.id, "Listed kiosk");
    const asViewer = await call("GET", "/channels?type=terminal", tokens.viewerA);
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.map((c: any) => c._id)).toContain(tp.id);
    expect((await call("GET", "/channels?type=terminal", tokens.adminB)).body.map((c: any) => c._id)).not.toContain(tp.id);
    expect((await call("GET", `/channels/${tp.id}`, tokens.viewerA)).body.name).toBe("Listed kiosk");
    expect((await call("GET", "/channels?type=bogus", tokens.viewerA)).status).toBe(400);
    for (const [method, body] of [
      ["PUT", { name: "X" }],
      ["POST", { name: "X" }],
    ] as const) {
      expect(await call(method, `/channels/${tp.id}`, tokens.viewerA, body)).toMatchObject({ status: 403, body: { error: touchpointMessages.noEditRight } });
    }
    expect(await call("DELETE", `/channels/${tp.id}`, tokens.viewerA)).toMatchObject({ status: 403, body: { error: touchpointMessages.noEditRight } });
    expect(await call("POST", "/channels", tokens.viewerA, { name: "X", type: "link", unitId: org.units.unitA.id })).toMatchObject({
      status: 403,
      body: { error: touchpointMessages.noEditRight },
    });
    // an admin of another unit (unitB) has no editTouchpoints in unitA
    expect(await call("PUT", `/channels/${tp.id}`, tokens.adminB, { name: "X" })).toMatchObject({
      status: 403,
      body: { error: touchpointMessages.noEditRight },
    });
    expect(await call("POST", "/channels", tokens.adminB, { name: "X", type: "link", unitId: org.units.unitA.id })).toMatchObject({
      status: 403,
      body: { error: touchpointMessages.noEditRight },
    });
    // moving into a unit where the editor has no rights
    expect(await call("PUT", `/channels/${tp.id}`, tokens.editorA, { unitId: org.units.unitB.id })).toMatchObject({
      status: 403,
      body: { error: touchpointMessages.noEditRight },
    });
    const gqlRefused = await gql(
      t.baseUrl,
      `mutation { updateTouchpoint(input: { id: "${globalId("Touchpoint", tp.id)}", name: "X" }) { touchpoint { name } } }`,
      {},
      tokens.viewerA,
    );
    expect(gqlRefused.errors?.[0]?.message).toBe(touchpointMessages.noEditRight);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: tp.id } })).name).toBe("Listed kiosk");
  });

  it("assigns the active survey (same organisation only), updates extras, deletes the logo, soft deletes", async () => {
    const tp = await terminal(org.units.unitA.id);
    await t.prisma.touchpoint.update({ where: { id: tp.id }, data: { logoUrl: "/logo.png", activeSurveyId: null } });
    expect((await call("PUT", `/channels/${tp.id}`, tokens.editorA, { active_survey: surveyOther })).status).toBe(404);
    const saved = await call("POST", `/channels/${tp.id}?deleteLogo=true`, tokens.editorA, { active_survey: surveyA, settings: { brightness: 40 } });
    expect(saved.body).toMatchObject({
      active_survey: surveyA,
      logo: null,
      settings: { brightness: 40, rebootSchedule: { enabled: false } },
      message: "channel saved",
    });
    expect((await call("PUT", `/channels/${tp.id}`, tokens.editorA, { settings: { brightness: 400 } })).status).toBe(400);
    expect(await call("DELETE", `/channels/${tp.id}`, tokens.editorA)).toMatchObject({ status: 200, body: { _id: tp.id, message: "channel deleted" } });
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: tp.id } })).deleted).toBe(true);
    expect((await call("GET", `/channels/${tp.id}`, tokens.editorA)).status).toBe(404);
    expect((await call("GET", "/channels", tokens.editorA)).body.map((c: any) => c._id)).not.toContain(tp.id);
  });

  it("moves to another unit with and without the responses", async () => {
    for (const moveResponses of [true, false]) {
      const tp = await terminal(org.units.unitA.id);
      const r = await t.prisma.response.create({
        data: { organizationId: org.organization.id, surveyId: surveyA, touchpointCode: tp.code, unitCode: org.units.unitA.code },
      });
      const moved = await call("PUT", `/channels/${tp.id}`, tokens.admin, { unitId: org.units.unitB.id, moveResponses });
      expect(moved.body.unitId).toBe(org.units.unitB.id);
      expect((await t.prisma.response.findUniqueOrThrow({ where: { id: r.id } })).unitCode).toBe(moveResponses ? org.units.unitB.code : org.units.unitA.code);
    }
  });

  it("groups by unit; website activations and domains", async () => {
    const site = await call("POST", "/channels", tokens.admin, {
      name: "Shop widget",
      type: "website",
      unitId: org.units.unitB.id,
      active_survey: surveyA,
      website: { domain: "shop.example.com" },
    });
    expect(site.status).toBe(201);
    expect(site.body.website).toMatchObject({ domain: "shop.example.com", sample: 100, displayOptions: { type: "cornerWindow", placement: "bottom-right" } });
    const bySurvey = await call("GET", `/channels?type=website&surveyId=${surveyA}`, tokens.admin);
    expect(bySurvey.body.map((c: any) => c._id)).toEqual([site.body._id]);
    expect((await call("GET", "/website-activations/all", tokens.admin)).body.map((c: any) => c._id)).toContain(site.body._id);
    const grouped = await call("GET", "/channels/grouped-list", tokens.admin);
    expect(grouped.body.find((g: any) => g.unitId === org.units.unitB.id).channels.map((c: any) => c._id)).toContain(site.body._id);
    expect((await call("GET", "/channels/grouped-list", tokens.viewerA)).body.some((g: any) => g.unitId === org.units.unitB.id)).toBe(false);

    expect(await call("POST", "/website-domains", tokens.admin, { domain: "not a domain" })).toMatchObject({
      status: 400,
      body: { error: touchpointMessages.invalidDomain },
    });
    expect((await call("POST", "/website-domains", tokens.admin, { domain: "Shop.Example.com" })).body.domain).toBe("shop.example.com");
    expect((await call("POST", "/website-domains", tokens.admin, { domain: "shop.example.com" })).status).toBe(409);
    expect((await call("POST", "/website-domains", tokens.viewerA, { domain: "viewer.example.com" })).status).toBe(403);
    expect((await call("GET", "/website-domains", tokens.viewerA)).body.map((d: any) => d.domain)).toEqual(["shop.example.com"]);
    // the same domain in another organisation is fine
    expect((await call("POST", "/website-domains", tokens.otherAdmin, { domain: "shop.example.com" })).status).toBe(201);
  });

  it("serves the public address as a QR code in PNG and SVG", async () => {
    const link = await call("POST", "/channels", tokens.admin, { name: "Table QR", type: "qr" });
    const png = await fetch(`${t.baseUrl}/api/v5/channels/${link.body._id}/qr.png`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe('attachment; filename="qr-Table-QR.png"');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const svg = await fetch(`${t.baseUrl}/api/v5/channels/${link.body._id}/qr.svg`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await fetch(`${t.baseUrl}/api/v5/channels/${link.body._id}/qr.png`, { headers: { authorization: `Bearer ${tokens.otherAdmin}` } })).status).toBe(
      404,
    );
  });

  it("pings: series per terminal in the range, the organisation count, hidden touchpoints; device visibility per user", async () => {
    const tp = await terminal(org.units.unitA.id, "Pinging kiosk");
    const now = Date.now();
    await t.prisma.touchpointPing.createMany({
      data: [
        { organizationId: org.organization.id, touchpointId: tp.id, at: new Date(now - 3600_000), battery: 0.9 },
        { organizationId: org.organization.id, touchpointId: tp.id, at: new Date(now - 7200_000), battery: 0.95 },
        { organizationId: org.organization.id, touchpointId: tp.id, at: new Date(now - 3 * 24 * 3600_000) },
      ],
    });
    const pings = await call("GET", "/pings", tokens.viewerA);
    expect(pings.status).toBe(200);
    const series = pings.body.series.find((s: any) => s.touchpointId === tp.id);
    expect(series.pings.map((p: any) => p.battery)).toEqual([0.95, 0.9]);
    expect(pings.body.organizationCount).toBeGreaterThanOrEqual(2);
    const wide = await call("GET", `/pings?from=${new Date(now - 4 * 24 * 3600_000).toISOString()}&to=${new Date(now).toISOString()}`, tokens.viewerA);
    expect(wide.body.series.find((s: any) => s.touchpointId === tp.id).pings).toHaveLength(3);
    expect((await call("GET", "/pings?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", tokens.viewerA)).status).toBe(400);

    expect((await call("POST", "/device-visibility", tokens.viewerA, { touchpointId: tp.id, visibility: false })).body).toEqual({
      touchpointId: tp.id,
      visibility: false,
    });
    expect((await call("GET", "/device-visibility", tokens.viewerA)).body).toEqual([{ touchpointId: tp.id, visibility: false }]);
    expect((await call("GET", "/pings", tokens.viewerA)).body.hiddenTouchpoints).toEqual([tp.id]);
    expect((await call("GET", "/device-visibility", tokens.editorA)).body).toEqual([]);
    const shown = await gql(
      t.baseUrl,
      `mutation { setTouchpointVisibility(touchpointId: "${globalId("Touchpoint", tp.id)}", visibility: true) { visibility } }`,
      {},
      tokens.viewerA,
    );
    expect(shown.data?.setTouchpointVisibility.visibility).toBe(true);
    expect((await call("GET", "/pings", tokens.viewerA)).body.hiddenTouchpoints).toEqual([]);
    expect((await call("POST", "/device-visibility", tokens.adminB, { touchpointId: tp.id, visibility: false })).status).toBe(403);
  });

  it("GraphQL: touchpoints connection, create, update, delete", async () => {
    const created = await gql(
      t.baseUrl,
      `mutation { createTouchpoint(input: { name: "GQL link", type: link, unitId: "${globalId("Unit", org.units.unitA.id)}" }) { touchpoint { id legacyId name type link unitLegacyId } } }`,
      {},
      tokens.editorA,
    );
    const tp = created.data?.createTouchpoint.touchpoint;
    expect(tp).toMatchObject({ name: "GQL link", type: "link", unitLegacyId: org.units.unitA.id });
    expect(tp.link).toBe(`${t.config.publicUrl}/s/${tp.legacyId}`);
    const list = await gql(t.baseUrl, `{ touchpoints(type: link, first: 50) { edges { node { legacyId } } } }`, {}, tokens.viewerA);
    expect(list.data?.touchpoints.edges.map((e: any) => e.node.legacyId)).toContain(tp.legacyId);
    const updated = await gql(
      t.baseUrl,
      `mutation { updateTouchpoint(input: { id: "${tp.id}", name: "Renamed" }) { touchpoint { name } } }`,
      {},
      tokens.editorA,
    );
    expect(updated.data?.updateTouchpoint.touchpoint.name).toBe("Renamed");
    const deleted = await gql(t.baseUrl, `mutation { deleteTouchpoint(id: "${tp.id}") { deletedLegacyId } }`, {}, tokens.editorA);
    expect(deleted.data?.deleteTouchpoint.deletedLegacyId).toBe(tp.legacyId);
  });

  it("an admin of another organisation sees and changes nothing (each call)", async () => {
    const tp = await terminal(org.units.unitA.id, "Private kiosk");
    const o = tokens.otherAdmin;
    expect((await call("GET", "/channels", o)).body.map((c: any) => c._id)).not.toContain(tp.id);
    expect((await call("GET", "/channels/grouped-list", o)).body.flatMap((g: any) => g.channels.map((c: any) => c._id))).not.toContain(tp.id);
    expect((await call("GET", "/website-activations/all", o)).body.map((c: any) => c._id)).not.toContain(tp.id);
    expect((await call("GET", `/channels/${tp.id}`, o)).status).toBe(404);
    expect((await call("PUT", `/channels/${tp.id}`, o, { name: "Hacked" })).status).toBe(404);
    expect((await call("POST", `/channels/${tp.id}`, o, { name: "Hacked" })).status).toBe(404);
    expect((await call("DELETE", `/channels/${tp.id}`, o)).status).toBe(404);
    expect((await call("POST", "/channels", o, { name: "Sneaky", type: "link", unitId: org.units.unitA.id })).status).toBe(404);
    expect((await call("GET", "/website-domains", o)).body.map((d: any) => d.domain)).not.toContain("shop.example.com-org");
    expect((await call("GET", "/pings", o)).body.series.map((s: any) => s.touchpointId)).not.toContain(tp.id);
    expect((await call("POST", "/device-visibility", o, { touchpointId: tp.id, visibility: false })).status).toBe(404);
    expect((await call("GET", `/channels/${tp.id}/qr.svg`, o)).status).toBe(404);
    const g = await gql(
      t.baseUrl,
      `mutation { updateTouchpoint(input: { id: "${globalId("Touchpoint", tp.id)}", name: "Hacked" }) { touchpoint { name } } }`,
      {},
      o,
    );
    expect(g.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const gd = await gql(t.baseUrl, `mutation { deleteTouchpoint(id: "${globalId("Touchpoint", tp.id)}") { deletedLegacyId } }`, {}, o);
    expect(gd.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const after = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: tp.id } });
    expect(after).toMatchObject({ name: "Private kiosk", deleted: false });
    expect(await t.prisma.touchpointVisibility.count({ where: { touchpointId: tp.id } })).toBe(0);
  });
});
