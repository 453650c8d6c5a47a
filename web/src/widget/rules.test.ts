import { describe, expect, it } from "vitest";
import {
  activePeriodOk,
  browserOf,
  browserOk,
  failedRules,
  frequencyOk,
  isExitMouseOut,
  isMobileExitScroll,
  nameValuesOk,
  otherSurveyOk,
  pagesOk,
  parseCookies,
  referrerOk,
  returningVisitorsOk,
  sampleOk,
  screenSizeOf,
  screenSizeOk,
  scrollPercent,
  timeRemaining,
  triggersMet,
  urlListMatches,
  visitedPagesOk,
  visitedUrlsOk,
  type Environment,
} from "./rules.js";
import type { WidgetSettings } from "./settings.js";
import { widgetSettings } from "../test/fixtures/widgetSettings.js";
import { beginPageView, record } from "./state.js";

const day = 24 * 3600_000;
const hour = 3600_000;
const t0 = Date.parse("2026-03-01T12:00:00.000Z");

const settings = (over: Partial<WidgetSettings> = {}): WidgetSettings => widgetSettings({ serverTime: new Date(t0).toISOString(), ...over });

const chromeUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("active period", () => {
  const activeTime = { from: "2026-03-01T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" };
  it("starts inclusively and ends exclusively", () => {
    expect(activePeriodOk(activeTime, Date.parse(activeTime.from) - 1)).toBe(false);
    expect(activePeriodOk(activeTime, Date.parse(activeTime.from))).toBe(true);
    expect(activePeriodOk(activeTime, Date.parse(activeTime.to) - 1)).toBe(true);
    expect(activePeriodOk(activeTime, Date.parse(activeTime.to))).toBe(false);
  });
  it("leaves a missing bound open", () => {
    expect(activePeriodOk({ from: null, to: null }, 0)).toBe(true);
    expect(activePeriodOk({ from: activeTime.from, to: null }, Date.parse("2099-01-01"))).toBe(true);
    expect(activePeriodOk({ from: null, to: activeTime.to }, 0)).toBe(true);
  });
});

describe("sample", () => {
  it("passes draws below the percentage", () => {
    expect(sampleOk(100, 99.99)).toBe(true);
    expect(sampleOk(0, 0)).toBe(false);
    expect(sampleOk(25, 24.99)).toBe(true);
    expect(sampleOk(25, 25)).toBe(false);
  });
  it("is drawn once per visit and touchpoint (sticky), and redrawn in a new visit", () => {
    let state = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "" });
    const env = environment({ random: () => 0.9 });
    const s = settings({ sample: 50 });
    expect(failedRules(s, state, env)).toEqual(["sample"]);
    // Later page views of the same visit keep the draw, whatever the random source says now.
    state = beginPageView(state, { now: t0 + 60_000, url: "https://shop.test/a", referrer: "" });
    expect(failedRules(s, state, environment({ random: () => 0.1 }))).toEqual(["sample"]);
    // Another touchpoint draws for itself.
    expect(failedRules({ ...s, touchpointId: "tp2" }, state, environment({ random: () => 0.1 }))).toEqual([]);
    // A new visit (31 idle minutes) draws again.
    state = beginPageView(state, { now: t0 + 60_000 + 31 * 60_000, url: "https://shop.test/", referrer: "" });
    expect(failedRules(s, state, environment({ random: () => 0.1 }))).toEqual([]);
  });
});

describe("pages", () => {
  it("shows on whitelisted pages and never on blacklisted ones", () => {
    const pages = { whitelist: [{ url: "/products" }], blacklist: [{ url: "/products/secret" }] };
    expect(pagesOk(pages, "https://shop.test/products/1")).toBe(true);
    expect(pagesOk(pages, "https://shop.test/checkout")).toBe(false);
    expect(pagesOk(pages, "https://shop.test/products/secret")).toBe(false);
  });
  it("an empty whitelist allows every page; the default host rule allows the whole site", () => {
    expect(pagesOk({ whitelist: [], blacklist: [] }, "https://any.test/")).toBe(true);
    expect(pagesOk({ whitelist: [{ host: "shop.test" }], blacklist: [] }, "https://www.shop.test/x")).toBe(true);
    expect(pagesOk({ whitelist: [{ host: "shop.test" }], blacklist: [] }, "https://other.test/x")).toBe(false);
  });
});

describe("referrer", () => {
  it("all passes; specific needs an entry referrer matching a pattern", () => {
    expect(referrerOk({ source: "all", urls: ["google."] }, "")).toBe(true);
    expect(referrerOk({ source: "specific", urls: ["google."] }, "https://www.google.com/search")).toBe(true);
    expect(referrerOk({ source: "specific", urls: ["google."] }, "https://bing.com/")).toBe(false);
    expect(referrerOk({ source: "specific", urls: ["google."] }, "")).toBe(false);
    expect(referrerOk({ source: "specific", urls: [] }, "")).toBe(true);
  });
  it("uses the referrer that started the visit, not the site's own pages", () => {
    let state = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "https://www.google.com/" });
    state = beginPageView(state, { now: t0 + 1000, url: "https://shop.test/b", referrer: "https://shop.test/" });
    expect(state.session.referrer).toBe("https://www.google.com/");
    const internal = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "https://shop.test/x" });
    expect(internal.session.referrer).toBe("");
  });
});

describe("returning visitors", () => {
  it("limits to visitors on a second visit or later when set", () => {
    expect(returningVisitorsOk(false, 1)).toBe(true);
    expect(returningVisitorsOk(true, 1)).toBe(false);
    expect(returningVisitorsOk(true, 2)).toBe(true);
    let state = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "" });
    state = beginPageView(state, { now: t0 + 29 * 60_000, url: "https://shop.test/a", referrer: "" });
    expect(state.visits).toBe(1);
    state = beginPageView(state, { now: t0 + 29 * 60_000 + 30 * 60_000 + 1, url: "https://shop.test/a", referrer: "" });
    expect(state.visits).toBe(2);
  });
});

describe("visited pages", () => {
  it("checks min and max inclusively; null bounds are open", () => {
    expect(visitedPagesOk({ min: 3, max: null }, 2)).toBe(false);
    expect(visitedPagesOk({ min: 3, max: null }, 3)).toBe(true);
    expect(visitedPagesOk({ min: null, max: 3 }, 3)).toBe(true);
    expect(visitedPagesOk({ min: null, max: 3 }, 4)).toBe(false);
    expect(visitedPagesOk({ min: 2, max: 4 }, 1)).toBe(false);
    expect(visitedPagesOk({ min: null, max: null }, 1000)).toBe(true);
  });
  it("counts page views of the visit, reloads once", () => {
    let state = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "" });
    state = beginPageView(state, { now: t0 + 1, url: "https://shop.test/", referrer: "" });
    state = beginPageView(state, { now: t0 + 2, url: "https://shop.test/a", referrer: "" });
    state = beginPageView(state, { now: t0 + 3, url: "https://shop.test/", referrer: "" });
    expect(state.session.pages).toBe(3);
    expect(state.session.urls).toEqual(["https://shop.test/", "https://shop.test/a", "https://shop.test/"]);
  });
});

describe("visited URLs", () => {
  const history = ["https://shop.test/", "https://shop.test/products/1", "https://shop.test/cart", "https://shop.test/products/2"];
  it("anyVisited: one pattern matched a page of the visit", () => {
    expect(urlListMatches(["/cart", "/nope"], history, "anyVisited")).toBe(true);
    expect(urlListMatches(["/nope"], history, "anyVisited")).toBe(false);
  });
  it("allVisited: every pattern matched some page", () => {
    expect(urlListMatches(["/cart", "/products"], history, "allVisited")).toBe(true);
    expect(urlListMatches(["/cart", "/nope"], history, "allVisited")).toBe(false);
  });
  it("allInOrder: the patterns matched pages visited in that order", () => {
    expect(urlListMatches(["/products", "/cart"], history, "allInOrder")).toBe(true);
    expect(urlListMatches(["/cart", "/products"], history, "allInOrder")).toBe(true); // /products/2 after /cart
    expect(urlListMatches(["/cart", "/products", "/cart"], history, "allInOrder")).toBe(false);
    expect(urlListMatches(["/products", "/products"], history, "allInOrder")).toBe(true);
    expect(urlListMatches(["/products/2", "/products/1"], history, "allInOrder")).toBe(false);
  });
  it("a blacklist in its own mode hides the widget; empty lists pass", () => {
    const rule = { urls: ["/products"], mode: "anyVisited" as const, blacklist: ["/cart"], blacklistMode: "anyVisited" as const };
    expect(visitedUrlsOk(rule, history)).toBe(false);
    expect(visitedUrlsOk({ ...rule, blacklist: ["/cart", "/nope"], blacklistMode: "allVisited" }, history)).toBe(true);
    expect(visitedUrlsOk({ ...rule, blacklist: ["/products/2", "/cart"], blacklistMode: "allInOrder" }, history)).toBe(true);
    expect(visitedUrlsOk({ urls: [], mode: "allVisited", blacklist: [], blacklistMode: "anyVisited" }, [])).toBe(true);
  });
});

describe("browsers and screen sizes", () => {
  const uas: [string, string][] = [
    [chromeUa, "chrome"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "firefox"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "safari"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1", "chrome"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0", "edge"],
    ["Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 OPR/111.0", "opera"],
    ["Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36", "samsung"],
    ["Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko", "ie"],
    ["curl/8.0", "other"],
  ];
  it.each(uas)("%s is %s", (ua, family) => expect(browserOf(ua)).toBe(family));
  it("excludes the listed browsers", () => {
    expect(browserOk(["chrome"], chromeUa)).toBe(false);
    expect(browserOk(["firefox"], chromeUa)).toBe(true);
  });
  it("classes widths: mobile < 768 ≤ tablet < 1024 ≤ desktop", () => {
    expect(screenSizeOf(767)).toBe("mobile");
    expect(screenSizeOf(768)).toBe("tablet");
    expect(screenSizeOf(1023)).toBe("tablet");
    expect(screenSizeOf(1024)).toBe("desktop");
    expect(screenSizeOk(["mobile"], 400)).toBe(false);
    expect(screenSizeOk(["mobile"], 1200)).toBe(true);
  });
});

describe("cookies and custom properties", () => {
  const jar = parseCookies("consent=yes; member=1; theme=dark%20blue; flag");
  it("parses document.cookie", () => {
    expect(jar.get("theme")).toBe("dark blue");
    expect(jar.get("flag")).toBe("");
  });
  it("any: one condition holds", () => {
    expect(
      nameValuesOk(
        {
          mode: "any",
          values: [
            { name: "consent", value: "no" },
            { name: "member", value: null },
          ],
        },
        jar,
      ),
    ).toBe(true);
    expect(nameValuesOk({ mode: "any", values: [{ name: "consent", value: "no" }] }, jar)).toBe(false);
  });
  it("all: every condition holds", () => {
    expect(
      nameValuesOk(
        {
          mode: "all",
          values: [
            { name: "consent", value: "yes" },
            { name: "member", value: null },
          ],
        },
        jar,
      ),
    ).toBe(true);
    expect(
      nameValuesOk(
        {
          mode: "all",
          values: [
            { name: "consent", value: "yes" },
            { name: "absent", value: null },
          ],
        },
        jar,
      ),
    ).toBe(false);
  });
  it("none: no condition holds", () => {
    expect(
      nameValuesOk(
        {
          mode: "none",
          values: [
            { name: "absent", value: null },
            { name: "consent", value: "no" },
          ],
        },
        jar,
      ),
    ).toBe(true);
    expect(nameValuesOk({ mode: "none", values: [{ name: "consent", value: null }] }, jar)).toBe(false);
  });
  it("no conditions pass in every mode", () => {
    for (const mode of ["any", "all", "none"] as const) expect(nameValuesOk({ mode, values: [] }, jar)).toBe(true);
  });
  it("custom properties come from setProperty", () => {
    const env = environment({ properties: new Map([["plan", "pro"]]) });
    const s = settings({ customProperties: { mode: "all", values: [{ name: "plan", value: "pro" }] } });
    const state = beginPageView(null, { now: t0, url: env.url, referrer: "" });
    expect(failedRules(s, state, env)).toEqual([]);
    expect(failedRules(s, state, { ...env, properties: new Map() })).toEqual(["customProperties"]);
  });
});

describe("show frequency and recurrence (days)", () => {
  const base = settings();
  it("untilDeclineOrResponse: shows until a decline or a response, then waits the recurrence", () => {
    expect(frequencyOk(base, undefined, t0)).toBe(true);
    expect(frequencyOk(base, { shown: t0 }, t0 + 1000)).toBe(true); // ignored: shows again
    expect(frequencyOk(base, { shown: t0, declined: t0 }, t0 + 7 * day - 1)).toBe(false);
    expect(frequencyOk(base, { shown: t0, declined: t0 }, t0 + 7 * day)).toBe(true);
    expect(frequencyOk(base, { shown: t0, responded: t0 }, t0 + 7 * day - 1)).toBe(false);
    expect(frequencyOk(base, { shown: t0, responded: t0 }, t0 + 7 * day)).toBe(true);
    const asymmetric = { ...base, recurrence: { declined: 1, responded: 30 } };
    expect(frequencyOk(asymmetric, { declined: t0 }, t0 + day)).toBe(true);
    expect(frequencyOk(asymmetric, { responded: t0 }, t0 + 29 * day)).toBe(false);
    // A recurrence of 0 days shows again on the next page view.
    expect(frequencyOk({ ...base, recurrence: { declined: 0, responded: 0 } }, { declined: t0, responded: t0 }, t0)).toBe(true);
  });
  it("once: one display per recurrence period; ignoring counts as declining", () => {
    const once = { ...base, showFrequency: "once" as const, recurrence: { declined: 2, responded: 10 } };
    expect(frequencyOk(once, { shown: t0 }, t0 + 1)).toBe(false);
    expect(frequencyOk(once, { shown: t0 }, t0 + 2 * day)).toBe(true);
    expect(frequencyOk(once, { shown: t0, responded: t0 + 5 }, t0 + 2 * day)).toBe(false);
    expect(frequencyOk(once, { shown: t0, responded: t0 + 5 }, t0 + 10 * day + 5)).toBe(true);
  });
  it("always: shows whatever happened before", () => {
    expect(frequencyOk({ ...base, showFrequency: "always" }, { shown: t0, declined: t0, responded: t0 }, t0)).toBe(true);
  });
  it("works with a fake clock through the visitor state", () => {
    let state = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "" });
    state = record(state, "tp1", "shown", t0);
    state = record(state, "tp1", "declined", t0 + 5000);
    const s = settings();
    expect(failedRules(s, state, environment({ now: t0 + 6 * day }))).toEqual(["showFrequency"]);
    expect(failedRules(s, state, environment({ now: t0 + 5000 + 7 * day }))).toEqual([]);
  });
});

describe("show after another survey (hours)", () => {
  it("waits N hours after another widget was shown", () => {
    expect(otherSurveyOk(12, { id: "tp2", at: t0 }, "tp1", t0 + 12 * hour - 1)).toBe(false);
    expect(otherSurveyOk(12, { id: "tp2", at: t0 }, "tp1", t0 + 12 * hour)).toBe(true);
    expect(otherSurveyOk(12, { id: "tp1", at: t0 }, "tp1", t0)).toBe(true); // its own display is the frequency rule's
    expect(otherSurveyOk(0, { id: "tp2", at: t0 }, "tp1", t0)).toBe(true);
    expect(otherSurveyOk(12, undefined, "tp1", t0)).toBe(true);
  });
});

describe("time, scroll and exit intent", () => {
  const p = { pageStart: t0, siteStart: t0 - 50_000, now: t0, maxScroll: 0, exited: false };
  it("counts seconds on the page and on the site", () => {
    const s = settings({ displayAfterTimeOnPage: 10, displayAfterTimeOnSite: 60 });
    expect(timeRemaining(s, p)).toBe(10_000);
    expect(timeRemaining(s, { ...p, now: t0 + 10_000 })).toBe(0);
    expect(triggersMet(s, { ...p, now: t0 + 9_999 })).toBe(false);
    expect(triggersMet(s, { ...p, now: t0 + 10_000 })).toBe(true);
    expect(timeRemaining(settings({ displayAfterTimeOnSite: 120 }), p)).toBe(70_000);
  });
  it("needs the scroll depth and the exit intent when configured", () => {
    const s = settings({ scroll: 50, exitIntent: true });
    expect(triggersMet(s, { ...p, maxScroll: 49, exited: true })).toBe(false);
    expect(triggersMet(s, { ...p, maxScroll: 50, exited: false })).toBe(false);
    expect(triggersMet(s, { ...p, maxScroll: 50, exited: true })).toBe(true);
    expect(triggersMet(settings(), p)).toBe(true);
  });
  it("computes the scroll percent; a page that cannot scroll is fully read", () => {
    expect(scrollPercent(0, 2000, 1000)).toBe(0);
    expect(scrollPercent(500, 2000, 1000)).toBe(50);
    expect(scrollPercent(999, 2000, 1000)).toBe(99);
    expect(scrollPercent(1000, 2000, 1000)).toBe(100);
    expect(scrollPercent(0, 800, 1000)).toBe(100);
  });
  it("recognises the pointer leaving at the top, and the fast upward swipe on touch screens", () => {
    expect(isExitMouseOut({ relatedTarget: null, clientY: 0 })).toBe(true);
    expect(isExitMouseOut({ relatedTarget: null, clientY: -3 })).toBe(true);
    expect(isExitMouseOut({ relatedTarget: null, clientY: 300 })).toBe(false); // left by the side
    expect(isExitMouseOut({ relatedTarget: {}, clientY: 0 })).toBe(false); // moved onto an element
    expect(isMobileExitScroll({ y: 900, t: 0 }, { y: 700, t: 100 }, 900, 800)).toBe(true);
    expect(isMobileExitScroll({ y: 900, t: 0 }, { y: 700, t: 1000 }, 900, 800)).toBe(false); // slow
    expect(isMobileExitScroll({ y: 300, t: 0 }, { y: 100, t: 100 }, 300, 800)).toBe(false); // barely read
  });
});

function environment(over: Partial<Environment> = {}): Environment {
  return {
    url: "https://shop.test/products",
    now: t0,
    serverNow: t0,
    userAgent: chromeUa,
    viewportWidth: 1280,
    cookie: "",
    properties: new Map(),
    random: () => 0,
    ...over,
  };
}

describe("failedRules", () => {
  it("names every failing rule", () => {
    const s = settings({
      activeTime: { from: new Date(t0 + 1).toISOString(), to: null },
      pages: { whitelist: [{ url: "/checkout" }], blacklist: [] },
      returningVisitors: true,
      visitedPages: { min: 2, max: null },
      browsersExcluded: ["chrome"],
      screenSizeExcluded: ["desktop"],
      cookies: { mode: "all", values: [{ name: "c", value: null }] },
      referrer: { source: "specific", urls: ["google"] },
      visitedUrls: { urls: ["/x"], mode: "anyVisited", blacklist: [], blacklistMode: "anyVisited" },
    });
    const state = beginPageView(null, { now: t0, url: "https://shop.test/products", referrer: "" });
    expect(failedRules(s, state, environment())).toEqual([
      "activePeriod",
      "pages",
      "referrer",
      "returningVisitors",
      "visitedPages",
      "visitedUrls",
      "browsersExcluded",
      "screenSizeExcluded",
      "cookies",
    ]);
  });
  it("uses the server-corrected clock for the active period", () => {
    const s = settings({ activeTime: { from: null, to: new Date(t0).toISOString() } });
    const state = beginPageView(null, { now: t0, url: "https://shop.test/", referrer: "" });
    expect(failedRules(s, state, environment({ now: t0 - hour, serverNow: t0 }))).toEqual(["activePeriod"]);
  });
});
