// Typed touchpoint settings on the real server: a terminal's extras (TerminalSettingsInput) and a
// website's activation (WebsiteActivationInput) are validated by the domain's rules and read back
// typed, with their defaults (TerminalSettings, WebsiteActivation), in the shape the widget reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { touchpointMessages } from "../domain/touchpoints/touchpoints.js";

describe.skipIf(noDatabase)("typed touchpoint settings", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let admin: string;
  const terminalFields = `settings { brightness rebootSchedule { enabled time } responseTimeLimit { hours expiresAt } metadata configuration privacyPolicy appearance }`;
  const websiteFields = `website { domain state { active activeTime { from to } } displayOptions { type placement } sample
    pages { whitelist { host url } blacklist { host url } } cookies { mode values { name value } } recurrence { declined responded } }`;
  const create = (input: Record<string, unknown>) =>
    gql(
      t.baseUrl,
      `mutation ($input: CreateTouchpointInput!) { createTouchpoint(input: $input) { touchpoint { legacyId type ${terminalFields} ${websiteFields} } } }`,
      { input: { unitId: globalId("Unit", org.units.unitA.id), ...input } },
      admin,
    );
  const update = (input: Record<string, unknown>) =>
    gql(
      t.baseUrl,
      `mutation ($input: UpdateTouchpointInput!) { updateTouchpoint(input: $input) { touchpoint { ${terminalFields} ${websiteFields} } } }`,
      { input: { ...input, id: globalId("Touchpoint", String(input.id)) } },
      admin,
    );

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Settings");
    admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("a terminal: the extras set, the rest at their defaults, and null clears the time limit", async () => {
    const created = await create({
      name: "Kiosk",
      type: "terminal",
      settings: { brightness: 60, responseTimeLimit: { hours: 24 }, metadata: { store: "Kamppi" }, rebootSchedule: { enabled: true, time: "04:30" } },
    });
    expect(created.errors).toBeUndefined();
    const tp = created.data!.createTouchpoint.touchpoint;
    expect(tp).toMatchObject({ type: "terminal", website: null });
    expect(tp.settings).toEqual({
      brightness: 60,
      rebootSchedule: { enabled: true, time: "04:30" },
      responseTimeLimit: { hours: 24, expiresAt: null },
      metadata: { store: "Kamppi" },
      configuration: {},
      privacyPolicy: null,
      appearance: {},
    });
    const cleared = await update({ id: tp.legacyId, settings: { responseTimeLimit: null, privacyPolicy: "Ours" } });
    expect(cleared.errors).toBeUndefined();
    expect(cleared.data!.updateTouchpoint.touchpoint.settings).toMatchObject({ brightness: 60, responseTimeLimit: null, privacyPolicy: "Ours" });

    // The domain's rules and messages: nothing changes.
    const badTime = await update({ id: tp.legacyId, settings: { rebootSchedule: { enabled: true, time: "25:00" } } });
    expect(badTime.errors?.[0]).toMatchObject({ message: "Time must be HH:MM", extensions: { code: "BAD_USER_INPUT" } });
    const badBrightness = await update({ id: tp.legacyId, settings: { brightness: 101 } });
    expect(badBrightness.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "settings.brightness" } });
    const badMetadata = await update({ id: tp.legacyId, settings: { metadata: { store: 5 } } });
    expect(badMetadata.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "settings.metadata.store" } });
    const badType = await update({ id: tp.legacyId, settings: { brightness: "bright" } });
    expect(badType.errors?.[0]?.message).toMatch(/Int cannot represent non-integer value/);
    const stored = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: tp.legacyId } });
    expect(stored.settings).toMatchObject({
      brightness: 60,
      rebootSchedule: { enabled: true, time: "04:30" },
      privacyPolicy: "Ours",
      metadata: { store: "Kamppi" },
    });
  });

  it("a website activation: the defaults of a new one, a partial update, and the domain's checks", async () => {
    const created = await create({ name: "Shop", type: "website", website: { domain: "Shop.Example" } });
    expect(created.errors).toBeUndefined();
    const tp = created.data!.createTouchpoint.touchpoint;
    expect(tp).toMatchObject({ type: "website", settings: null });
    expect(tp.website).toEqual({
      domain: "shop.example",
      state: { active: true, activeTime: { from: null, to: null } },
      displayOptions: { type: "cornerWindow", placement: "bottom-right" },
      sample: 100,
      pages: { whitelist: [{ host: "shop.example", url: null }], blacklist: [] },
      cookies: { mode: "any", values: [] },
      recurrence: { declined: 7, responded: 7 },
    });
    const updated = await update({
      id: tp.legacyId,
      website: {
        sample: 40,
        displayOptions: { type: "popover", placement: "top-left" },
        pages: { whitelist: [{ url: "/checkout" }], blacklist: [{ host: "admin.shop.example" }] },
        cookies: { mode: "all", values: ["consent=yes", "member"] },
        state: { active: false, activeTime: { from: "2026-05-01T10:00:00.000Z", to: null } },
      },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateTouchpoint.touchpoint.website).toMatchObject({
      domain: "shop.example",
      state: { active: false, activeTime: { from: "2026-05-01T10:00:00.000Z", to: null } },
      displayOptions: { type: "popover", placement: "top-left" },
      sample: 40,
      pages: { whitelist: [{ host: null, url: "/checkout" }], blacklist: [{ host: "admin.shop.example", url: null }] },
      cookies: {
        mode: "all",
        values: [
          { name: "consent", value: "yes" },
          { name: "member", value: null },
        ],
      },
      recurrence: { declined: 7, responded: 7 },
    });
    // Stored as the activation's shape the widget and REST read (page rules without their unset half).
    const stored = (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: tp.legacyId } })).settings as { website: Record<string, unknown> };
    expect(stored.website.pages).toEqual({ whitelist: [{ url: "/checkout" }], blacklist: [{ host: "admin.shop.example" }] });
    expect(stored.website.cookies).toEqual({ mode: "all", values: ["consent=yes", "member"] });

    const badDomain = await update({ id: tp.legacyId, website: { domain: "not a domain" } });
    expect(badDomain.errors?.[0]).toMatchObject({ message: touchpointMessages.invalidDomain, extensions: { code: "BAD_USER_INPUT" } });
    const badSample = await update({ id: tp.legacyId, website: { sample: 120 } });
    expect(badSample.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "website.sample" } });
    const badPlacement = await update({ id: tp.legacyId, website: { displayOptions: { placement: "middle" } } });
    expect(badPlacement.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "website.displayOptions.placement" } });
    const terminalSettings = await update({ id: tp.legacyId, settings: { brightness: 50 } });
    expect(terminalSettings.errors?.[0]?.message).toBe("Only terminals have these settings");
  });
});
