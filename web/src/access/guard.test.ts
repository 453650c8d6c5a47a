import { describe, expect, it } from "vitest";
import { findRouteMeta } from "../routes";
import { decideAfterLogin, decideBeforeLogin, rootTarget, type GuardViewer } from "./guard";
import { hasQueryToken, isNoLogin, queryToken, shouldSendBearer } from "./queryFlags";

const TOKEN = "abcdefghijk"; // 11 characters: longer than 10
const SHORT = "abcdefghij"; // 10 characters: not a token

const before = (path: string, search = "") => {
  const url = new URL(path, "http://x");
  return decideBeforeLogin({ access: findRouteMeta(url.pathname).access, search: search || url.search });
};

const viewer = (over: Partial<GuardViewer> = {}): GuardViewer => ({
  systemAdmin: false,
  viewerOnly: false,
  dashboardLocked: false,
  analyzedResponses: true,
  signupStatus: "complete",
  signupToken: null,
  ...over,
});

describe("query token and flags", () => {
  it("counts a token only when longer than 10 characters", () => {
    expect(queryToken(`?token=${TOKEN}`)).toBe(TOKEN);
    expect(queryToken(`?token=${SHORT}`)).toBeNull();
    expect(hasQueryToken("")).toBe(false);
  });
  it("reads noLogin=true only", () => {
    expect(isNoLogin("?noLogin=true")).toBe(true);
    expect(isNoLogin("?noLogin=1")).toBe(false);
  });
  it("sends no bearer with a token or noLogin", () => {
    expect(shouldSendBearer("")).toBe(true);
    expect(shouldSendBearer(`?token=${TOKEN}`)).toBe(false);
    expect(shouldSendBearer(`?token=${SHORT}`)).toBe(true);
    expect(shouldSendBearer("?noLogin=true")).toBe(false);
  });
});

describe("before login (spec 000 §2)", () => {
  it.each(["/unsubscribe", "/signup", "/signup/verify-email", "/components"])("%s is open without login", (path) => {
    expect(before(path)).toEqual({ kind: "anonymous" });
  });

  it("open pages stay open with a token in the query", () => {
    expect(before("/unsubscribe", `?token=${TOKEN}`)).toEqual({ kind: "anonymous" });
    expect(before("/signup", `?token=${TOKEN}`)).toEqual({ kind: "anonymous" });
  });

  it.each(["/results", "/accept-invitation", "/customer-journey/analytics/65a1b2c3d4e5f60718293a4b", "/settings/billing-history/in_123/pdf"])(
    "a query token opens %s without login",
    (path) => {
      expect(before(path, `?token=${TOKEN}`)).toEqual({ kind: "anonymous" });
    },
  );

  it.each(["/summary", "/surveys/list", "/settings/user", "/customer-journey/list", "/notifications/list", "/", "/nowhere"])(
    "a query token on %s redirects to /",
    (path) => {
      expect(before(path, `?token=${TOKEN}`)).toEqual({ kind: "redirect", to: "/" });
    },
  );

  it("a short token is no token: login as usual", () => {
    expect(before("/results", `?token=${SHORT}`)).toEqual({ kind: "login" });
  });

  it("noLogin=true skips login", () => {
    expect(before("/summary", "?noLogin=true")).toEqual({ kind: "anonymous" });
    expect(before("/results", "?noLogin=true")).toEqual({ kind: "anonymous" });
  });

  it("otherwise a session is needed", () => {
    expect(before("/summary")).toEqual({ kind: "login" });
    expect(before("/results")).toEqual({ kind: "login" });
    expect(before("/accept-invitation")).toEqual({ kind: "login" });
  });

  it("the sign-in callback and the logout return page need no session", () => {
    expect(before("/auth-callback")).toEqual({ kind: "anonymous" });
    expect(before("/logout")).toEqual({ kind: "anonymous" });
  });
});

describe("after login", () => {
  it("root goes to /summary when onboarding responses were analysed", () => {
    expect(decideAfterLogin({ pathname: "/", viewer: viewer() })).toEqual({ kind: "redirect", to: "/summary" });
  });
  it("root goes to /getting-started when nothing was analysed and the user is not viewer-only", () => {
    expect(decideAfterLogin({ pathname: "/", viewer: viewer({ analyzedResponses: false }) })).toEqual({
      kind: "redirect",
      to: "/getting-started",
    });
  });
  it("viewer-only users always go to /summary", () => {
    expect(rootTarget(viewer({ viewerOnly: true, analyzedResponses: false }))).toBe("/summary");
    expect(rootTarget(viewer({ viewerOnly: true }))).toBe("/summary");
  });
  it("a locked dashboard sends root to /expired", () => {
    expect(decideAfterLogin({ pathname: "/", viewer: viewer({ dashboardLocked: true }) })).toEqual({
      kind: "redirect",
      to: "/expired",
    });
    expect(rootTarget(viewer({ dashboardLocked: true, viewerOnly: true }))).toBe("/expired");
  });
  it("a locked dashboard sends everyone but system admins to settings", () => {
    const locked = viewer({ dashboardLocked: true });
    expect(decideAfterLogin({ pathname: "/summary", viewer: locked })).toEqual({ kind: "redirect", to: "/settings" });
    expect(decideAfterLogin({ pathname: "/surveys/list", viewer: locked })).toEqual({ kind: "redirect", to: "/settings" });
    expect(decideAfterLogin({ pathname: "/settings/subscription", viewer: locked })).toEqual({ kind: "allow" });
    expect(decideAfterLogin({ pathname: "/settings", viewer: locked })).toEqual({ kind: "allow" });
    expect(decideAfterLogin({ pathname: "/expired", viewer: locked })).toEqual({ kind: "allow" });
  });
  it("the super-admin area is only for system admins: anyone else goes to / with the reason", () => {
    for (const path of [
      "/superadmin",
      "/superadmin/reports",
      "/superadmin/65a1b2c3d4e5f60718293a4b/edit",
      "/superadmin/65a1b2c3d4e5f60718293a4b/user-management/invites/x",
    ]) {
      const meta = findRouteMeta(path);
      expect(meta.systemAdminOnly).toBe(true);
      expect(decideAfterLogin({ pathname: path, viewer: viewer(), systemAdminOnly: meta.systemAdminOnly })).toEqual({
        kind: "redirect",
        to: "/",
        refused: "systemAdminOnly",
      });
      expect(decideAfterLogin({ pathname: path, viewer: viewer({ systemAdmin: true }), systemAdminOnly: meta.systemAdminOnly })).toEqual({ kind: "allow" });
    }
    // Nothing else is marked: settings, summary and the catch-all stay open to members.
    expect(findRouteMeta("/settings/user").systemAdminOnly).toBe(false);
    expect(findRouteMeta("/summary").systemAdminOnly).toBe(false);
    expect(findRouteMeta("/superadminx").systemAdminOnly).toBe(false);
  });
  it("system admins are exempt from the lock", () => {
    const admin = viewer({ dashboardLocked: true, systemAdmin: true });
    expect(decideAfterLogin({ pathname: "/summary", viewer: admin })).toEqual({ kind: "allow" });
    expect(decideAfterLogin({ pathname: "/", viewer: admin })).toEqual({ kind: "redirect", to: "/summary" });
  });
  it("signup status emailVerification leads to /signup/verify-email", () => {
    expect(decideAfterLogin({ pathname: "/summary", viewer: viewer({ signupStatus: "emailVerification" }) })).toEqual({
      kind: "redirect",
      to: "/signup/verify-email",
    });
  });
  it("signup status detailsRequired with a token leads to /signup?token=…", () => {
    expect(decideAfterLogin({ pathname: "/", viewer: viewer({ signupStatus: "detailsRequired", signupToken: "tok en/1" }) })).toEqual({
      kind: "redirect",
      to: "/signup?token=tok%20en%2F1",
    });
  });
  it("detailsRequired without a token and complete mean normal use", () => {
    expect(decideAfterLogin({ pathname: "/summary", viewer: viewer({ signupStatus: "detailsRequired" }) })).toEqual({
      kind: "allow",
    });
    expect(decideAfterLogin({ pathname: "/summary", viewer: viewer() })).toEqual({ kind: "allow" });
  });
});
