// Test fixture shared by the widget's tests: settings as the settings endpoint answers them, with the
// defaults of spec 001 §9 (every rule lets the widget show at once).
import type { WidgetSettings } from "./settings.js";

export function widgetSettings(over: Partial<WidgetSettings> = {}): WidgetSettings {
  return {
    active: true,
    touchpointId: "tp1",
    surveyId: "s1",
    serverTime: new Date().toISOString(),
    activeTime: { from: null, to: null },
    displayOptions: { type: "cornerWindow", placement: "bottom-right" },
    sample: 100,
    pages: { whitelist: [], blacklist: [] },
    referrer: { source: "all", urls: [] },
    returningVisitors: false,
    visitedPages: { min: null, max: null },
    visitedUrls: { urls: [], mode: "anyVisited", blacklist: [], blacklistMode: "anyVisited" },
    browsersExcluded: [],
    screenSizeExcluded: [],
    cookies: { mode: "any", values: [] },
    customProperties: { mode: "any", values: [] },
    displayAfterTimeOnPage: 0,
    displayAfterTimeOnSite: 0,
    scroll: 0,
    exitIntent: false,
    showFrequency: "untilDeclineOrResponse",
    recurrence: { declined: 7, responded: 7 },
    showAfterOtherSurvey: 12,
    saveUrlAsMeta: false,
    ...over,
  };
}
