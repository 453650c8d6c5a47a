// GET/PUT /organization, the logo upload and feature gating through the real server; GraphQL's
// updateOrganizationSettings; no organisation reaches another's settings or logo.
import { apiFetch } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const svg = Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`);

describe.skipIf(noDatabase)("REST /api/v5/organization", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let adminToken: string;
  let editorToken: string;
  let unitAdminToken: string;
  let otherAdminToken: string;

  const call = (method: string, path: string, token?: string, body?: unknown) => apiFetch(t.baseUrl, method, path, token, body);
  const upload = (token: string, data: Buffer, filename: string, type: string) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(data)], { type }), filename);
    return fetch(`${t.baseUrl}/api/v5/organization/logo`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Rival");
    for (const o of [org, other]) {
      await t.prisma.featureSet.update({
        where: { id: o.organization.featureSetId },
        data: { features: { push: ["organizationLogo", "surveyAppearance"] } },
      });
    }
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    adminToken = await signIn(org.users.admin.email);
    editorToken = await signIn(org.users.editorA.email);
    unitAdminToken = await signIn(org.users.adminB.email);
    otherAdminToken = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("GET answers the own organisation with the defaults (satisfaction scale disabled, 1 to 5)", async () => {
    const response = await call("GET", "/organization", editorToken);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      _id: org.organization.id,
      name: org.organization.name,
      privacyPolicy: null,
      satisfactionScale: { enabled: false, min: 1, max: 5 },
      surveyAppearance: { primaryColor: "#2563eb", backgroundColor: "#ffffff", textColor: "#1f2937", font: "system", buttonStyle: "rounded" },
      logo: null,
    });
    expect(JSON.stringify(body)).not.toContain(other.organization.id);
  });

  it("PUT by an organisation admin changes the settings and answers the spec's message", async () => {
    const response = await call("PUT", "/organization", adminToken, {
      name: "Acme Oy",
      privacyPolicy: "We keep answers for two years.",
      satisfactionScale: { enabled: true, min: 0, max: 10 },
      surveyAppearance: { primaryColor: "#AA0000", backgroundColor: "#ffffff", textColor: "#111111", font: "serif", buttonStyle: "pill" },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe("organization details updated");
    expect(body).toMatchObject({
      name: "Acme Oy",
      privacyPolicy: "We keep answers for two years.",
      satisfactionScale: { enabled: true, min: 0, max: 10 },
      surveyAppearance: { primaryColor: "#aa0000", font: "serif", buttonStyle: "pill" },
    });
    // The current user carries the scale (dashSettings.smileyScale).
    const user = await (await call("GET", "/user", editorToken)).json();
    expect(user.resources.dashSettings.smileyScale).toEqual({ enabled: true, min: 0, max: 10 });
    // The other organisation is untouched.
    const rival = await (await call("GET", "/organization", otherAdminToken)).json();
    expect(rival).toMatchObject({ name: other.organization.name, privacyPolicy: null, satisfactionScale: { enabled: false, min: 1, max: 5 } });
  });

  it("PUT sets the organisation's time zone (IANA), used by scheduled launches; an unknown zone changes nothing", async () => {
    expect((await (await call("GET", "/organization", editorToken)).json()).timeZone).toBe("Europe/Helsinki");
    const bad = await call("PUT", "/organization", adminToken, { timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Unknown time zone: Mars/Olympus. Use an IANA name such as Europe/Helsinki");
    const response = await call("PUT", "/organization", adminToken, { timeZone: "America/New_York" });
    expect(response.status).toBe(200);
    expect((await response.json()).timeZone).toBe("America/New_York");
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).timeZone).toBe("America/New_York");
    expect((await call("PUT", "/organization", editorToken, { timeZone: "Europe/Paris" })).status).toBe(403);
    await call("PUT", "/organization", adminToken, { timeZone: "Europe/Helsinki" });
  });

  it("PUT by anyone but an organisation admin is refused and changes nothing", async () => {
    const before = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } });
    for (const token of [editorToken, unitAdminToken]) {
      const response = await call("PUT", "/organization", token, { name: "Hijacked" });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Only organisation admins can change the organisation's settings" });
    }
    // _id is ignored: an admin of another organisation changes only their own.
    const foreign = await call("PUT", "/organization", otherAdminToken, { _id: org.organization.id, privacyPolicy: "mine" });
    expect((await foreign.json())._id).toBe(other.organization.id);
    const after = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } });
    expect(after.name).toBe(before.name);
    expect(after.privacyPolicy).toBe(before.privacyPolicy);
  });

  it.each([
    [{ satisfactionScale: { enabled: true, min: 5, max: 5 } }, "The minimum must be smaller than the maximum", "satisfactionScale.min"],
    [{ satisfactionScale: { enabled: true, min: 7, max: 3 } }, "The minimum must be smaller than the maximum", "satisfactionScale.min"],
    [{ satisfactionScale: { enabled: true, min: 1.5, max: 5 } }, "Scale values are whole numbers from 0 to 10", "satisfactionScale.min"],
    [{ satisfactionScale: { enabled: true, min: 1, max: 11 } }, "Scale values are whole numbers from 0 to 10", "satisfactionScale.max"],
    [{ name: "   " }, "The organisation name is required", "name"],
    [
      { surveyAppearance: { primaryColor: "red", backgroundColor: "#ffffff", textColor: "#000000", font: "system", buttonStyle: "square" } },
      "Colours are hex codes such as #1a2b3c",
      "surveyAppearance.primaryColor",
    ],
    [
      { surveyAppearance: { primaryColor: "#000000", backgroundColor: "#ffffff", textColor: "#eeeeee", font: "system", buttonStyle: "square" } },
      "The text and background colours need a contrast ratio of at least 4.5:1",
      "surveyAppearance.textColor",
    ],
    [{ privacyPolicy: "x".repeat(10_001) }, "Must be at most 10000 characters", "privacyPolicy"],
  ])("refuses %j with a clear message and changes nothing", async (body, error, field) => {
    const before = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } });
    const response = await call("PUT", "/organization", adminToken, { name: "Changed too", ...body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, field });
    const after = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } });
    expect(after).toEqual(before);
  });

  it("survey appearance needs the plan's feature: the spec's no-access message", async () => {
    const poor = await createOrganizationFixture(t.prisma, "Poor");
    const token = (await signInWithPassword(t.baseUrl, poor.users.admin.email, testPassword)).accessToken;
    const response = await call("PUT", "/organization", token, {
      name: "Poor Renamed",
      surveyAppearance: { primaryColor: "#00aa00", backgroundColor: "#ffffff", textColor: "#000000", font: "rounded", buttonStyle: "square" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "No access to the feature: upgrade or contact support" });
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: poor.organization.id } })).name).toBe(poor.organization.name);
    // The rest of the settings need no feature; the logo does.
    expect((await call("PUT", "/organization", token, { satisfactionScale: { enabled: true, min: 1, max: 5 } })).status).toBe(200);
    const logo = await upload(token, png, "logo.png", "image/png");
    expect(logo.status).toBe(403);
    expect(await t.prisma.organizationLogo.count({ where: { organizationId: poor.organization.id } })).toBe(0);
  });

  it("uploads a PNG logo, serves it to members only of that organisation, and deletes it", async () => {
    const response = await upload(adminToken, png, "logo.png", "image/png");
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", contentType: "image/png", size: png.length, message: "saved" });

    const served = await fetch(`${t.baseUrl}${body.url}`, { headers: { authorization: `Bearer ${editorToken}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${t.baseUrl}/api/v5/organization/logo`)).status).toBe(401);
    // Another organisation's member gets their own organisation's logo (none), never this one.
    expect((await call("GET", "/organization/logo", otherAdminToken)).status).toBe(404);
    expect((await call("DELETE", "/organization/logo", otherAdminToken)).status).toBe(404);
    const settings = await (await call("GET", "/organization", editorToken)).json();
    expect(settings.logo.contentType).toBe("image/png");

    // Only organisation admins change it.
    expect((await upload(editorToken, png, "logo.png", "image/png")).status).toBe(403);
    expect((await call("DELETE", "/organization/logo", editorToken)).status).toBe(403);

    const replaced = await upload(adminToken, svg, "logo.svg", "image/svg+xml");
    expect((await replaced.json()).contentType).toBe("image/svg+xml");
    const svgServed = await call("GET", "/organization/logo", editorToken);
    expect(svgServed.headers.get("content-security-policy")).toContain("sandbox");
    // Stored and served sanitised; a row stored before the sanitiser (or by hand) is sanitised when served.
    expect((await svgServed.text()).startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    await t.prisma.organizationLogo.update({
      where: { organizationId: org.organization.id },
      data: {
        data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><set attributeName="onclick" to="alert(2)"/><rect width="1"/></svg>`),
      },
    });
    const legacy = await (await call("GET", "/organization/logo", editorToken)).text();
    expect(legacy).toContain("<rect");
    expect(legacy).not.toMatch(/onload|<set|alert/);

    const deleted = await call("DELETE", "/organization/logo", adminToken);
    expect(await deleted.json()).toEqual({ status: "ok", message: "deleted" });
    expect((await call("GET", "/organization/logo", editorToken)).status).toBe(404);
  });

  it.each([
    ["a text file named .png", Buffer.from("just text, not an image"), "logo.png", "image/png", 400, "The logo must be a PNG, JPEG, SVG or WebP image"],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00"), "logo.gif", "image/gif", 400, "The logo must be a PNG, JPEG, SVG or WebP image"],
    ["a PNG over 1 MB", Buffer.concat([png, Buffer.alloc(1_048_576)]), "big.png", "image/png", 400, "The logo must be at most 1 MB"],
    [
      "an SVG with a script",
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
      "x.svg",
      "image/svg+xml",
      400,
      "The SVG image contains scripts or links to other content, which logos may not have",
    ],
    [
      "an SVG with onload after a slash",
      Buffer.from(`<svg/onload=alert(1)>`),
      "x.svg",
      "image/svg+xml",
      400,
      "The SVG image contains scripts or links to other content, which logos may not have",
    ],
    [
      "an SVG with <set>",
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><rect><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`),
      "x.svg",
      "image/svg+xml",
      400,
      "The SVG image contains scripts or links to other content, which logos may not have",
    ],
    [
      "an SVG with <animate href>",
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><a id="x"><animate href="#x" attributeName="href" values="javascript:alert(1)"/></a></svg>`),
      "x.svg",
      "image/svg+xml",
      400,
      "The SVG image contains scripts or links to other content, which logos may not have",
    ],
    ["an empty file", Buffer.alloc(0), "empty.png", "image/png", 400, "Choose an image file to upload"],
  ])("refuses %s and stores nothing", async (_label, data, filename, type, status, error) => {
    const response = await upload(otherAdminToken, data, filename, type);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toBe(error);
    expect(await t.prisma.organizationLogo.count({ where: { organizationId: other.organization.id } })).toBe(0);
  });

  it("refuses a logo sent as JSON", async () => {
    const response = await call("POST", "/organization/logo", otherAdminToken, { file: "data" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Choose an image file to upload");
  });

  it("GraphQL: members read their current organisation's settings; updateOrganizationSettings validates like REST", async () => {
    const read = await gql(
      t.baseUrl,
      `{ viewer { currentOrganization { privacyPolicy satisfactionScale { enabled min max } surveyAppearance { font buttonStyle } logo { url } } } }`,
      {},
      editorToken,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.viewer.currentOrganization.privacyPolicy).toBe("We keep answers for two years.");
    const bad = await gql(
      t.baseUrl,
      `mutation { updateOrganizationSettings(input: { satisfactionScale: { enabled: true, min: 4, max: 2 } }) { organization { name } } }`,
      {},
      adminToken,
    );
    expect(bad.errors?.[0]).toMatchObject({
      message: "The minimum must be smaller than the maximum",
      extensions: { code: "BAD_USER_INPUT", field: "satisfactionScale.min" },
    });
    const ok = await gql(t.baseUrl, `mutation { updateOrganizationSettings(input: { privacyPolicy: "" }) { organization { privacyPolicy } } }`, {}, adminToken);
    expect(ok.data!.updateOrganizationSettings.organization.privacyPolicy).toBeNull();
  });
});
