import { describe, expect, it } from "vitest";
import {
  defaultWebsiteSettings,
  hostOf,
  isDomain,
  resolveWebsiteSettings,
  websiteDefaults,
  widgetSettingsFor,
  withinActivePeriod,
} from "./website-settings.js";

const ids = { touchpointId: "tp1", surveyId: "s1" };
const now = new Date("2026-03-01T12:00:00.000Z");

describe("resolveWebsiteSettings", () => {
  it("applies every default of spec 001 §3/§9 to an empty activation", () => {
    const s = resolveWebsiteSettings({}, ids, now);
    expect(s).toEqual({
      active: true,
      touchpointId: "tp1",
      surveyId: "s1",
      serverTime: now.toISOString(),
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
    });
  });

  it("defaults the whitelist to the activation's domain ([{host}])", () => {
    expect(resolveWebsiteSettings({ domain: "https://Shop.Example/" }, ids, now).pages.whitelist).toEqual([{ host: "shop.example" }]);
    // An explicit empty whitelist means every page.
    expect(resolveWebsiteSettings({ domain: "shop.example", pages: { whitelist: [] } }, ids, now).pages.whitelist).toEqual([]);
  });

  it("reads the seeded activation", () => {
    const s = resolveWebsiteSettings(defaultWebsiteSettings("shop.demo.example"), ids, now);
    expect(s.pages.whitelist).toEqual([{ host: "shop.demo.example" }]);
    expect(s.recurrence).toEqual({ declined: 7, responded: 7 });
    expect(s.showAfterOtherSurvey).toBe(12);
  });

  it("keeps stored values and normalises their forms", () => {
    const s = resolveWebsiteSettings(
      {
        displayOptions: { type: "popover", placement: "topLeft" },
        sample: "25",
        pages: { whitelist: ["/products", { host: "www.shop.example" }, { url: "/p/*" }, "", 5], blacklist: ["/checkout"] },
        referrer: { source: "specific", urls: ["google."] },
        returningVisitors: true,
        visitedPages: { min: 5, max: 2 },
        visitedUrls: { urls: ["/a", "/b"], mode: "allInOrder", blacklist: ["/c"], blacklistMode: "allVisited" },
        browsersExcluded: ["Safari", "netscape", "ie"],
        screenSizeExcluded: ["mobile", "watch"],
        cookies: { mode: "all", values: ["consent=yes", "member", { name: "x", value: 1 }] },
        customProperties: { mode: "none", values: [{ key: "plan", value: "free" }, { name: "" }] },
        displayAfterTimeOnPage: 10,
        displayAfterTimeOnSite: 60,
        scroll: 150,
        exitIntent: true,
        showFrequency: "always",
        recurrence: { declined: 0, responded: 30 },
        showAfterOtherSurvey: 0,
        saveUrlAsMeta: true,
      },
      ids,
      now,
    );
    expect(s.displayOptions).toEqual({ type: "popover", placement: "top-left" });
    expect(s.sample).toBe(25);
    expect(s.pages).toEqual({
      whitelist: [{ url: "/products" }, { host: "www.shop.example" }, { url: "/p/*" }],
      blacklist: [{ url: "/checkout" }],
    });
    expect(s.referrer).toEqual({ source: "specific", urls: ["google."] });
    expect(s.returningVisitors).toBe(true);
    expect(s.visitedPages).toEqual({ min: 2, max: 5 });
    expect(s.visitedUrls).toEqual({ urls: ["/a", "/b"], mode: "allInOrder", blacklist: ["/c"], blacklistMode: "allVisited" });
    expect(s.browsersExcluded).toEqual(["safari", "ie"]);
    expect(s.screenSizeExcluded).toEqual(["mobile"]);
    expect(s.cookies).toEqual({
      mode: "all",
      values: [
        { name: "consent", value: "yes" },
        { name: "member", value: null },
        { name: "x", value: "1" },
      ],
    });
    expect(s.customProperties).toEqual({ mode: "none", values: [{ name: "plan", value: "free" }] });
    expect(s.scroll).toBe(100);
    expect(s.exitIntent).toBe(true);
    expect(s.showFrequency).toBe("always");
    expect(s.recurrence).toEqual({ declined: 0, responded: 30 });
    expect(s.showAfterOtherSurvey).toBe(0);
    expect(s.saveUrlAsMeta).toBe(true);
  });

  it("takes the default for malformed values instead of failing", () => {
    const s = resolveWebsiteSettings(
      {
        displayOptions: "x",
        sample: -5,
        pages: null,
        visitedPages: { min: "a", max: -1 },
        showFrequency: "sometimes",
        recurrence: { declined: null, responded: "soon" },
        showAfterOtherSurvey: Number.NaN,
        state: { activeTime: { from: "not a date", to: 42 } },
      },
      ids,
      now,
    );
    expect(s.displayOptions).toEqual({ type: "cornerWindow", placement: "bottom-right" });
    expect(s.sample).toBe(100);
    expect(s.visitedPages).toEqual({ min: null, max: null });
    expect(s.showFrequency).toBe("untilDeclineOrResponse");
    expect(s.recurrence).toEqual({ declined: 7, responded: 7 });
    expect(s.showAfterOtherSurvey).toBe(12);
    expect(resolveWebsiteSettings({ state: { activeTime: { from: "not a date" } } }, ids, now).activeTime.from).toBeNull();
  });
});

describe("withinActivePeriod", () => {
  const from = "2026-03-01T00:00:00.000Z";
  const to = "2026-03-02T00:00:00.000Z";
  it("includes the start and excludes the end", () => {
    expect(withinActivePeriod({ from, to }, new Date(from))).toBe(true);
    expect(withinActivePeriod({ from, to }, new Date(Date.parse(from) - 1))).toBe(false);
    expect(withinActivePeriod({ from, to }, new Date(Date.parse(to) - 1))).toBe(true);
    expect(withinActivePeriod({ from, to }, new Date(to))).toBe(false);
  });
  it("treats a missing bound as open", () => {
    expect(withinActivePeriod({ from: null, to: null }, now)).toBe(true);
    expect(withinActivePeriod({ from: null, to }, new Date("2000-01-01"))).toBe(true);
    expect(withinActivePeriod({ from, to: null }, new Date("2100-01-01"))).toBe(true);
  });
});

describe("widgetSettingsFor", () => {
  const touchpoint = (website: unknown, activeSurveyId: string | null = "s1") => ({ id: "tp1", activeSurveyId, settings: { website } });
  it("answers { active: false } when switched off, without a survey, or outside the active period", () => {
    expect(widgetSettingsFor(touchpoint({ state: { active: false } }), now)).toEqual({ active: false });
    expect(widgetSettingsFor(touchpoint({ state: { active: true } }, null), now)).toEqual({ active: false });
    expect(widgetSettingsFor(touchpoint({ state: { active: true, activeTime: { from: "2026-03-01T12:00:01Z" } } }), now)).toEqual({ active: false });
    expect(widgetSettingsFor(touchpoint({ state: { active: true, activeTime: { to: now.toISOString() } } }), now)).toEqual({ active: false });
  });
  it("answers the settings when active (a missing state counts as active)", () => {
    expect(widgetSettingsFor(touchpoint({ state: { active: true, activeTime: { from: now.toISOString() } } }), now).active).toBe(true);
    expect(widgetSettingsFor(touchpoint({}), now).active).toBe(true);
    expect(widgetSettingsFor({ id: "tp1", activeSurveyId: "s1", settings: null }, now).active).toBe(true);
  });
});

describe("hostOf", () => {
  it("extracts a lower-case host name", () => {
    expect(hostOf("Shop.Example")).toBe("shop.example");
    expect(hostOf("https://shop.example:8443/path")).toBe("shop.example");
    expect(hostOf("  ")).toBe("");
  });
});

describe("defaultWebsiteSettings", () => {
  it("is a new activation with every default of spec 001 §9, showing on the whole domain", () => {
    const d = defaultWebsiteSettings("shop.example");
    expect(d.domain).toBe("shop.example");
    expect(d.state).toEqual({ active: true, activeTime: { from: null, to: null }, responses: null });
    expect(d.displayOptions).toEqual({ type: "cornerWindow", placement: "bottom-right" });
    expect(d.pages).toEqual({ whitelist: [{ host: "shop.example" }], blacklist: [] });
    expect([d.sample, d.showFrequency, d.recurrence, d.showAfterOtherSurvey]).toEqual([100, "untilDeclineOrResponse", { declined: 7, responded: 7 }, 12]);
  });

  it("is read back by the widget's reader as exactly the defaults (nothing lost, nothing invented)", () => {
    const s = resolveWebsiteSettings(defaultWebsiteSettings("shop.example"), ids, now);
    const empty = resolveWebsiteSettings({ domain: "shop.example" }, ids, now);
    expect(s).toEqual(empty);
    expect(s.sample).toBe(websiteDefaults.sample);
    expect(s.displayAfterTimeOnPage).toBe(websiteDefaults.displayAfterTimeOnPage);
  });
});

describe("isDomain", () => {
  it("accepts host names with a top-level domain, in any case and with spaces around", () => {
    for (const ok of ["shop.example", " Blog.Example.org ", "a-b.c.example"]) expect(isDomain(ok), ok).toBe(true);
  });

  it("refuses addresses, bare names and malformed labels", () => {
    for (const bad of ["", "not a domain", "localhost", "https://shop.example", "-shop.example", "shop..example", "shop.example/path", "shop.e"]) {
      expect(isDomain(bad), bad).toBe(false);
    }
  });
});
