// A terminal's custom logo (spec 001 §3): set by upload (REST multipart POST /channels/{id}/logo,
// GraphQL setTouchpointLogo), checked as the organisation's logo is, served to the kiosk without
// sign-in at /r/{id}/logo and named in the respondent survey instead of the organisation's logo;
// PUT /channels/{id}?deleteLogo=true removes it. And the channel JSON's deletedContacts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { apiCall } from "../../test/rest-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { touchpointMessages } from "../../domain/touchpoints/touchpoints.js";
import { terminalLogoMessages } from "../../domain/touchpoints/terminal-logo.js";
import { logoMessages } from "../../domain/organization/logo.js";
import { noFeatureAccessMessage } from "../../domain/features/features.js";

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`);

describe.skipIf(noDatabase)("a terminal's custom logo", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as { admin: string; editorA: string; viewerA: string; otherAdmin: string };
  let surveyId: string;

  const upload = (token: string, id: string, data: Buffer, type = "image/png") => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(data)], { type }), "logo");
    return fetch(`${t.baseUrl}/api/v5/channels/${id}/logo`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const touchpoint = async (type: "terminal" | "link", name: string, o: OrganizationFixture = org) =>
    (
      await t.prisma.touchpoint.create({
        data: {
          organizationId: o.organization.id,
          unitId: o === org ? org.units.unitA.id : o.units.unitA.id,
          name,
          type,
          activeSurveyId: o === org ? surveyId : null,
        },
      })
    ).id;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Logos");
    other = await createOrganizationFixture(t.prisma, "NoLogos");
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["organizationLogo"] } } });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
    surveyId = (await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Kiosk survey" } })).id;
    await t.prisma.question.create({ data: { organizationId: org.organization.id, surveyId, position: 0, type: "nps", title: { en: "NPS" } } });
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { logoUrl: "/api/v5/organization/logo?v=1" } });
  });
  afterAll(async () => t?.close());

  it("sets it by upload; the kiosk gets it without sign-in and in place of the organisation's logo; deleteLogo removes it", async () => {
    const id = (await touchpoint("terminal", "Lobby kiosk"))!;
    const before = await (await fetch(`${t.baseUrl}/r/${id}/survey`)).json();
    expect(before.survey.logoUrl).toBe("/api/v5/organization/logo?v=1");
    expect((await fetch(`${t.baseUrl}/r/${id}/logo`)).status).toBe(404);

    const response = await upload(tokens.editorA, id, png);
    expect(response.status).toBe(200);
    const channel = await response.json();
    expect(channel.logo).toMatch(new RegExp(`^/r/${id}/logo\\?v=\\d+$`));
    const served = await fetch(`${t.baseUrl}${channel.logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // The respondent definition is cached for up to 5 s; then the kiosk's survey names the terminal's logo.
    const kioskLogo = async () => ((await (await fetch(`${t.baseUrl}/r/${id}/survey`)).json()) as { survey: { logoUrl: string } }).survey.logoUrl;
    await expect.poll(kioskLogo, { timeout: 8000, interval: 250 }).toBe(channel.logo);

    // GraphQL replaces it (base64); the address changes with it.
    const set = await gql(
      t.baseUrl,
      `mutation($id: ID!, $file: String!) { setTouchpointLogo(id: $id, fileBase64: $file) { touchpoint { logoUrl } } }`,
      { id: globalId("Touchpoint", id), file: svg.toString("base64") },
      tokens.admin,
    );
    expect(set.errors).toBeUndefined();
    const svgUrl = set.data!.setTouchpointLogo.touchpoint.logoUrl as string;
    const svgServed = await fetch(`${t.baseUrl}${svgUrl}`);
    expect(svgServed.headers.get("content-type")).toBe("image/svg+xml");
    expect(svgServed.headers.get("content-security-policy")).toContain("sandbox");

    const removed = await apiCall(t.baseUrl, "PUT", `/channels/${id}?deleteLogo=true`, tokens.editorA, {});
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await fetch(`${t.baseUrl}/r/${id}/logo`)).status).toBe(404);
    expect(await t.prisma.touchpointLogo.count({ where: { touchpointId: id } })).toBe(0);
    await expect.poll(kioskLogo, { timeout: 8000, interval: 250 }).toBe("/api/v5/organization/logo?v=1");
  });

  it("refuses bad files, other types, missing rights and plans without the logo feature, changing nothing", async () => {
    const id = (await touchpoint("terminal", "Checked kiosk"))!;
    const unsafe = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`);
    const refusals: [string, Response, number, string][] = [
      ["not an image", await upload(tokens.admin, id, Buffer.from("plain text"), "text/plain"), 400, logoMessages.wrongType],
      ["an SVG with a script", await upload(tokens.admin, id, unsafe, "image/svg+xml"), 400, logoMessages.unsafeSvg],
      ["too large", await upload(tokens.admin, id, Buffer.concat([png, Buffer.alloc(1_048_577)])), 400, logoMessages.tooLarge],
      ["a link, not a terminal", await upload(tokens.admin, (await touchpoint("link", "Link"))!, png), 400, terminalLogoMessages.onlyTerminals],
      ["a viewer", await upload(tokens.viewerA, id, png), 403, touchpointMessages.noEditRight],
      ["another organisation", await upload(tokens.otherAdmin, id, png), 404, touchpointMessages.notFound],
    ];
    for (const [what, response, status, error] of refusals) {
      expect({ what, status: response.status, error: ((await response.json()) as { error: string }).error }).toEqual({ what, status, error });
    }
    const own = (await touchpoint("terminal", "Their kiosk", other))!;
    const noFeature = await upload(tokens.otherAdmin, own, png);
    expect(noFeature.status).toBe(403);
    expect(((await noFeature.json()) as { error: string }).error).toBe(noFeatureAccessMessage);
    expect(await t.prisma.touchpointLogo.count({ where: { touchpointId: { in: [id, own] } } })).toBe(0);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).logoUrl).toBeNull();
  });

  it("a contact-list channel carries how many contacts were removed from its list; other types carry null", async () => {
    const campaign = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Newsletter", type: "emailContactList" },
    });
    await t.prisma.contactList.create({
      data: { organizationId: org.organization.id, touchpointId: campaign.id, name: "Customers", channel: "email", deletedContacts: 7 },
    });
    const kiosk = (await touchpoint("terminal", "Plain kiosk"))!;
    expect((await apiCall(t.baseUrl, "GET", `/channels/${campaign.id}`, tokens.viewerA)).body.deletedContacts).toBe(7);
    expect((await apiCall(t.baseUrl, "GET", `/channels/${kiosk}`, tokens.viewerA)).body.deletedContacts).toBeNull();
    const listed = (await apiCall(t.baseUrl, "GET", "/channels?type=emailContactList", tokens.viewerA)).body as { _id: string; deletedContacts: number }[];
    expect(listed.find((c) => c._id === campaign.id)?.deletedContacts).toBe(7);
    const q = await gql(t.baseUrl, `query($id: ID!) { touchpoint(id: $id) { deletedContacts } }`, { id: globalId("Touchpoint", campaign.id) }, tokens.viewerA);
    expect(q.data!.touchpoint.deletedContacts).toBe(7);
  });
});
