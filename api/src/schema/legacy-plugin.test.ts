// Legacy web plugins (spec 001 §2, §4): listed with their settings (the older plugin's defaults
// filling what was never set), and upgraded, irreversibly, to a website activation that keeps the
// touchpoint's id, responses and team. GraphQL (legacyPlugins, Touchpoint.legacyPlugin,
// upgradeLegacyPlugin) and the REST channel JSON.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { legacyPluginMessages } from "../domain/touchpoints/legacy-plugins.js";
import { touchpointMessages } from "../domain/touchpoints/touchpoints.js";
import { resolveWebsiteSettings } from "@feedback/shared/website-settings";
import type { Prisma } from "../generated/prisma/client.js";

describe.skipIf(noDatabase)("legacy web plugins", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as { admin: string; editorA: string; viewerA: string; adminB: string; otherAdmin: string };
  let surveyId: string;

  const plugin = async (name: string, settings: Prisma.InputJsonObject, o: OrganizationFixture = org, unitId = org.units.unitA.id) =>
    (
      await t.prisma.touchpoint.create({
        data: {
          organizationId: o.organization.id,
          unitId,
          name,
          type: "legacyPlugin",
          activeSurveyId: o === org ? surveyId : null,
          settings: { plugin: settings },
        },
      })
    ).id;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Plugins");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    surveyId = (await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Shop survey" } })).id;
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  const websiteFields = `domain state { active activeTime { from to } responses } displayOptions { type placement } sample
    pages { whitelist { host url } blacklist { host url } } referrer { source urls } returningVisitors visitedPages { min max }
    visitedUrls { urls mode blacklist blacklistMode } browsersExcluded screenSizeExcluded cookies { mode values { name value } }
    customProperties { mode values { name value } } displayAfterTimeOnPage displayAfterTimeOnSite scroll exitIntent showFrequency
    recurrence { declined responded } showAfterOtherSurvey saveUrlAsMeta`;
  const listQuery = `{ legacyPlugins(first: 50) { edges { node { legacyId name type activeSurveyLegacyId legacyPlugin {
    domain disabled display placement samplePercent urlRules urlMode excludeUrls showAfterVisitedPages showAfterSecondsOnSite
    showAfterSecondsOnPage scrollPercent exitIntent hiddenAfterFeedbackForHours hiddenAfterClosedForHours upgradePreview { ${websiteFields} } } } } } }`;
  const upgrade = `mutation ($input: UpgradeLegacyPluginInput!) { upgradeLegacyPlugin(input: $input) { touchpoint { legacyId type name legacyPlugin { domain } website { ${websiteFields} } } } }`;

  it("lists the legacy plugins the caller sees with their settings; unset fields take the older plugin's defaults", async () => {
    const full = await plugin("Shop plugin", {
      domain: "https://Shop.Example/path",
      display: "embedded",
      placement: "top-left",
      sampleRatio: 0.25,
      urlPatterns: { rules: ["/checkout", "/thanks"], mode: "allInOrder" },
      excludeUrls: ["/admin"],
      showAfterVisitedPages: 3,
      showAfterSecondsOnSite: 40,
      showAfterSecondsOnPage: 5,
      afterPercentage: 50,
      exitTrigger: true,
      hiddenAfterFeedbackForHours: 48,
      hiddenAfterClosedForHours: 12,
    });
    const bare = await plugin("Bare plugin", {});
    const hiddenFromViewer = await plugin("Team B plugin", {}, org, org.units.unitB.id);
    await plugin("Foreign plugin", {}, other, other.units.unitA.id);
    await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "A kiosk", type: "terminal" } });

    const asViewer = await gql(t.baseUrl, listQuery, {}, tokens.viewerA);
    expect(asViewer.errors).toBeUndefined();
    const nodes = asViewer.data!.legacyPlugins.edges.map((e: any) => e.node);
    // Only legacy plugins, only of the viewer's team, by name.
    expect(nodes.map((n: any) => n.legacyId)).toEqual([bare, full]);
    const shop = nodes.find((n: any) => n.legacyId === full);
    expect(shop.type).toBe("legacyPlugin");
    expect(shop.legacyPlugin).toMatchObject({
      domain: "shop.example",
      disabled: false,
      display: "embedded",
      placement: "top-left",
      samplePercent: 25,
      urlRules: ["/checkout", "/thanks"],
      urlMode: "allInOrder",
      excludeUrls: ["/admin"],
      showAfterVisitedPages: 3,
      showAfterSecondsOnSite: 40,
      showAfterSecondsOnPage: 5,
      scrollPercent: 50,
      exitIntent: true,
      hiddenAfterFeedbackForHours: 48,
      hiddenAfterClosedForHours: 12,
    });
    // What the upgrade would make, typed as any activation.
    expect(shop.legacyPlugin.upgradePreview).toMatchObject({
      domain: "shop.example",
      displayOptions: { type: "embedded", placement: "top-left" },
      sample: 25,
      pages: { blacklist: [{ host: null, url: "/admin" }] },
      visitedPages: { min: 3, max: null },
      displayAfterTimeOnSite: 40,
      displayAfterTimeOnPage: 5,
      scroll: 50,
      exitIntent: true,
    });
    expect(nodes.find((n: any) => n.legacyId === bare).legacyPlugin.upgradePreview.domain).toBe("");
    expect(nodes.find((n: any) => n.legacyId === bare).legacyPlugin).toMatchObject({
      domain: null,
      display: "popup",
      placement: "bottom-right",
      samplePercent: 100,
      urlRules: [],
      urlMode: "single",
      hiddenAfterFeedbackForHours: 24,
      hiddenAfterClosedForHours: 24,
    });
    const asAdmin = await gql(t.baseUrl, listQuery, {}, tokens.admin);
    expect(asAdmin.data!.legacyPlugins.edges.map((e: any) => e.node.legacyId)).toContain(hiddenFromViewer);
    const asOther = await gql(t.baseUrl, listQuery, {}, tokens.otherAdmin);
    expect(asOther.data!.legacyPlugins.edges.map((e: any) => e.node.name)).toEqual(["Foreign plugin"]);

    // REST: GET /channels?type=legacyPlugin carries the same settings.
    const rest = await fetch(`${t.baseUrl}/api/v5/channels?type=legacyPlugin`, { headers: { authorization: `Bearer ${tokens.viewerA}` } });
    expect(rest.status).toBe(200);
    const channels = (await rest.json()) as any[];
    expect(channels.map((c) => c._id)).toEqual([bare, full]);
    expect(channels[1].legacyPlugin).toMatchObject({ domain: "shop.example", sampleRatio: 0.25, urlMode: "allInOrder" });
    expect(channels[1].settings).toEqual({});
  });

  it("upgrades irreversibly to a website activation with the plugin's settings translated; id, team, survey and responses stay", async () => {
    const id = await plugin("Upgrade me", {
      domain: "shop.example",
      display: "popup",
      placement: "top-right",
      sampleRatio: 0.5,
      urlPatterns: { rules: ["/products"], mode: "single" },
      excludeUrls: ["/cart"],
      showAfterVisitedPages: 2,
      showAfterSecondsOnPage: 7,
      exitTrigger: true,
      hiddenAfterFeedbackForHours: 72,
      hiddenAfterClosedForHours: 12,
    });
    const { code: touchpointCode } = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id }, select: { code: true } });
    const response = await t.prisma.response.create({
      data: { organizationId: org.organization.id, surveyId, touchpointCode, unitCode: org.units.unitA.code },
    });

    // A viewer may see it but not upgrade it; another organisation cannot find it.
    const asViewer = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id) } }, tokens.viewerA);
    expect(asViewer.errors?.[0]?.message).toBe(touchpointMessages.noEditRight);
    const asOther = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id) } }, tokens.otherAdmin);
    expect(asOther.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).type).toBe("legacyPlugin");

    const done = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id) } }, tokens.editorA);
    expect(done.errors).toBeUndefined();
    const tp = done.data!.upgradeLegacyPlugin.touchpoint;
    expect(tp).toMatchObject({ legacyId: id, type: "website", name: "Upgrade me", legacyPlugin: null });
    const website = tp.website;
    expect(website).toMatchObject({
      domain: "shop.example",
      state: { active: true },
      displayOptions: { type: "popover", placement: "top-right" },
      sample: 50,
      pages: { whitelist: [{ url: "/products" }], blacklist: [{ url: "/cart" }] },
      visitedPages: { min: 2, max: null },
      visitedUrls: { urls: [], mode: "anyVisited" },
      displayAfterTimeOnPage: 7,
      displayAfterTimeOnSite: 0,
      exitIntent: true,
      recurrence: { declined: 0.5, responded: 3 },
      showFrequency: "untilDeclineOrResponse",
    });
    // The widget reads it like any activation.
    const widget = resolveWebsiteSettings(website, { touchpointId: id, surveyId }, new Date("2026-06-01T00:00:00Z"));
    expect(widget.sample).toBe(50);
    expect(widget.pages.blacklist).toEqual([{ url: "/cart" }]);

    const row = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ type: "website", unitId: org.units.unitA.id, activeSurveyId: surveyId });
    expect((row.settings as any).upgradedFromLegacyPlugin.plugin.sampleRatio).toBe(0.5);
    expect(await t.prisma.response.findUniqueOrThrow({ where: { id: response.id }, select: { touchpoint: { select: { id: true } } } })).toMatchObject({
      touchpoint: { id },
    });
    // The site joins the organisation's website domains.
    expect(await t.prisma.websiteDomain.count({ where: { organizationId: org.organization.id, domain: "shop.example" } })).toBe(1);

    // Irreversible: a second upgrade is refused and changes nothing; it is no longer listed.
    const again = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id) } }, tokens.editorA);
    expect(again.errors?.[0]?.message).toBe(legacyPluginMessages.notLegacy);
    const list = await gql(t.baseUrl, listQuery, {}, tokens.admin);
    expect(list.data!.legacyPlugins.edges.map((e: any) => e.node.legacyId)).not.toContain(id);
  });

  it("needs a domain when the plugin has none, and uses the one given; the visit-history modes become visited URLs", async () => {
    const id = await plugin("No domain", { urlPatterns: { rules: ["/a", "/b"], mode: "all" }, disabled: true });
    const refused = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id) } }, tokens.admin);
    expect(refused.errors?.[0]?.message).toBe(legacyPluginMessages.needsDomain);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).type).toBe("legacyPlugin");
    const bad = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id), domain: "not a domain" } }, tokens.admin);
    expect(bad.errors?.[0]?.message).toBe(touchpointMessages.invalidDomain);

    const done = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", id), domain: "Blog.Example" } }, tokens.admin);
    expect(done.errors).toBeUndefined();
    const website = done.data!.upgradeLegacyPlugin.touchpoint.website;
    expect(website).toMatchObject({
      domain: "blog.example",
      state: { active: false },
      pages: { whitelist: [{ host: "blog.example" }], blacklist: [] },
      visitedUrls: { urls: ["/a", "/b"], mode: "allVisited" },
    });
  });

  it("refuses to upgrade what is not a legacy plugin, and no one can create a legacy plugin", async () => {
    const terminal = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Kiosk", type: "terminal" },
    });
    const refused = await gql(t.baseUrl, upgrade, { input: { id: globalId("Touchpoint", terminal.id), domain: "shop.example" } }, tokens.admin);
    expect(refused.errors?.[0]?.message).toBe(legacyPluginMessages.notLegacy);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: terminal.id } })).type).toBe("terminal");
    const created = await fetch(`${t.baseUrl}/api/v5/channels`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "New old plugin", type: "legacyPlugin" }),
    });
    expect(created.status).toBe(400);
  });
});
