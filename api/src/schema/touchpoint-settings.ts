// A touchpoint's settings as GraphQL types: a terminal's extras (TerminalSettingsInput /
// TerminalSettings) and a website's widget activation (WebsiteActivationInput / WebsiteActivation).
// The rules are the domain's: domain/touchpoints/touchpoints.ts validates what is set (the same zod
// schemas as REST), domain/touchpoints/website-settings.ts reads the stored activation with its
// defaults (docs/widget.md). The open parts stay JSON: a terminal's metadata, configuration and
// appearance, and an activation's legacy state.responses.
import { builder } from "./builder.js";
import { JSONScalar } from "./json.js";
import { defined, readFieldByField } from "./input-fields.js";
import { defaultTerminalSettings, terminalSettingsSchema, type TerminalSettings } from "../domain/touchpoints/touchpoints.js";
import { resolveWebsiteSettings, type WidgetSettings } from "@feedback/shared/website-settings";

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

// ---------------------------------------------------------------------------------------------
// Terminal
// ---------------------------------------------------------------------------------------------

const RebootScheduleInput = builder.inputType("RebootScheduleInput", {
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    time: t.string({ required: true, description: "HH:MM, the terminal's local time" }),
  }),
});

const ResponseTimeLimitInput = builder.inputType("ResponseTimeLimitInput", {
  description: "One of: hours (1–8760) after each response, or an instant (ISO 8601 with offset)",
  fields: (t) => ({ hours: t.int(), expiresAt: t.string() }),
});

export const TerminalSettingsInput = builder.inputType("TerminalSettingsInput", {
  description: "A terminal's extras to set (spec 001 §3); fields left out keep their value, null clears responseTimeLimit and privacyPolicy",
  fields: (t) => ({
    brightness: t.int({ description: "0–100" }),
    rebootSchedule: t.field({ type: RebootScheduleInput }),
    responseTimeLimit: t.field({ type: ResponseTimeLimitInput }),
    metadata: t.field({ type: JSONScalar, description: "names and texts added to every response: { name: text }" }),
    configuration: t.field({ type: JSONScalar, description: "free device configuration: { name: text }" }),
    privacyPolicy: t.string({ description: "at most 10000 characters; null: the organisation's" }),
    appearance: t.field({ type: JSONScalar, description: "free appearance options (colours…); {}: the organisation's" }),
  }),
});

type TerminalSettingsArg = {
  brightness?: number | null;
  rebootSchedule?: { enabled: boolean; time: string } | null;
  responseTimeLimit?: { hours?: number | null; expiresAt?: string | null } | null;
  metadata?: unknown;
  configuration?: unknown;
  privacyPolicy?: string | null;
  appearance?: unknown;
};

/** The typed settings as the domain's shape (a partial TerminalSettings), which validates them. */
export function terminalSettingsArg(input: TerminalSettingsArg | null | undefined): Obj | undefined {
  if (input === null || input === undefined) return undefined;
  const out: Obj = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key] = value;
  const limit = input.responseTimeLimit;
  if (limit) {
    out.responseTimeLimit = defined(limit);
  }
  return out;
}

/** The stored extras field by field through the domain's schema; a field that does not read takes its default. */
export function storedTerminalSettings(settings: unknown): TerminalSettings {
  return readFieldByField(terminalSettingsSchema.shape, asObject(settings), defaultTerminalSettings() as Obj, { keepNull: true }) as TerminalSettings;
}

const RebootSchedule = builder.objectRef<TerminalSettings["rebootSchedule"]>("RebootSchedule").implement({
  fields: (t) => ({ enabled: t.exposeBoolean("enabled"), time: t.exposeString("time", { description: "HH:MM" }) }),
});

const ResponseTimeLimit = builder.objectRef<NonNullable<TerminalSettings["responseTimeLimit"]>>("ResponseTimeLimit").implement({
  fields: (t) => ({
    hours: t.int({ nullable: true, resolve: (l) => ("hours" in l ? l.hours : null) }),
    expiresAt: t.string({ nullable: true, description: "ISO 8601", resolve: (l) => ("expiresAt" in l ? l.expiresAt : null) }),
  }),
});

export const TerminalSettingsType = builder.objectRef<TerminalSettings>("TerminalSettings").implement({
  description: "A terminal's extras (spec 001 §3) with their defaults",
  fields: (t) => ({
    brightness: t.exposeInt("brightness"),
    rebootSchedule: t.field({ type: RebootSchedule, resolve: (s) => s.rebootSchedule }),
    responseTimeLimit: t.field({ type: ResponseTimeLimit, nullable: true, resolve: (s) => s.responseTimeLimit }),
    metadata: t.field({ type: JSONScalar, description: "{ name: text }", resolve: (s) => s.metadata }),
    configuration: t.field({ type: JSONScalar, description: "{ name: text }", resolve: (s) => s.configuration }),
    privacyPolicy: t.string({ nullable: true, resolve: (s) => s.privacyPolicy }),
    appearance: t.field({ type: JSONScalar, resolve: (s) => s.appearance }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Website activation
// ---------------------------------------------------------------------------------------------

const PageRuleInput = builder.inputType("PageRuleInput", {
  description: "One of: every page of a host (and its subdomains), or addresses containing a URL pattern",
  fields: (t) => ({ host: t.string(), url: t.string() }),
});

const WebsiteActiveTimeInput = builder.inputType("WebsiteActiveTimeInput", {
  fields: (t) => ({ from: t.string({ description: "ISO 8601; null: open" }), to: t.string({ description: "ISO 8601; null: open" }) }),
});

const WebsiteStateInput = builder.inputType("WebsiteStateInput", {
  fields: (t) => ({
    active: t.boolean(),
    activeTime: t.field({ type: WebsiteActiveTimeInput }),
    responses: t.field({ type: JSONScalar, description: "a legacy value the widget does not use, kept as sent" }),
  }),
});

const WebsiteDisplayOptionsInput = builder.inputType("WebsiteDisplayOptionsInput", {
  fields: (t) => ({
    type: t.string({ description: "embedded, popover or cornerWindow" }),
    placement: t.string({ description: "bottom-right, bottom-left, top-right or top-left" }),
  }),
});

const WebsitePagesInput = builder.inputType("WebsitePagesInput", {
  fields: (t) => ({ whitelist: t.field({ type: [PageRuleInput] }), blacklist: t.field({ type: [PageRuleInput] }) }),
});

const WebsiteReferrerInput = builder.inputType("WebsiteReferrerInput", {
  fields: (t) => ({ source: t.string({ description: "all or specific" }), urls: t.stringList() }),
});

const WebsiteVisitedPagesInput = builder.inputType("WebsiteVisitedPagesInput", {
  fields: (t) => ({ min: t.int(), max: t.int() }),
});

const WebsiteVisitedUrlsInput = builder.inputType("WebsiteVisitedUrlsInput", {
  fields: (t) => ({
    urls: t.stringList(),
    mode: t.string({ description: "anyVisited, allVisited or allInOrder" }),
    blacklist: t.stringList(),
    blacklistMode: t.string({ description: "anyVisited, allVisited or allInOrder" }),
  }),
});

const WebsiteMatchInput = builder.inputType("WebsiteMatchInput", {
  fields: (t) => ({
    mode: t.string({ description: "any, all or none" }),
    values: t.stringList({ description: '"name" (present) or "name=value"' }),
  }),
});

const WebsiteRecurrenceInput = builder.inputType("WebsiteRecurrenceInput", {
  fields: (t) => ({ declined: t.float({ description: "days" }), responded: t.float({ description: "days" }) }),
});

export const WebsiteActivationInput = builder.inputType("WebsiteActivationInput", {
  description: "A website's widget activation (spec 001 §3; docs/widget.md); the fields sent replace the stored ones, the rest stay",
  fields: (t) => ({
    domain: t.string(),
    state: t.field({ type: WebsiteStateInput }),
    displayOptions: t.field({ type: WebsiteDisplayOptionsInput }),
    sample: t.float({ description: "percentage of page loads, 0–100" }),
    pages: t.field({ type: WebsitePagesInput }),
    referrer: t.field({ type: WebsiteReferrerInput }),
    returningVisitors: t.boolean(),
    visitedPages: t.field({ type: WebsiteVisitedPagesInput }),
    visitedUrls: t.field({ type: WebsiteVisitedUrlsInput }),
    browsersExcluded: t.stringList({ description: "chrome, firefox, safari, edge, opera, samsung, ie, other" }),
    screenSizeExcluded: t.stringList({ description: "mobile, tablet, desktop" }),
    cookies: t.field({ type: WebsiteMatchInput }),
    customProperties: t.field({ type: WebsiteMatchInput }),
    displayAfterTimeOnPage: t.float({ description: "seconds" }),
    displayAfterTimeOnSite: t.float({ description: "seconds" }),
    scroll: t.float({ description: "percentage of the page" }),
    exitIntent: t.boolean(),
    showFrequency: t.string({ description: "untilDeclineOrResponse, once or always" }),
    recurrence: t.field({ type: WebsiteRecurrenceInput }),
    showAfterOtherSurvey: t.float({ description: "hours" }),
    saveUrlAsMeta: t.boolean(),
  }),
});

/** The typed activation as the stored shape (page rules without their unset half), which the domain validates. */
export function websiteArg(input: Obj | null | undefined): Obj | undefined {
  if (input === null || input === undefined) return undefined;
  const out: Obj = { ...input };
  const pages = input.pages as { whitelist?: Obj[] | null; blacklist?: Obj[] | null } | null | undefined;
  if (pages) {
    const rules = (list: Obj[] | null | undefined) => (list ? list.map(defined) : list);
    out.pages = {
      ...pages,
      ...(pages.whitelist !== undefined ? { whitelist: rules(pages.whitelist) } : {}),
      ...(pages.blacklist !== undefined ? { blacklist: rules(pages.blacklist) } : {}),
    };
  }
  return out;
}

/** A stored activation as the widget reads it (every default applied), with its domain and state. */
export type WebsiteActivationView = WidgetSettings & { domain: string; stateActive: boolean; stateResponses: unknown };

export function websiteActivationView(website: unknown): WebsiteActivationView {
  const w = asObject(website);
  const state = asObject(w.state);
  const settings = resolveWebsiteSettings(w, { touchpointId: "", surveyId: "" }, new Date(0));
  return {
    ...settings,
    domain: typeof w.domain === "string" ? w.domain : "",
    stateActive: typeof state.active === "boolean" ? state.active : true,
    stateResponses: state.responses ?? null,
  };
}

const PageRule = builder.objectRef<{ host: string } | { url: string }>("PageRule").implement({
  fields: (t) => ({
    host: t.string({ nullable: true, resolve: (r) => ("host" in r ? r.host : null) }),
    url: t.string({ nullable: true, resolve: (r) => ("url" in r ? r.url : null) }),
  }),
});

const NameValue = builder.objectRef<{ name: string; value: string | null }>("NameValue").implement({
  fields: (t) => ({ name: t.exposeString("name"), value: t.exposeString("value", { nullable: true, description: "null: the name present with any value" }) }),
});

const WebsiteState = builder.objectRef<WebsiteActivationView>("WebsiteState").implement({
  fields: (t) => ({
    active: t.exposeBoolean("stateActive"),
    activeTime: t.field({ type: WebsiteActiveTime, resolve: (w) => w.activeTime }),
    responses: t.field({ type: JSONScalar, nullable: true, description: "a legacy value the widget does not use", resolve: (w) => w.stateResponses }),
  }),
});

const WebsiteActiveTime = builder.objectRef<WidgetSettings["activeTime"]>("WebsiteActiveTime").implement({
  fields: (t) => ({
    from: t.exposeString("from", { nullable: true, description: "ISO 8601; null: open" }),
    to: t.exposeString("to", { nullable: true, description: "ISO 8601; null: open" }),
  }),
});

const WebsiteDisplayOptions = builder.objectRef<WidgetSettings["displayOptions"]>("WebsiteDisplayOptions").implement({
  fields: (t) => ({ type: t.exposeString("type"), placement: t.exposeString("placement") }),
});

const WebsitePages = builder.objectRef<WidgetSettings["pages"]>("WebsitePages").implement({
  fields: (t) => ({
    whitelist: t.field({ type: [PageRule], resolve: (p) => p.whitelist }),
    blacklist: t.field({ type: [PageRule], resolve: (p) => p.blacklist }),
  }),
});

const WebsiteReferrer = builder.objectRef<WidgetSettings["referrer"]>("WebsiteReferrer").implement({
  fields: (t) => ({ source: t.exposeString("source"), urls: t.exposeStringList("urls") }),
});

const WebsiteVisitedPages = builder.objectRef<WidgetSettings["visitedPages"]>("WebsiteVisitedPages").implement({
  fields: (t) => ({ min: t.exposeInt("min", { nullable: true }), max: t.exposeInt("max", { nullable: true }) }),
});

const WebsiteVisitedUrls = builder.objectRef<WidgetSettings["visitedUrls"]>("WebsiteVisitedUrls").implement({
  fields: (t) => ({
    urls: t.exposeStringList("urls"),
    mode: t.exposeString("mode"),
    blacklist: t.exposeStringList("blacklist"),
    blacklistMode: t.exposeString("blacklistMode"),
  }),
});

const WebsiteMatch = builder.objectRef<WidgetSettings["cookies"]>("WebsiteMatch").implement({
  fields: (t) => ({ mode: t.exposeString("mode"), values: t.field({ type: [NameValue], resolve: (m) => m.values }) }),
});

const WebsiteRecurrence = builder.objectRef<WidgetSettings["recurrence"]>("WebsiteRecurrence").implement({
  fields: (t) => ({ declined: t.exposeFloat("declined", { description: "days" }), responded: t.exposeFloat("responded", { description: "days" }) }),
});

export const WebsiteActivation = builder.objectRef<WebsiteActivationView>("WebsiteActivation").implement({
  description: "A website's widget activation, as WebsiteActivationInput sets it, with every default applied (docs/widget.md)",
  fields: (t) => ({
    domain: t.exposeString("domain", { description: '"" when none' }),
    state: t.field({ type: WebsiteState, resolve: (w) => w }),
    displayOptions: t.field({ type: WebsiteDisplayOptions, resolve: (w) => w.displayOptions }),
    sample: t.exposeFloat("sample", { description: "percentage of page loads, 0–100" }),
    pages: t.field({ type: WebsitePages, resolve: (w) => w.pages }),
    referrer: t.field({ type: WebsiteReferrer, resolve: (w) => w.referrer }),
    returningVisitors: t.exposeBoolean("returningVisitors"),
    visitedPages: t.field({ type: WebsiteVisitedPages, resolve: (w) => w.visitedPages }),
    visitedUrls: t.field({ type: WebsiteVisitedUrls, resolve: (w) => w.visitedUrls }),
    browsersExcluded: t.stringList({ resolve: (w) => w.browsersExcluded }),
    screenSizeExcluded: t.stringList({ resolve: (w) => w.screenSizeExcluded }),
    cookies: t.field({ type: WebsiteMatch, resolve: (w) => w.cookies }),
    customProperties: t.field({ type: WebsiteMatch, resolve: (w) => w.customProperties }),
    displayAfterTimeOnPage: t.exposeFloat("displayAfterTimeOnPage", { description: "seconds" }),
    displayAfterTimeOnSite: t.exposeFloat("displayAfterTimeOnSite", { description: "seconds" }),
    scroll: t.exposeFloat("scroll", { description: "percentage of the page" }),
    exitIntent: t.exposeBoolean("exitIntent"),
    showFrequency: t.exposeString("showFrequency"),
    recurrence: t.field({ type: WebsiteRecurrence, resolve: (w) => w.recurrence }),
    showAfterOtherSurvey: t.exposeFloat("showAfterOtherSurvey", { description: "hours" }),
    saveUrlAsMeta: t.exposeBoolean("saveUrlAsMeta"),
  }),
});
