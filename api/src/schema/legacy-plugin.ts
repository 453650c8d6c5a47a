// Legacy web plugins (spec 001 §1, §2, §4): listed with their settings and upgraded, irreversibly, to
// a website activation. Rules live in domain/touchpoints/legacy-plugins.ts; docs/touchpoints.md
// "Legacy web plugins" describes the shape for the screens.
import { builder } from "./builder.js";
import { WebsiteActivation, websiteActivationView } from "./touchpoint-settings.js";
import { TouchpointPayload, TouchpointType } from "./touchpoint.js";
import {
  listLegacyPluginsWhere,
  readLegacyPluginSettings,
  upgradeLegacyPlugin,
  websiteFromLegacyPlugin,
  type LegacyPluginSettings,
} from "../domain/touchpoints/legacy-plugins.js";
import { tenantDb } from "../domain/tenancy.js";

const LegacyPluginUrlMode = builder.enumType("LegacyPluginUrlMode", {
  values: {
    single: { description: "the current page matches one of the rules" },
    all: { description: "every rule matched a page visited" },
    allInOrder: { description: "the rules matched pages visited in this order" },
  },
});
const LegacyPluginDisplay = builder.enumType("LegacyPluginDisplay", { values: ["popup", "embedded"] as const });

const LegacyPluginSettingsRef = builder.objectRef<LegacyPluginSettings>("LegacyPluginSettings").implement({
  description: "A legacy web plugin's settings, with the older plugin's defaults applied",
  fields: (t) => ({
    domain: t.string({ nullable: true, description: "the site the plugin was set up for; null when never recorded", resolve: (p) => p.domain || null }),
    disabled: t.exposeBoolean("disabled", { description: "the plugin shows nothing" }),
    display: t.field({ type: LegacyPluginDisplay, resolve: (p) => p.display }),
    placement: t.exposeString("placement", { description: "bottom-right, bottom-left, top-right or top-left" }),
    samplePercent: t.float({ description: "share of page loads that may show it, 0–100", resolve: (p) => Math.round(p.sampleRatio * 10000) / 100 }),
    urlRules: t.exposeStringList("urlRules", { description: "addresses or parts of addresses" }),
    urlMode: t.field({ type: LegacyPluginUrlMode, resolve: (p) => p.urlMode }),
    excludeUrls: t.exposeStringList("excludeUrls", { description: "never on a page whose address contains one of these" }),
    showAfterVisitedPages: t.exposeInt("showAfterVisitedPages"),
    showAfterSecondsOnSite: t.exposeFloat("showAfterSecondsOnSite"),
    showAfterSecondsOnPage: t.exposeFloat("showAfterSecondsOnPage"),
    scrollPercent: t.exposeFloat("afterPercentage", { description: "shown after scrolling this percentage of the page" }),
    exitIntent: t.exposeBoolean("exitTrigger"),
    hiddenAfterFeedbackForHours: t.exposeFloat("hiddenAfterFeedbackForHours"),
    hiddenAfterClosedForHours: t.exposeFloat("hiddenAfterClosedForHours"),
    upgradePreview: t.field({
      type: WebsiteActivation,
      description: 'the website activation the upgrade would make (with the plugin\'s domain, or "" when it has none)',
      resolve: (p) => websiteActivationView(websiteFromLegacyPlugin(p, p.domain)),
    }),
  }),
});

builder.prismaObjectField("Touchpoint", "legacyPlugin", (t) =>
  t.field({
    type: LegacyPluginSettingsRef,
    nullable: true,
    description: "legacy web plugins only: the plugin's settings",
    select: { settings: true, type: true },
    resolve: (tp) => (tp.type === "legacyPlugin" ? readLegacyPluginSettings(tp.settings) : null),
  }),
);

builder.queryField("legacyPlugins", (t) =>
  t.prismaConnection({
    type: "Touchpoint",
    cursor: "id",
    description: "The legacy web plugins the caller may see (viewResults in their unit), by name",
    resolve: async (query, _root, _args, ctx) =>
      tenantDb(ctx).touchpoint.findMany({ ...query, where: await listLegacyPluginsWhere(ctx), orderBy: [{ name: "asc" }, { id: "asc" }] }),
  }),
);

const UpgradeLegacyPluginInput = builder.inputType("UpgradeLegacyPluginInput", {
  fields: (t) => ({
    id: t.globalID({ required: true, for: TouchpointType, description: "the legacy plugin (a Touchpoint of type legacyPlugin)" }),
    domain: t.string({ description: "the site's domain; default the plugin's own (required when it has none)" }),
  }),
});

builder.mutationField("upgradeLegacyPlugin", (t) =>
  t.field({
    type: TouchpointPayload,
    description: "Upgrades a legacy web plugin to a website activation, irreversibly (editTouchpoints in its unit); the touchpoint keeps its id and responses",
    args: { input: t.arg({ type: UpgradeLegacyPluginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => upgradeLegacyPlugin(ctx, input.id.id, { domain: input.domain }),
  }),
);
