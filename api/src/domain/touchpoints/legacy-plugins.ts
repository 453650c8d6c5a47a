// Legacy web plugins (spec 001 §1 "legacy web plugins", §2 touchpoint lists, §4 "Legacy plugin
// upgrade: irreversible"): web widgets of the older plugin generation. They can no longer be
// created; they are listed with their settings and can be upgraded, once and for good, to a
// website activation (a `website` touchpoint with the widget of docs/widget.md).
//
// - A legacy plugin is a touchpoint of type `legacyPlugin`; its settings are stored in
//   `Touchpoint.settings.plugin` in the older plugin's vocabulary (docs/touchpoints.md "Legacy web
//   plugins"). Reading is tolerant: a missing or malformed field takes the older plugin's default.
// - Upgrading keeps the touchpoint's id, name, team, active survey and responses; its type becomes
//   `website` and its settings become the activation translated from the plugin's
//   (`websiteFromLegacyPlugin`). The plugin's settings are kept beside it under
//   `settings.upgradedFromLegacyPlugin` as a record; nothing turns the activation back.
// - Rights: reading as every touchpoint (viewResults in its unit); upgrading needs editTouchpoints
//   in its unit ("User has no rights to edit touchpoint"). The upgrade creates no channel, so the
//   channelCreation feature is not needed.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { badInput, conflict } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { listedUnits, loadAccess, requireOnObject } from "../../permissions/access.js";
import { defaultWebsiteSettings, hostOf } from "@feedback/shared/website-settings";
import { domainSchema, getTouchpoint, touchpointSelect, type TouchpointRow } from "./touchpoints.js";

export const legacyPluginMessages = {
  notLegacy: "Only a legacy web plugin can be upgraded to a website activation",
  needsDomain: "A website activation needs a domain: give the domain of the site the plugin runs on",
} as const;

const legacyUrlModes = ["single", "all", "allInOrder"] as const;
const legacyDisplays = ["popup", "embedded"] as const;
const legacyPlacements = ["bottom-right", "bottom-left", "top-right", "top-left"] as const;

/** The settings of a legacy web plugin with the older plugin's defaults applied. */
export type LegacyPluginSettings = {
  /** The site the plugin was set up for ("" when it was never recorded). */
  domain: string;
  /** When true the plugin shows nothing. */
  disabled: boolean;
  display: (typeof legacyDisplays)[number];
  placement: (typeof legacyPlacements)[number];
  /** Share of page loads that may show the plugin, 0–1. */
  sampleRatio: number;
  /** URL patterns and how they combine: single = the current page matches one; all = every one was visited; allInOrder = visited in this order. */
  urlRules: string[];
  urlMode: (typeof legacyUrlModes)[number];
  /** Never on a page whose address contains one of these. */
  excludeUrls: string[];
  showAfterVisitedPages: number;
  showAfterSecondsOnSite: number;
  showAfterSecondsOnPage: number;
  /** Scrolled at least this percentage of the page. */
  afterPercentage: number;
  exitTrigger: boolean;
  hiddenAfterFeedbackForHours: number;
  hiddenAfterClosedForHours: number;
};

/** The older plugin's defaults (notes: the plugin generation's server defaults). */
const legacyPluginDefaults: LegacyPluginSettings = {
  domain: "",
  disabled: false,
  display: "popup",
  placement: "bottom-right",
  sampleRatio: 1,
  urlRules: [],
  urlMode: "single",
  excludeUrls: [],
  showAfterVisitedPages: 0,
  showAfterSecondsOnSite: 0,
  showAfterSecondsOnPage: 0,
  afterPercentage: 0,
  exitTrigger: false,
  hiddenAfterFeedbackForHours: 24,
  hiddenAfterClosedForHours: 24,
};

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown, fallback: number, max = Number.POSITIVE_INFINITY) =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.min(v, max) : fallback;
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  typeof v === "string" && (values as readonly string[]).includes(v) ? (v as T) : fallback;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string" && s.trim() !== "").map((s) => s.trim()) : []);

/** Reads `Touchpoint.settings.plugin` (anything) with the defaults applied. */
export function readLegacyPluginSettings(settings: unknown): LegacyPluginSettings {
  const p = asObject(asObject(settings).plugin);
  const patterns = asObject(p.urlPatterns);
  const d = legacyPluginDefaults;
  return {
    domain: typeof p.domain === "string" ? hostOf(p.domain) : d.domain,
    disabled: typeof p.disabled === "boolean" ? p.disabled : d.disabled,
    display: oneOf(legacyDisplays, p.display, d.display),
    placement: oneOf(legacyPlacements, p.placement, d.placement),
    sampleRatio: num(p.sampleRatio, d.sampleRatio, 1),
    urlRules: strings(patterns.rules),
    urlMode: oneOf(legacyUrlModes, patterns.mode, d.urlMode),
    excludeUrls: strings(p.excludeUrls),
    showAfterVisitedPages: Math.floor(num(p.showAfterVisitedPages, d.showAfterVisitedPages)),
    showAfterSecondsOnSite: num(p.showAfterSecondsOnSite, d.showAfterSecondsOnSite),
    showAfterSecondsOnPage: num(p.showAfterSecondsOnPage, d.showAfterSecondsOnPage),
    afterPercentage: num(p.afterPercentage, d.afterPercentage, 100),
    exitTrigger: typeof p.exitTrigger === "boolean" ? p.exitTrigger : d.exitTrigger,
    hiddenAfterFeedbackForHours: num(p.hiddenAfterFeedbackForHours, d.hiddenAfterFeedbackForHours),
    hiddenAfterClosedForHours: num(p.hiddenAfterClosedForHours, d.hiddenAfterClosedForHours),
  };
}

/**
 * The website activation a legacy plugin becomes (docs/touchpoints.md "Legacy web plugins" gives
 * the mapping). `domain` is the site; every field the plugin had no counterpart for takes the
 * activation's default (spec 001 §9).
 */
export function websiteFromLegacyPlugin(p: LegacyPluginSettings, domain: string) {
  const base = defaultWebsiteSettings(domain);
  const visited = p.urlMode !== "single" && p.urlRules.length > 0;
  return {
    ...base,
    state: { ...base.state, active: !p.disabled },
    displayOptions: { type: p.display === "embedded" ? "embedded" : "popover", placement: p.placement },
    sample: Math.round(p.sampleRatio * 10000) / 100,
    // single: the current page must match a rule: the page whitelist; all / allInOrder: the visit history.
    pages: {
      whitelist: !visited && p.urlRules.length > 0 ? p.urlRules.map((url) => ({ url })) : base.pages.whitelist,
      blacklist: p.excludeUrls.map((url) => ({ url })),
    },
    visitedPages: { min: p.showAfterVisitedPages > 0 ? p.showAfterVisitedPages : null, max: null },
    visitedUrls: {
      ...base.visitedUrls,
      urls: visited ? p.urlRules : [],
      mode: p.urlMode === "allInOrder" ? "allInOrder" : p.urlMode === "all" ? "allVisited" : "anyVisited",
    },
    displayAfterTimeOnPage: p.showAfterSecondsOnPage,
    displayAfterTimeOnSite: p.showAfterSecondsOnSite,
    scroll: p.afterPercentage,
    exitIntent: p.exitTrigger,
    // the plugin hid itself for hours after a decline (close) or a response; the activation counts days
    recurrence: { declined: p.hiddenAfterClosedForHours / 24, responded: p.hiddenAfterFeedbackForHours / 24 },
  };
}

/** The legacy web plugins the caller may see (viewResults in their unit: access.ts listedUnits), by name; read through tenantDb. */
export async function listLegacyPluginsWhere(ctx: DomainContext): Promise<Prisma.TouchpointWhereInput> {
  return { deleted: false, type: "legacyPlugin", unitId: { in: [...(await listedUnits(ctx, "viewResults"))] } };
}

const upgradeSchema = z.object({ domain: domainSchema.optional() });

/**
 * Upgrades a legacy web plugin to a website activation, irreversibly (spec 001 §4). `domain`
 * overrides the plugin's recorded site and is required when the plugin has none.
 */
export async function upgradeLegacyPlugin(ctx: DomainContext, touchpointId: string, input: { domain?: string | null } = {}): Promise<TouchpointRow> {
  const id = parseInput(objectIdSchema, touchpointId);
  const data = parseInput(upgradeSchema, { domain: input.domain ?? undefined });
  const row = await getTouchpoint(ctx, id);
  await requireOnObject(ctx, "editTouchpoints", "Touchpoint", id);
  const m = await loadAccess(ctx);
  if (row.type !== "legacyPlugin") throw conflict(legacyPluginMessages.notLegacy, "id");
  const plugin = readLegacyPluginSettings(row.settings);
  const domain = data.domain ?? plugin.domain;
  if (!domain) throw badInput(legacyPluginMessages.needsDomain, "domain");
  const stored = asObject(row.settings);
  const { plugin: original, ...rest } = stored;
  const settings = {
    ...rest,
    website: websiteFromLegacyPlugin(plugin, domain),
    upgradedFromLegacyPlugin: { at: new Date().toISOString(), plugin: original ?? {} },
  };
  // Only a row that is still a legacy plugin changes: two upgrades at once upgrade it once.
  const changed = await ctx.prisma.touchpoint.updateMany({
    where: { id: row.id, organizationId: m.organizationId, type: "legacyPlugin", deleted: false },
    data: { type: "website", settings: settings as Prisma.InputJsonValue },
  });
  if (changed.count === 0) throw conflict(legacyPluginMessages.notLegacy, "id");
  // The site's domain joins the organisation's website domains, so the activation screen offers it.
  await ctx.prisma.websiteDomain.upsert({
    where: { organizationId_domain: { organizationId: m.organizationId, domain } },
    create: { organizationId: m.organizationId, domain },
    update: {},
  });
  return ctx.prisma.touchpoint.findUniqueOrThrow({ where: { id: row.id }, select: touchpointSelect });
}
