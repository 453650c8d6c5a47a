// The GraphQL fields the touchpoint screens read beside the CRUD (which channels.test.ts covers):
// pings (the GraphQL form of GET /pings), the teams a touchpoint may be created in or moved to, and
// editRefusal, which tells the screens to show read-only controls with the server's refusal.
// Every call is also made from another organisation, which must see none of this one's data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql, subscribeWs } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { touchpointMessages } from "../domain/touchpoints/touchpoints.js";
import { findWidgetTouchpoint } from "../domain/touchpoints/widget-touchpoint.js";

describe.skipIf(noDatabase)("touchpoint GraphQL: pings, touchpointUnits, editRefusal", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as { admin: string; editorA: string; viewerA: string; otherAdmin: string };
  let kioskA: string;
  let kioskB: string;
  let foreignKiosk: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Pings");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
    const terminal = async (o: OrganizationFixture, unitId: string, name: string) =>
      (await t.prisma.touchpoint.create({ data: { organizationId: o.organization.id, unitId, name, type: "terminal", lastSeenAt: new Date() } })).id;
    kioskA = await terminal(org, org.units.unitA1.id, "Kiosk A1");
    kioskB = await terminal(org, org.units.unitB.id, "Kiosk B");
    foreignKiosk = await terminal(other, other.units.unitA.id, "Foreign kiosk");
    const now = Date.now();
    const ping = (o: OrganizationFixture, touchpointId: string, minutesAgo: number, battery: number | null) =>
      t.prisma.touchpointPing.create({ data: { organizationId: o.organization.id, touchpointId, at: new Date(now - minutesAgo * 60_000), battery } });
    await ping(org, kioskA, 30, 0.88);
    await ping(org, kioskA, 10, 0.875);
    await ping(org, kioskB, 5, null);
    await ping(org, kioskA, 60 * 30, 0.5); // outside the default 24 hours
    await ping(other, foreignKiosk, 5, 0.1);
  });
  afterAll(async () => t?.close());

  const pingsQuery = `query ($from: DateTime, $to: DateTime) { pings(from: $from, to: $to) {
    from to organizationCount hiddenTouchpointLegacyIds
    series { touchpointLegacyId name unitLegacyId lastSeenAt hidden pings { at battery } } } }`;

  it("answers the pings of the terminals the caller sees, oldest first, for the last 24 hours by default", async () => {
    const asViewer = await gql(t.baseUrl, pingsQuery, {}, tokens.viewerA);
    expect(asViewer.errors).toBeUndefined();
    const p = asViewer.data!.pings;
    expect(p.series.map((s: any) => s.touchpointLegacyId)).toEqual([kioskA]);
    expect(p.series[0].pings.map((x: any) => x.battery)).toEqual([0.88, 0.875]);
    expect(p.series[0].unitLegacyId).toBe(org.units.unitA1.id);
    expect(new Date(p.to).getTime() - new Date(p.from).getTime()).toBe(24 * 3600_000);
    // The organisation's count includes terminals the viewer cannot see (kiosk B), not other organisations'.
    expect(p.organizationCount).toBe(3);
    const asAdmin = (await gql(t.baseUrl, pingsQuery, {}, tokens.admin)).data!.pings;
    expect(asAdmin.series.map((s: any) => s.name)).toEqual(["Kiosk A1", "Kiosk B"]);
    expect(asAdmin.series[1].pings).toEqual([{ at: expect.any(String), battery: null }]);
  });

  it("answers DateTime fields as ISO 8601 strings in UTC, and refuses an argument that is not a date-time", async () => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const p = (await gql(t.baseUrl, pingsQuery, {}, tokens.viewerA)).data!.pings;
    const stored = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: kioskA } });
    expect(p.series[0].lastSeenAt).toMatch(iso);
    expect(p.series[0].lastSeenAt).toBe(stored.lastSeenAt!.toISOString());
    const pings = await t.prisma.touchpointPing.findMany({ where: { touchpointId: kioskA }, orderBy: { at: "asc" } });
    expect(p.series[0].pings.map((x: any) => x.at)).toEqual(pings.slice(1).map((x) => x.at.toISOString()));
    expect(p.from).toMatch(iso);
    expect(p.to).toMatch(iso);
    // An offset in the argument is the same instant in UTC.
    const to = new Date(Date.now() - 3600_000);
    const offset = new Date(to.getTime() + 2 * 3600_000).toISOString().replace("Z", "+02:00");
    expect((await gql(t.baseUrl, pingsQuery, { to: offset }, tokens.viewerA)).data!.pings.to).toBe(to.toISOString());
    const bad = await gql(t.baseUrl, pingsQuery, { from: "yesterday" }, tokens.viewerA);
    expect(bad.data).toBeUndefined();
    expect(bad.errors?.[0]?.message).toMatch(/DateTime cannot represent an invalid date-time-string yesterday/);
  });

  it("honours the range and hidden choices, and refuses a bad range with the domain's message", async () => {
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const wide = (await gql(t.baseUrl, pingsQuery, { from }, tokens.viewerA)).data!.pings;
    expect(wide.series[0].pings).toHaveLength(3);
    await gql(
      t.baseUrl,
      `mutation { setTouchpointVisibility(touchpointId: "${globalId("Touchpoint", kioskA)}", visibility: false) { visibility } }`,
      {},
      tokens.viewerA,
    );
    const hidden = (await gql(t.baseUrl, pingsQuery, {}, tokens.viewerA)).data!.pings;
    expect(hidden.series[0].hidden).toBe(true);
    expect(hidden.hiddenTouchpointLegacyIds).toEqual([kioskA]);
    const bad = await gql(t.baseUrl, pingsQuery, { from: new Date().toISOString(), to: from }, tokens.viewerA);
    expect(bad.errors?.[0]?.message).toBe(touchpointMessages.invalidRange);
    expect(bad.data).toBeNull();
  });

  it("shows another organisation none of these terminals or pings", async () => {
    const p = (await gql(t.baseUrl, pingsQuery, {}, tokens.otherAdmin)).data!.pings;
    expect(p.series.map((s: any) => s.touchpointLegacyId)).toEqual([foreignKiosk]);
    expect(p.organizationCount).toBe(1);
    const units = (await gql(t.baseUrl, "{ touchpointUnits { legacyId } }", {}, tokens.otherAdmin)).data!.touchpointUnits.map((u: any) => u.legacyId);
    expect(units).not.toContain(org.units.unitA.id);
    expect(units).toContain(other.units.root.id);
  });

  it("takes a touchpoint's global id, and refuses another type's id (a survey's) as bad input without reading or changing anything", async () => {
    const q = `query ($id: ID!) { touchpoint(id: $id) { legacyId name lastSeenAt } }`;
    const found = await gql(t.baseUrl, q, { id: globalId("Touchpoint", kioskA) }, tokens.viewerA);
    expect(found.errors).toBeUndefined();
    expect(found.data!.touchpoint).toMatchObject({ legacyId: kioskA, name: "Kiosk A1" });
    const survey = await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA1.id, name: "Not a touchpoint" } });
    // The same 24-hex id under the wrong type name, and a real survey's id: both refused as the wrong type.
    for (const id of [globalId("Survey", kioskA), globalId("Survey", survey.id)]) {
      const wrong = await gql(t.baseUrl, q, { id }, tokens.admin);
      expect(wrong.data).toBeNull();
      expect(wrong.errors?.[0]).toMatchObject({ message: expect.stringMatching(/is not of type: Touchpoint$/), extensions: { code: "BAD_USER_INPUT" } });
    }
    const rename = await gql(
      t.baseUrl,
      `mutation ($id: ID!) { updateTouchpoint(input: { id: $id, name: "Renamed" }) { touchpoint { name } } }`,
      { id: globalId("Survey", kioskA) },
      tokens.admin,
    );
    expect(rename.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const hide = await gql(
      t.baseUrl,
      `mutation ($id: ID!) { setTouchpointVisibility(touchpointId: $id, visibility: false) { visibility } }`,
      { id: globalId("Unit", kioskB) },
      tokens.admin,
    );
    expect(hide.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: kioskA } })).name).toBe("Kiosk A1");
    // The active survey by its global id, and null clears it.
    const assign = `mutation ($id: ID!, $s: ID) { updateTouchpoint(input: { id: $id, activeSurveyId: $s }) { touchpoint { activeSurveyId activeSurveyLegacyId } } }`;
    const set = await gql(t.baseUrl, assign, { id: globalId("Touchpoint", kioskA), s: globalId("Survey", survey.id) }, tokens.admin);
    expect(set.data!.updateTouchpoint.touchpoint).toEqual({ activeSurveyId: globalId("Survey", survey.id), activeSurveyLegacyId: survey.id });
    const cleared = await gql(t.baseUrl, assign, { id: globalId("Touchpoint", kioskA), s: null }, tokens.admin);
    expect(cleared.data!.updateTouchpoint.touchpoint).toEqual({ activeSurveyId: null, activeSurveyLegacyId: null });
    // A touchpoint of type legacyPlugin cannot be created: the one enum lists it, the domain refuses it.
    const legacy = await gql(
      t.baseUrl,
      `mutation { createTouchpoint(input: { name: "Old", type: legacyPlugin }) { touchpoint { legacyId } } }`,
      {},
      tokens.admin,
    );
    expect(legacy.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Type must be one of /), extensions: { code: "BAD_USER_INPUT" } });
    expect(await t.prisma.touchpoint.count({ where: { organizationId: org.organization.id, name: "Old" } })).toBe(0);
  });

  it("lists the teams where the caller may edit touchpoints (sub-teams included)", async () => {
    const names = async (token: string) =>
      (await gql(t.baseUrl, "{ touchpointUnits { legacyId name } }", {}, token)).data!.touchpointUnits.map((u: any) => u.legacyId);
    expect(await names(tokens.viewerA)).toEqual([]);
    expect((await names(tokens.editorA)).sort()).toEqual([org.units.unitA.id, org.units.unitA1.id].sort());
    expect(await names(tokens.admin)).toHaveLength(4);
  });

  it("tells the screens who may edit a touchpoint, with the server's refusal", async () => {
    const q = `{ touchpoints(type: terminal, first: 10) { edges { node { legacyId editRefusal } } } }`;
    const refusals = async (token: string) =>
      Object.fromEntries((await gql(t.baseUrl, q, {}, token)).data!.touchpoints.edges.map((e: any) => [e.node.legacyId, e.node.editRefusal]));
    expect(await refusals(tokens.viewerA)).toEqual({ [kioskA]: touchpointMessages.noEditRight });
    expect(await refusals(tokens.editorA)).toEqual({ [kioskA]: null });
    expect(await refusals(tokens.admin)).toEqual({ [kioskA]: null, [kioskB]: null });
  });

  it("reads a website touchpoint for the public widget settings only when it is live and a website", async () => {
    const site = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Shop", type: "website", settings: { website: { domain: "shop.test" } } },
    });
    expect(await findWidgetTouchpoint(t.prisma, site.id)).toEqual({ id: site.id, activeSurveyId: null, settings: { website: { domain: "shop.test" } } });
    expect(await findWidgetTouchpoint(t.prisma, kioskA)).toBeNull();
    expect(await findWidgetTouchpoint(t.prisma, "not-an-id")).toBeNull();
    await t.prisma.touchpoint.update({ where: { id: site.id }, data: { deleted: true } });
    expect(await findWidgetTouchpoint(t.prisma, site.id)).toBeNull();
  });

  it("touchpoints(search, orderBy): the name or the team's name, case-insensitive, within what the caller sees; sorted as asked", async () => {
    const names = async (token: string, args: string) =>
      ((await gql(t.baseUrl, `{ touchpoints(type: terminal, first: 50, ${args}) { edges { node { name } } } }`, {}, token)).data as any).touchpoints.edges.map(
        (e: { node: { name: string } }) => e.node.name,
      );
    expect(await names(tokens.admin, `search: "  kiosk a1 "`)).toEqual(["Kiosk A1"]);
    // the team's name: kiosk A1 is in "Helsinki store"
    expect(await names(tokens.admin, `search: "HELSINKI"`)).toEqual(["Kiosk A1"]);
    expect(await names(tokens.admin, `search: "kiosk", orderBy: { field: name, direction: desc }`)).toEqual(["Kiosk B", "Kiosk A1"]);
    // the viewer of unit A sees only its own even when the search names the other
    expect(await names(tokens.viewerA, `search: "kiosk b"`)).toEqual([]);
    expect(await names(tokens.otherAdmin, `search: "Kiosk A1"`)).toEqual([]);
    const long = await gql(t.baseUrl, `{ touchpoints(first: 5, search: "${"x".repeat(101)}") { edges { node { name } } } }`, {}, tokens.admin);
    expect(long.errors?.[0]?.message).toBe("Must be at most 100 characters");
  });

  it("touchpointsChanged: a touchpoint created, renamed or deleted elsewhere reaches those who see its unit, and nobody else", async () => {
    const document = "subscription { touchpointsChanged { touchpointLegacyId change } }";
    const viewer = subscribeWs(t.baseUrl, document, tokens.viewerA);
    const foreign = subscribeWs(t.baseUrl, document, tokens.otherAdmin);
    await Promise.all([viewer.connected, foreign.connected]);
    await new Promise((r) => setTimeout(r, 300)); // the subscriptions are set up on the server
    const create = async (name: string, unitId: string) =>
      (
        (
          await gql(
            t.baseUrl,
            `mutation ($input: CreateTouchpointInput!) { createTouchpoint(input: $input) { touchpoint { id legacyId } } }`,
            { input: { name, type: "link", unitId: globalId("Unit", unitId) } },
            tokens.admin,
          )
        ).data as any
      ).createTouchpoint.touchpoint as { id: string; legacyId: string };
    const inB = await create("Live link B", org.units.unitB.id); // not the viewer's unit: no event
    const inA = await create("Live link A", org.units.unitA.id);
    await viewer.waitFor(1);
    const rename = await gql(
      t.baseUrl,
      `mutation { updateTouchpoint(input: { id: "${inA.id}", name: "Live link A2" }) { touchpoint { name } } }`,
      {},
      tokens.admin,
    );
    expect(rename.errors).toBeUndefined();
    await gql(t.baseUrl, `mutation { deleteTouchpoint(id: "${inA.id}") { deletedLegacyId } }`, {}, tokens.admin);
    await viewer.waitFor(3);
    await foreign.waitFor(1, 500);
    await Promise.all([viewer.close(), foreign.close()]);
    expect(viewer.events.map((e) => (e.data as any).touchpointsChanged)).toEqual([
      { touchpointLegacyId: inA.legacyId, change: "created" },
      { touchpointLegacyId: inA.legacyId, change: "updated" },
      { touchpointLegacyId: inA.legacyId, change: "deleted" },
    ]);
    expect(inB.legacyId).not.toBe(inA.legacyId);
    expect(foreign.events).toEqual([]);
  });
});

describe.skipIf(noDatabase)("touchpoint GraphQL: pairing a terminal by UDID", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let editor: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Pairing");
    other = await createOrganizationFixture(t.prisma, "PairingOther");
    editor = (await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword)).accessToken;
    otherAdmin = (await signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  const pair = (id: string, udid: string, token: string) =>
    gql(
      t.baseUrl,
      `mutation ($id: ID!, $udid: String) { updateTouchpoint(input: { id: $id, udid: $udid }) { touchpoint { udid } } }`,
      { id: globalId("Touchpoint", id), udid },
      token,
    );

  it("pairs a terminal with a device's UDID, refuses a malformed or taken one, and changes nothing then", async () => {
    const kiosk = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Pair me", type: "terminal", udid: `u-${Date.now()}` },
    });
    const second = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Second", type: "terminal" },
    });
    const udid = `ipad-${Date.now().toString(36)}`;
    expect((await pair(kiosk.id, udid, editor)).data?.updateTouchpoint.touchpoint.udid).toBe(udid);
    const bad = await pair(second.id, "no spaces allowed", editor);
    expect(bad.errors?.[0]?.message).toBe(touchpointMessages.invalidUdid);
    const taken = await pair(second.id, udid, editor);
    expect(taken.errors?.[0]?.message).toBe(touchpointMessages.udidTaken);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: second.id } })).udid).toBeNull();
    // Another organisation cannot pair (or even find) this organisation's terminal.
    const foreign = await pair(second.id, `x-${Date.now()}`, otherAdmin);
    expect(foreign.errors?.[0]?.message).toBe(touchpointMessages.notFound);
    const link = await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Link", type: "link" } });
    expect((await pair(link.id, "abcd-1234", editor)).errors?.[0]?.message).toBe("Only terminals have a UDID");
  });

  it("a UDID paired in another organisation is 'not found' there, never 'already paired' (no probing of other tenants)", async () => {
    const udid = `shared-${Date.now().toString(36)}`;
    await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Ours", type: "terminal", udid } });
    const theirs = await t.prisma.touchpoint.create({
      data: { organizationId: other.organization.id, unitId: other.units.unitA.id, name: "Theirs", type: "terminal" },
    });
    const probe = await pair(theirs.id, udid, otherAdmin);
    expect(probe.errors?.[0]).toMatchObject({ message: touchpointMessages.udidNotFound, extensions: { code: "NOT_FOUND" } });
    // Nothing changed, and REST answers the same.
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: theirs.id } })).udid).toBeNull();
    const rest = await fetch(`${t.baseUrl}/api/v5/channels/${theirs.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${otherAdmin}`, "content-type": "application/json" },
      body: JSON.stringify({ udid }),
    });
    expect(rest.status).toBe(404);
    expect(await rest.json()).toEqual({ error: touchpointMessages.udidNotFound, field: "udid" });
  });
});
