// The web widget activation (spec 001 §3 "Web widget activation", defaults of §9) as the form edits
// it, and the stored shape it saves (Touchpoint.settings.website; docs/widget.md describes each
// field). The choices, the defaults and the domain rule are the shared ones the API applies
// (@feedback/shared/website-settings): a new activation starts from `defaultWebsiteSettings`.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  browsers,
  defaultWebsiteSettings,
  displayTypes,
  isDomain,
  matchModes,
  placements,
  screenSizes,
  showFrequencies,
  urlListModes,
  websiteDefaults,
  type DisplayType,
  type MatchMode,
  type Placement,
  type ShowFrequency,
  type UrlListMode,
} from "@feedback/shared/website-settings";
import { fromLocalInput, toLocalInput } from "./model";

export type { DisplayType, Placement, ShowFrequency };

export type PageRule = { kind: "host" | "url"; value: string };

export type WebsiteDraft = {
  domain: string;
  active: boolean;
  activeFrom: string;
  activeTo: string;
  displayType: DisplayType;
  placement: Placement;
  sample: string;
  whitelist: PageRule[];
  blacklist: PageRule[];
  referrerSource: "all" | "specific";
  referrerUrls: string;
  returningVisitors: boolean;
  visitedMin: string;
  visitedMax: string;
  visitedUrls: string;
  visitedUrlsMode: UrlListMode;
  visitedBlacklist: string;
  visitedBlacklistMode: UrlListMode;
  browsersExcluded: string[];
  screenSizeExcluded: string[];
  cookiesMode: MatchMode;
  cookies: string;
  customPropertiesMode: MatchMode;
  customProperties: string;
  timeOnPage: string;
  timeOnSite: string;
  scroll: string;
  exitIntent: boolean;
  showFrequency: ShowFrequency;
  recurrenceDeclined: string;
  recurrenceResponded: string;
  showAfterOtherSurvey: string;
  saveUrlAsMeta: boolean;
  /** Stored values the form does not edit (e.g. state.responses), kept as they are. */
  stateResponses: unknown;
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  typeof v === "string" && (values as readonly string[]).includes(v) ? (v as T) : fallback;
const numText = (v: unknown, fallback: number | "") =>
  typeof v === "number" && Number.isFinite(v)
    ? String(v)
    : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))
      ? v.trim()
      : String(fallback);
const lines = (v: unknown) =>
  arr(v)
    .map((x) => (typeof x === "string" ? x : typeof obj(x).url === "string" ? (obj(x).url as string) : ""))
    .filter((x) => x.trim() !== "")
    .join("\n");
const nameValueLines = (v: unknown) =>
  arr(v)
    .map((x) => {
      if (typeof x === "string") return x;
      const o = obj(x);
      const name = typeof o.name === "string" ? o.name : typeof o.key === "string" ? o.key : "";
      if (!name) return "";
      return o.value === undefined || o.value === null ? name : `${name}=${String(o.value)}`;
    })
    .filter((x) => x.trim() !== "")
    .join("\n");
const rules = (v: unknown): PageRule[] =>
  arr(v).flatMap((x): PageRule[] => {
    if (typeof x === "string") return x.trim() ? [{ kind: "url", value: x.trim() }] : [];
    const o = obj(x);
    if (typeof o.host === "string") return [{ kind: "host", value: o.host }];
    if (typeof o.url === "string") return [{ kind: "url", value: o.url }];
    return [];
  });
const placementOf = (v: unknown): Placement => {
  const aliases: Record<string, Placement> = { bottomRight: "bottom-right", bottomLeft: "bottom-left", topRight: "top-right", topLeft: "top-left" };
  return typeof v === "string" && aliases[v] ? aliases[v]! : oneOf(placements, v, websiteDefaults.placement);
};

/** The form's values from the stored activation (missing or malformed fields take their defaults). */
export function websiteDraftOf(stored: unknown, fallbackDomain = ""): WebsiteDraft {
  const w = obj(stored);
  const state = obj(w.state);
  const activeTime = obj(state.activeTime);
  const display = obj(w.displayOptions);
  const pages = obj(w.pages);
  const referrer = obj(w.referrer);
  const visitedPages = obj(w.visitedPages);
  const visitedUrls = obj(w.visitedUrls);
  const cookies = obj(w.cookies);
  const custom = obj(w.customProperties);
  const recurrence = obj(w.recurrence);
  const domain = typeof w.domain === "string" ? w.domain : fallbackDomain;
  return {
    domain,
    active: typeof state.active === "boolean" ? state.active : true,
    activeFrom: toLocalInput(activeTime.from),
    activeTo: toLocalInput(activeTime.to),
    displayType: oneOf(displayTypes, display.type, websiteDefaults.displayType),
    placement: placementOf(display.placement),
    sample: numText(w.sample, websiteDefaults.sample),
    whitelist: Array.isArray(pages.whitelist) ? rules(pages.whitelist) : domain ? [{ kind: "host", value: domain }] : [],
    blacklist: rules(pages.blacklist),
    referrerSource: oneOf(["all", "specific"] as const, referrer.source, websiteDefaults.referrerSource),
    referrerUrls: lines(referrer.urls ?? referrer.url),
    returningVisitors: w.returningVisitors === true,
    visitedMin: numText(visitedPages.min, ""),
    visitedMax: numText(visitedPages.max, ""),
    visitedUrls: lines(visitedUrls.urls),
    visitedUrlsMode: oneOf(urlListModes, visitedUrls.mode, websiteDefaults.visitedUrlsMode),
    visitedBlacklist: lines(visitedUrls.blacklist),
    visitedBlacklistMode: oneOf(urlListModes, visitedUrls.blacklistMode, websiteDefaults.visitedUrlsMode),
    browsersExcluded: arr(w.browsersExcluded).filter((b): b is string => typeof b === "string" && (browsers as readonly string[]).includes(b)),
    screenSizeExcluded: arr(w.screenSizeExcluded).filter((b): b is string => typeof b === "string" && (screenSizes as readonly string[]).includes(b)),
    cookiesMode: oneOf(matchModes, cookies.mode, websiteDefaults.cookiesMode),
    cookies: nameValueLines(cookies.values),
    customPropertiesMode: oneOf(matchModes, custom.mode, websiteDefaults.customPropertiesMode),
    customProperties: nameValueLines(custom.values),
    timeOnPage: numText(w.displayAfterTimeOnPage, websiteDefaults.displayAfterTimeOnPage),
    timeOnSite: numText(w.displayAfterTimeOnSite, websiteDefaults.displayAfterTimeOnSite),
    scroll: numText(w.scroll, 0),
    exitIntent: w.exitIntent === true,
    showFrequency: oneOf(showFrequencies, w.showFrequency, websiteDefaults.showFrequency),
    recurrenceDeclined: numText(recurrence.declined, websiteDefaults.recurrenceDeclined),
    recurrenceResponded: numText(recurrence.responded, websiteDefaults.recurrenceResponded),
    showAfterOtherSurvey: numText(w.showAfterOtherSurvey, websiteDefaults.showAfterOtherSurvey),
    saveUrlAsMeta: w.saveUrlAsMeta === true,
    stateResponses: state.responses ?? null,
  };
}

/** A new activation: the shared default activation of spec 001 §3/§9 (the whitelist is the domain's host). */
export const newWebsiteDraft = (domain = ""): WebsiteDraft => websiteDraftOf(domain ? defaultWebsiteSettings(domain) : { domain }, domain);

const splitLines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
const num = (text: string) => Number(text.trim());
const numOrNull = (text: string) => (text.trim() === "" ? null : Math.floor(num(text)));

/** The stored shape (Touchpoint.settings.website), field for field as the shared defaultWebsiteSettings. */
export function storedWebsiteOf(d: WebsiteDraft): Obj {
  const domain = d.domain.trim().toLowerCase();
  const rule = (r: PageRule) => (r.kind === "host" ? { host: r.value.trim().toLowerCase() } : { url: r.value.trim() });
  return {
    domain,
    state: { active: d.active, activeTime: { from: fromLocalInput(d.activeFrom), to: fromLocalInput(d.activeTo) }, responses: d.stateResponses ?? null },
    displayOptions: { type: d.displayType, placement: d.placement },
    sample: num(d.sample),
    pages: { whitelist: d.whitelist.map(rule), blacklist: d.blacklist.map(rule) },
    referrer: { source: d.referrerSource, urls: d.referrerSource === "specific" ? splitLines(d.referrerUrls) : [] },
    returningVisitors: d.returningVisitors,
    visitedPages: { min: numOrNull(d.visitedMin), max: numOrNull(d.visitedMax) },
    visitedUrls: { urls: splitLines(d.visitedUrls), mode: d.visitedUrlsMode, blacklist: splitLines(d.visitedBlacklist), blacklistMode: d.visitedBlacklistMode },
    browsersExcluded: [...new Set(d.browsersExcluded)],
    screenSizeExcluded: [...new Set(d.screenSizeExcluded)],
    cookies: { mode: d.cookiesMode, values: splitLines(d.cookies) },
    customProperties: { mode: d.customPropertiesMode, values: splitLines(d.customProperties) },
    displayAfterTimeOnPage: num(d.timeOnPage),
    displayAfterTimeOnSite: num(d.timeOnSite),
    scroll: num(d.scroll),
    exitIntent: d.exitIntent,
    showFrequency: d.showFrequency,
    recurrence: { declined: num(d.recurrenceDeclined), responded: num(d.recurrenceResponded) },
    showAfterOtherSurvey: num(d.showAfterOtherSurvey),
    saveUrlAsMeta: d.saveUrlAsMeta,
  };
}

export type WebsiteField =
  | "domain"
  | "activeTo"
  | "sample"
  | "whitelist"
  | "blacklist"
  | "referrerUrls"
  | "visitedMin"
  | "visitedMax"
  | "timeOnPage"
  | "timeOnSite"
  | "scroll"
  | "recurrenceDeclined"
  | "recurrenceResponded"
  | "showAfterOtherSurvey";
export type WebsiteErrors = Partial<Record<WebsiteField, MessageDescriptor>>;

const isNumberIn = (text: string, min: number, max = Number.POSITIVE_INFINITY, whole = false) => {
  if (text.trim() === "") return false;
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max && (!whole || Number.isInteger(n));
};

export function validateWebsite(d: WebsiteDraft): WebsiteErrors {
  const e: WebsiteErrors = {};
  if (!d.domain.trim()) e.domain = msg`Choose the website's domain`;
  else if (!isDomain(d.domain)) e.domain = msg`Invalid domain`;
  const from = fromLocalInput(d.activeFrom);
  const to = fromLocalInput(d.activeTo);
  if (from && to && from >= to) e.activeTo = msg`The active period must end after it starts`;
  if (!isNumberIn(d.sample, 0, 100)) e.sample = msg`Enter a percentage from 0 to 100`;
  if (d.whitelist.some((r) => !r.value.trim())) e.whitelist = msg`Fill in or remove the empty rules`;
  if (d.blacklist.some((r) => !r.value.trim())) e.blacklist = msg`Fill in or remove the empty rules`;
  if (d.referrerSource === "specific" && splitLines(d.referrerUrls).length === 0) e.referrerUrls = msg`List at least one referring address`;
  if (d.visitedMin.trim() && !isNumberIn(d.visitedMin, 0, Number.POSITIVE_INFINITY, true)) e.visitedMin = msg`Enter a whole number of 0 or more`;
  if (d.visitedMax.trim() && !isNumberIn(d.visitedMax, 0, Number.POSITIVE_INFINITY, true)) e.visitedMax = msg`Enter a whole number of 0 or more`;
  else if (d.visitedMin.trim() && d.visitedMax.trim() && !e.visitedMin && num(d.visitedMax) < num(d.visitedMin))
    e.visitedMax = msg`The maximum must not be below the minimum`;
  if (!isNumberIn(d.timeOnPage, 0)) e.timeOnPage = msg`Enter a number of 0 or more`;
  if (!isNumberIn(d.timeOnSite, 0)) e.timeOnSite = msg`Enter a number of 0 or more`;
  if (!isNumberIn(d.scroll, 0, 100)) e.scroll = msg`Enter a percentage from 0 to 100`;
  if (!isNumberIn(d.recurrenceDeclined, 0)) e.recurrenceDeclined = msg`Enter a number of 0 or more`;
  if (!isNumberIn(d.recurrenceResponded, 0)) e.recurrenceResponded = msg`Enter a number of 0 or more`;
  if (!isNumberIn(d.showAfterOtherSurvey, 0)) e.showAfterOtherSurvey = msg`Enter a number of 0 or more`;
  return e;
}

/** The one script tag a site adds (docs/widget.md), and the element an embedded widget fills. */
export function embedSnippet(origin: string, touchpointId: string, displayType: DisplayType): string {
  const script = `<script async src="${origin}/widget.js" data-touchpoint="${touchpointId}"></script>`;
  return displayType === "embedded" ? `${script}\n<div data-feedback-widget="${touchpointId}"></div>` : script;
}
