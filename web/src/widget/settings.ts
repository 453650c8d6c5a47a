// The settings the widget receives from GET /r/{touchpointId}/widget-settings, every default of
// spec 001 §3/§9 already applied by the server (api/src/domain/touchpoints/website-settings.ts).
// Semantics of each field: docs/widget.md.

export type DisplayType = "embedded" | "popover" | "cornerWindow";
export type Placement = "bottom-right" | "bottom-left" | "top-right" | "top-left";
export type UrlListMode = "anyVisited" | "allVisited" | "allInOrder";
export type MatchMode = "any" | "all" | "none";
export type ShowFrequency = "untilDeclineOrResponse" | "once" | "always";
export type Browser = "chrome" | "firefox" | "safari" | "edge" | "opera" | "samsung" | "ie" | "other";
export type ScreenSize = "mobile" | "tablet" | "desktop";

export type PageRule = { host: string } | { url: string };
export type NameValue = { name: string; value: string | null };

export type WidgetSettings = {
  active: true;
  touchpointId: string;
  surveyId: string;
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

export type SettingsAnswer = WidgetSettings | { active: false };
