// The targeting rules of a website activation, as pure functions over the settings, the visitor
// state and the page's environment. Every rule must pass for the widget to show (AND); an empty
// list in a rule means "no condition". Semantics: docs/widget.md.
import { matchPageRule, matchUrl } from "./url-pattern.js";
import type { Browser, MatchMode, NameValue, ScreenSize, UrlListMode, WidgetSettings } from "./settings.js";
import { sampleDraw, type TouchpointRecord, type VisitorState } from "./state.js";

const dayMs = 24 * 3600_000;
const hourMs = 3600_000;

/** Inclusive start, exclusive end; a missing bound is open. */
export function activePeriodOk(activeTime: WidgetSettings["activeTime"], now: number): boolean {
  if (activeTime.from && now < Date.parse(activeTime.from)) return false;
  if (activeTime.to && now >= Date.parse(activeTime.to)) return false;
  return true;
}

/** The visit's draw in [0, 100) is inside the sample percentage. */
export function sampleOk(sample: number, draw: number): boolean {
  return draw < sample;
}

export function pagesOk(pages: WidgetSettings["pages"], url: string): boolean {
  if (pages.blacklist.some((rule) => matchPageRule(rule, url))) return false;
  return pages.whitelist.length === 0 || pages.whitelist.some((rule) => matchPageRule(rule, url));
}

/** `specific`: the visit's entry referrer matches one of the patterns (a direct visit never does). */
export function referrerOk(referrer: WidgetSettings["referrer"], entryReferrer: string): boolean {
  if (referrer.source !== "specific" || referrer.urls.length === 0) return true;
  return !!entryReferrer && referrer.urls.some((p) => matchUrl(p, entryReferrer));
}

/** When set, only visitors on their second visit or later. */
export function returningVisitorsOk(returningVisitors: boolean, visits: number): boolean {
  return !returningVisitors || visits >= 2;
}

export function visitedPagesOk(range: WidgetSettings["visitedPages"], pages: number): boolean {
  return (range.min === null || pages >= range.min) && (range.max === null || pages <= range.max);
}

/** Whether the history (oldest first) satisfies the patterns in the given mode. */
export function urlListMatches(patterns: readonly string[], history: readonly string[], mode: UrlListMode): boolean {
  if (mode === "anyVisited") return patterns.some((p) => history.some((url) => matchUrl(p, url)));
  if (mode === "allVisited") return patterns.every((p) => history.some((url) => matchUrl(p, url)));
  // allInOrder: each pattern matches a page visited after the page matching the previous pattern.
  let from = 0;
  for (const p of patterns) {
    let found = -1;
    for (let i = from; i < history.length; i++) {
      if (matchUrl(p, history[i]!)) {
        found = i;
        break;
      }
    }
    if (found < 0) return false;
    from = found + 1;
  }
  return true;
}

export function visitedUrlsOk(rule: WidgetSettings["visitedUrls"], history: readonly string[]): boolean {
  if (rule.blacklist.length > 0 && urlListMatches(rule.blacklist, history, rule.blacklistMode)) return false;
  return rule.urls.length === 0 || urlListMatches(rule.urls, history, rule.mode);
}

/** The browser family of a user-agent string (the order of the tests matters). */
export function browserOf(userAgent: string): Browser {
  const ua = userAgent;
  if (/SamsungBrowser\//.test(ua)) return "samsung";
  if (/OPR\/|Opera|OPT\//.test(ua)) return "opera";
  if (/Edg(e|A|iOS)?\//.test(ua)) return "edge";
  if (/MSIE |Trident\//.test(ua)) return "ie";
  if (/Firefox\/|FxiOS\//.test(ua)) return "firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return "chrome";
  if (/Safari\//.test(ua) && /Version\/|Mobile\//.test(ua)) return "safari";
  return "other";
}

/** Size classes by viewport width in CSS pixels: mobile < 768 ≤ tablet < 1024 ≤ desktop. */
export function screenSizeOf(viewportWidth: number): ScreenSize {
  if (viewportWidth < 768) return "mobile";
  if (viewportWidth < 1024) return "tablet";
  return "desktop";
}

export function browserOk(excluded: readonly Browser[], userAgent: string): boolean {
  return !excluded.includes(browserOf(userAgent));
}

export function screenSizeOk(excluded: readonly ScreenSize[], viewportWidth: number): boolean {
  return !excluded.includes(screenSizeOf(viewportWidth));
}

/** document.cookie → name → value (the first of duplicate names wins, like the browser's order). */
export function parseCookies(cookie: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cookie.split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (!name || map.has(name)) continue;
    let value = at < 0 ? "" : part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    map.set(name, value);
  }
  return map;
}

/** any: one condition holds; all: every one; none: not one. No conditions: passes. */
export function nameValuesOk(rule: { mode: MatchMode; values: readonly NameValue[] }, present: ReadonlyMap<string, string>): boolean {
  if (rule.values.length === 0) return true;
  const holds = (c: NameValue) => present.has(c.name) && (c.value === null || present.get(c.name) === c.value);
  if (rule.mode === "all") return rule.values.every(holds);
  if (rule.mode === "none") return !rule.values.some(holds);
  return rule.values.some(holds);
}

/**
 * Show frequency and recurrence (days):
 * - always: every eligible page view, whatever the visitor did before;
 * - untilDeclineOrResponse: until the visitor closes or answers it; then hidden for
 *   recurrence.declined / recurrence.responded days, after which it may show again;
 * - once: one display per period: after any display it stays hidden recurrence.responded days when
 *   answered, otherwise recurrence.declined days (ignoring it counts as declining).
 */
export function frequencyOk(settings: Pick<WidgetSettings, "showFrequency" | "recurrence">, record: TouchpointRecord | undefined, now: number): boolean {
  if (settings.showFrequency === "always" || !record) return true;
  const { declined, responded } = settings.recurrence;
  if (record.responded !== undefined && now < record.responded + responded * dayMs) return false;
  if (record.declined !== undefined && now < record.declined + declined * dayMs) return false;
  if (settings.showFrequency === "once" && record.shown !== undefined) {
    const answered = record.responded !== undefined && record.responded >= record.shown;
    if (now < record.shown + (answered ? responded : declined) * dayMs) return false;
  }
  return true;
}

/** Another of our widgets shown on this site within the last N hours keeps this one back. */
export function otherSurveyOk(hours: number, lastShown: VisitorState["lastShown"], touchpointId: string, now: number): boolean {
  if (!lastShown || lastShown.id === touchpointId || hours <= 0) return true;
  return now >= lastShown.at + hours * hourMs;
}

export type Environment = {
  /** the page's URL */
  url: string;
  /** the visitor's clock, ms */
  now: number;
  /** the server-corrected clock for the active period, ms */
  serverNow: number;
  userAgent: string;
  viewportWidth: number;
  cookie: string;
  properties: ReadonlyMap<string, string>;
  random: () => number;
};

export type RuleName =
  | "activePeriod"
  | "sample"
  | "pages"
  | "referrer"
  | "returningVisitors"
  | "visitedPages"
  | "visitedUrls"
  | "browsersExcluded"
  | "screenSizeExcluded"
  | "cookies"
  | "customProperties"
  | "showFrequency"
  | "showAfterOtherSurvey";

/** The rules that do not depend on the visitor's behaviour on the page; the names of those that fail. */
export function failedRules(settings: WidgetSettings, state: VisitorState, env: Environment): RuleName[] {
  const id = settings.touchpointId;
  const checks: [RuleName, () => boolean][] = [
    ["activePeriod", () => activePeriodOk(settings.activeTime, env.serverNow)],
    ["sample", () => sampleOk(settings.sample, sampleDraw(state, id, env.random))],
    ["pages", () => pagesOk(settings.pages, env.url)],
    ["referrer", () => referrerOk(settings.referrer, state.session.referrer)],
    ["returningVisitors", () => returningVisitorsOk(settings.returningVisitors, state.visits)],
    ["visitedPages", () => visitedPagesOk(settings.visitedPages, state.session.pages)],
    ["visitedUrls", () => visitedUrlsOk(settings.visitedUrls, state.session.urls)],
    ["browsersExcluded", () => browserOk(settings.browsersExcluded, env.userAgent)],
    ["screenSizeExcluded", () => screenSizeOk(settings.screenSizeExcluded, env.viewportWidth)],
    ["cookies", () => nameValuesOk(settings.cookies, parseCookies(env.cookie))],
    ["customProperties", () => nameValuesOk(settings.customProperties, env.properties)],
    ["showFrequency", () => frequencyOk(settings, state.touchpoints[id], env.now)],
    ["showAfterOtherSurvey", () => otherSurveyOk(settings.showAfterOtherSurvey, state.lastShown, id, env.now)],
  ];
  return checks.filter(([, ok]) => !ok()).map(([name]) => name);
}

// ---------------------------------------------------------------------------------------------
// Behaviour on the page: time, scroll, exit intent
// ---------------------------------------------------------------------------------------------

export type PageProgress = {
  /** when this page view started (ms) */
  pageStart: number;
  /** when the visit started (ms) */
  siteStart: number;
  now: number;
  /** the deepest scroll reached on this page view, percent */
  maxScroll: number;
  /** the visitor showed exit intent on this page view */
  exited: boolean;
};

/** Milliseconds until the time conditions hold (0 when they hold now). */
export function timeRemaining(settings: Pick<WidgetSettings, "displayAfterTimeOnPage" | "displayAfterTimeOnSite">, p: PageProgress): number {
  const page = p.pageStart + settings.displayAfterTimeOnPage * 1000 - p.now;
  const site = p.siteStart + settings.displayAfterTimeOnSite * 1000 - p.now;
  return Math.max(0, page, site);
}

/** Every behavioural condition holds (they are remembered for the page view once reached). */
export function triggersMet(settings: WidgetSettings, p: PageProgress): boolean {
  return timeRemaining(settings, p) === 0 && (settings.scroll <= 0 || p.maxScroll >= settings.scroll) && (!settings.exitIntent || p.exited);
}

/** floor(scrolled ÷ scrollable × 100); a page that cannot scroll counts as fully scrolled. */
export function scrollPercent(scrollTop: number, documentHeight: number, viewportHeight: number): number {
  const scrollable = documentHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((scrollTop / scrollable) * 100)));
}

/** Desktop exit intent: the pointer leaves the document through its top edge. */
export function isExitMouseOut(e: { relatedTarget: unknown; clientY: number }): boolean {
  return !e.relatedTarget && e.clientY <= 0;
}

/**
 * Touch-screen fallback: a fast upward scroll (≥ 120 px at ≥ 1.5 px/ms) after the visitor has read
 * at least half a screen down, the usual gesture before reaching for the address bar or going back.
 */
export function isMobileExitScroll(prev: { y: number; t: number }, cur: { y: number; t: number }, maxY: number, viewportHeight: number): boolean {
  const dy = prev.y - cur.y;
  const dt = Math.max(1, cur.t - prev.t);
  return maxY >= viewportHeight / 2 && dy >= 120 && dy / dt >= 1.5;
}
