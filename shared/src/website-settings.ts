// A website touchpoint's widget activation (spec 001 §3 "Web widget activation", defaults of §9):
// the stored shape in `Touchpoint.settings.website`, read tolerantly, and the settings the widget
// script receives from `GET /r/{touchpointId}/widget-settings` with every default applied.
//
// Reading never fails: a stored field that is missing, null or malformed takes its default, so a
// bad edit can never break customers' pages. The rules themselves are documented in docs/widget.md
// and evaluated by the script (web/src/widget/rules.ts).
//
// Shared: the api creates and serves activations with these defaults (domain/touchpoints, the
// widget-settings endpoint), the activation form starts a new one from `defaultWebsiteSettings` and
// the widget script reads the `WidgetSettings` type. No imports, so the web client bundles no zod.

export const displayTypes = ["embedded", "popover", "cornerWindow"] as const;
export const placements = ["bottom-right", "bottom-left", "top-right", "top-left"] as const;
export const urlListModes = ["anyVisited", "allVisited", "allInOrder"] as const;
export const matchModes = ["any", "all", "none"] as const;
export const showFrequencies = ["untilDeclineOrResponse", "once", "always"] as const;
export const browsers = ["chrome", "firefox", "safari", "edge", "opera", "samsung", "ie", "other"] as const;
export const screenSizes = ["mobile", "tablet", "desktop"] as const;

export type DisplayType = (typeof displayTypes)[number];
export type Placement = (typeof placements)[number];
export type UrlListMode = (typeof urlListModes)[number];
export type MatchMode = (typeof matchModes)[number];
export type ShowFrequency = (typeof showFrequencies)[number];
export type Browser = (typeof browsers)[number];
export type ScreenSize = (typeof screenSizes)[number];

/** An activation's domain, after trimming and lower-casing: a host name with a top-level domain. */
export const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const isDomain = (value: string) => domainPattern.test(value.trim().toLowerCase());

/** Spec 001 §9. */
export const websiteDefaults = {
  displayType: "cornerWindow",
  placement: "bottom-right",
  sample: 100,
  referrerSource: "all",
  visitedUrlsMode: "anyVisited",
  cookiesMode: "any",
  customPropertiesMode: "any",
  displayAfterTimeOnPage: 0,
  displayAfterTimeOnSite: 0,
  showFrequency: "untilDeclineOrResponse",
  /** days */
  recurrenceDeclined: 7,
  /** days */
  recurrenceResponded: 7,
  /** hours */
  showAfterOtherSurvey: 12,
} as const;

/**
 * A web widget activation with the defaults of spec 001 §3 ("Web widget activation"): stored in the
 * touchpoint's `settings.website`.
 */
export function defaultWebsiteSettings(domain: string) {
  return {
    domain,
    state: { active: true, activeTime: { from: null, to: null }, responses: null },
    displayOptions: { type: websiteDefaults.displayType, placement: websiteDefaults.placement },
    sample: websiteDefaults.sample,
    pages: { whitelist: [{ host: domain }], blacklist: [] },
    referrer: { source: websiteDefaults.referrerSource, urls: [] },
    returningVisitors: false,
    visitedPages: { min: null, max: null },
    visitedUrls: { urls: [], mode: websiteDefaults.visitedUrlsMode, blacklist: [], blacklistMode: websiteDefaults.visitedUrlsMode },
    browsersExcluded: [],
    screenSizeExcluded: [],
    cookies: { mode: websiteDefaults.cookiesMode, values: [] },
    customProperties: { mode: websiteDefaults.customPropertiesMode, values: [] },
    displayAfterTimeOnPage: websiteDefaults.displayAfterTimeOnPage,
    displayAfterTimeOnSite: websiteDefaults.displayAfterTimeOnSite,
    scroll: 0,
    exitIntent: false,
    showFrequency: websiteDefaults.showFrequency,
    // days the widget stays hidden after a decline / a response (spec 001 §9; docs/widget.md)
    recurrence: { declined: websiteDefaults.recurrenceDeclined, responded: websiteDefaults.recurrenceResponded },
    // hours to wait after another survey was shown to the visitor (spec 001 §9)
    showAfterOtherSurvey: websiteDefaults.showAfterOtherSurvey,
    saveUrlAsMeta: false,
  };
}

/** A page rule: every page of a host (and its subdomains), or a URL pattern (docs/widget.md). */
export type PageRule = { host: string } | { url: string };
/** A cookie or custom-property condition: the name present, with this value when `value` is set. */
export type NameValue = { name: string; value: string | null };

/** What the widget script receives (GET /r/{touchpointId}/widget-settings), every default applied. */
export type WidgetSettings = {
  active: true;
  touchpointId: string;
  surveyId: string;
  /** The server's clock, so the script can correct the visitor's clock for the active period. */
  serverTime: string;
  activeTime: { from: string | null; to: string | null };
  displayOptions: { type: DisplayType; placement: Placement };
  /** percent of visitors, 0–100 */
  sample: number;
  pages: { whitelist: PageRule[]; blacklist: PageRule[] };
  referrer: { source: "all" | "specific"; urls: string[] };
  returningVisitors: boolean;
  visitedPages: { min: number | null; max: number | null };
  visitedUrls: { urls: string[]; mode: UrlListMode; blacklist: string[]; blacklistMode: UrlListMode };
  browsersExcluded: Browser[];
  screenSizeExcluded: ScreenSize[];
  cookies: { mode: MatchMode; values: NameValue[] };
  customProperties: { mode: MatchMode; values: NameValue[] };
  /** seconds */
  displayAfterTimeOnPage: number;
  /** seconds */
  displayAfterTimeOnSite: number;
  /** percent of the page scrolled, 0–100 */
  scroll: number;
  exitIntent: boolean;
  showFrequency: ShowFrequency;
  /** days */
  recurrence: { declined: number; responded: number };
  /** hours */
  showAfterOtherSurvey: number;
  saveUrlAsMeta: boolean;
};

export type InactiveWidget = { active: false };

// ---------------------------------------------------------------------------------------------
// Tolerant field readers
// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T, aliases: Record<string, T> = {}): T => {
  if (typeof v !== "string") return fallback;
  if ((values as readonly string[]).includes(v)) return v as T;
  return aliases[v] ?? fallback;
};
/** A finite number ≥ 0 (strings of digits accepted), else the fallback; clamped to max. */
const nonNegative = (v: unknown, fallback: number, max = Number.POSITIVE_INFINITY): number => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.min(n, max) : fallback;
};
const nullableCount = (v: unknown): number | null => {
  const n = nonNegative(v, -1);
  return n < 0 ? null : Math.floor(n);
};
const strings = (v: unknown): string[] =>
  asArray(v)
    .map((s) => (typeof s === "string" ? s.trim() : asObject(s).url))
    .filter((s): s is string => typeof s === "string" && s.trim() !== "")
    .map((s) => s.trim());
const bool = (v: unknown, fallback = false): boolean => (typeof v === "boolean" ? v : fallback);
const isoOrNull = (v: unknown): string | null => {
  if (typeof v !== "string" && !(v instanceof Date) && typeof v !== "number") return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** "shop.example", "https://shop.example:8443/x" → "shop.example" (lower case), or "" when unusable. */
export function hostOf(value: string): string {
  const v = value.trim().toLowerCase();
  if (!v) return "";
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(v) ? v : `http://${v}`).hostname;
  } catch {
    return "";
  }
}

function pageRules(v: unknown): PageRule[] {
  const rules: PageRule[] = [];
  for (const item of asArray(v)) {
    if (typeof item === "string") {
      if (item.trim()) rules.push({ url: item.trim() });
      continue;
    }
    const o = asObject(item);
    if (typeof o.host === "string" && hostOf(o.host)) rules.push({ host: hostOf(o.host) });
    else if (typeof o.url === "string" && o.url.trim()) rules.push({ url: o.url.trim() });
  }
  return rules;
}

/** "name", "name=value", { name, value } or { key, value } → { name, value }. */
function nameValues(v: unknown): NameValue[] {
  const out: NameValue[] = [];
  for (const item of asArray(v)) {
    if (typeof item === "string") {
      const at = item.indexOf("=");
      const name = (at < 0 ? item : item.slice(0, at)).trim();
      if (name) out.push({ name, value: at < 0 ? null : item.slice(at + 1).trim() });
      continue;
    }
    const o = asObject(item);
    const name = typeof o.name === "string" ? o.name.trim() : typeof o.key === "string" ? o.key.trim() : "";
    if (!name) continue;
    const value = o.value === undefined || o.value === null ? null : String(o.value);
    out.push({ name, value });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The merge
// ---------------------------------------------------------------------------------------------

/**
 * The stored activation with every default of spec 001 §3/§9 applied. `website` is the stored
 * `Touchpoint.settings.website` (anything); the whitelist defaults to the activation's domain.
 */
export function resolveWebsiteSettings(website: unknown, ids: { touchpointId: string; surveyId: string }, now: Date): WidgetSettings {
  const w = asObject(website);
  const state = asObject(w.state);
  const activeTime = asObject(state.activeTime);
  const display = asObject(w.displayOptions);
  const pages = asObject(w.pages);
  const referrer = asObject(w.referrer);
  const visitedPages = asObject(w.visitedPages);
  const visitedUrls = asObject(w.visitedUrls);
  const cookies = asObject(w.cookies);
  const custom = asObject(w.customProperties);
  const recurrence = asObject(w.recurrence);
  const domain = typeof w.domain === "string" ? hostOf(w.domain) : "";

  let min = nullableCount(visitedPages.min);
  let max = nullableCount(visitedPages.max);
  if (min === 0) min = null;
  if (min !== null && max !== null && max < min) [min, max] = [max, min];

  const whitelist = Array.isArray(pages.whitelist) ? pageRules(pages.whitelist) : domain ? [{ host: domain }] : [];

  return {
    active: true,
    touchpointId: ids.touchpointId,
    surveyId: ids.surveyId,
    serverTime: now.toISOString(),
    activeTime: { from: isoOrNull(activeTime.from), to: isoOrNull(activeTime.to) },
    displayOptions: {
      type: oneOf(displayTypes, display.type, websiteDefaults.displayType),
      placement: oneOf(placements, display.placement, websiteDefaults.placement, {
        bottomRight: "bottom-right",
        bottomLeft: "bottom-left",
        topRight: "top-right",
        topLeft: "top-left",
      }),
    },
    sample: nonNegative(w.sample, websiteDefaults.sample, 100),
    pages: { whitelist, blacklist: pageRules(pages.blacklist) },
    referrer: {
      source: oneOf(["all", "specific"] as const, referrer.source, websiteDefaults.referrerSource),
      urls: strings(referrer.urls ?? referrer.url),
    },
    returningVisitors: bool(w.returningVisitors),
    visitedPages: { min, max },
    visitedUrls: {
      urls: strings(visitedUrls.urls),
      mode: oneOf(urlListModes, visitedUrls.mode, websiteDefaults.visitedUrlsMode),
      blacklist: strings(visitedUrls.blacklist),
      blacklistMode: oneOf(urlListModes, visitedUrls.blacklistMode, websiteDefaults.visitedUrlsMode),
    },
    browsersExcluded: [...new Set(asArray(w.browsersExcluded).map((b) => String(b).toLowerCase()))].filter((b): b is Browser =>
      (browsers as readonly string[]).includes(b),
    ),
    screenSizeExcluded: [...new Set(asArray(w.screenSizeExcluded).map((b) => String(b).toLowerCase()))].filter((s): s is ScreenSize =>
      (screenSizes as readonly string[]).includes(s),
    ),
    cookies: { mode: oneOf(matchModes, cookies.mode, websiteDefaults.cookiesMode), values: nameValues(cookies.values) },
    customProperties: { mode: oneOf(matchModes, custom.mode, websiteDefaults.customPropertiesMode), values: nameValues(custom.values) },
    displayAfterTimeOnPage: nonNegative(w.displayAfterTimeOnPage, websiteDefaults.displayAfterTimeOnPage),
    displayAfterTimeOnSite: nonNegative(w.displayAfterTimeOnSite, websiteDefaults.displayAfterTimeOnSite),
    scroll: nonNegative(w.scroll, 0, 100),
    exitIntent: bool(w.exitIntent),
    showFrequency: oneOf(showFrequencies, w.showFrequency, websiteDefaults.showFrequency),
    recurrence: {
      declined: nonNegative(recurrence.declined, websiteDefaults.recurrenceDeclined),
      responded: nonNegative(recurrence.responded, websiteDefaults.recurrenceResponded),
    },
    showAfterOtherSurvey: nonNegative(w.showAfterOtherSurvey, websiteDefaults.showAfterOtherSurvey),
    saveUrlAsMeta: bool(w.saveUrlAsMeta),
  };
}

/** Inclusive start, exclusive end (spec 001 §3); a missing bound is open. */
export function withinActivePeriod(activeTime: { from: string | null; to: string | null }, now: Date): boolean {
  const t = now.getTime();
  if (activeTime.from && t < new Date(activeTime.from).getTime()) return false;
  if (activeTime.to && t >= new Date(activeTime.to).getTime()) return false;
  return true;
}

/**
 * What the widget script receives: `{ active: false }` when the activation is switched off, has
 * no active survey, or its active period has not started or has ended; the full settings otherwise.
 */
export function widgetSettingsFor(touchpoint: { id: string; activeSurveyId: string | null; settings: unknown }, now: Date): WidgetSettings | InactiveWidget {
  const website = asObject(touchpoint.settings).website;
  if (!touchpoint.activeSurveyId) return { active: false };
  const state = asObject(asObject(website).state);
  // A stored activation without a state is active (the editor's default for a new activation).
  if (!bool(state.active, true)) return { active: false };
  const settings = resolveWebsiteSettings(website, { touchpointId: touchpoint.id, surveyId: touchpoint.activeSurveyId }, now);
  if (!withinActivePeriod(settings.activeTime, now)) return { active: false };
  return settings;
}
