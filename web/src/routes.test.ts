import { matchRoutes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { allRoutePatterns, buildRoutes, findRouteMeta, pathFor } from "./routes";

/** Every route of spec 000 §2 and spec 001 §2 (ids filled in). */
const SPEC_PATHS = [
  // 000
  "/",
  "/auth-callback",
  "/logout",
  "/signup",
  "/signup/verify-email",
  "/accept-invitation",
  "/unsubscribe",
  "/expired",
  "/getting-started",
  "/settings",
  "/settings/user",
  "/settings/teams",
  "/settings/user-management",
  "/settings/user-management/u1",
  "/settings/user-management/invites",
  "/settings/user-management/invites/i1",
  "/settings/privacy-policy",
  "/settings/survey-appearance",
  "/settings/satisfaction-scale",
  "/settings/logo",
  "/settings/time-zone",
  "/settings/billing-details",
  "/settings/billing-history",
  "/settings/subscription",
  "/superadmin",
  "/superadmin/o1/edit",
  "/superadmin/o1/sms-costs",
  "/superadmin/o1/user-management",
  "/superadmin/o1/user-management/u1",
  "/superadmin/o1/user-management/invites",
  "/superadmin/o1/user-management/invites/i1",
  "/superadmin/reports",
  "/superadmin/sms-reports",
  "/pings",
  "/components",
  "/scaffold-2",
  // 001
  "/summary",
  "/surveys",
  "/surveys/list",
  "/surveys/scheduled",
  "/surveys/s1/edit",
  "/surveys/templates",
  "/results",
  "/notifications",
  "/notifications/list",
  "/notifications/n1",
  "/notifications/n1/preliminary",
  "/notifications/n1/conditions",
  "/notifications/n1/activate",
  "/notifications/n1/activate/success",
  "/launch-website",
  "/website/c1/edit",
  "/customer-journey",
  "/customer-journey/list",
  "/customer-journey/new",
  "/customer-journey/j1",
  "/customer-journey/analytics/j1",
  "/touchpoints",
  "/touchpoints/terminals",
  "/touchpoints/terminals/t1/edit",
  "/touchpoints/terminals/new",
  "/touchpoints/link-qr",
  "/touchpoints/link-qr/l1/edit",
  "/touchpoints/link-qr/new",
  "/touchpoints/website",
  "/touchpoints/emails",
  "/touchpoints/sms",
  "/touchpoints/sms-text",
  "/touchpoints/contactLists",
  "/touchpoints/contactLists/new",
  "/touchpoints/contactLists/c1/edit",
  "/touchpoints/contactLists/c1/pagination",
  "/touchpoints/contactLists/blockList",
  "/launch-survey/s1",
  "/launch-survey/s1/channel-select",
  "/launch-survey/s1/email",
  "/launch-survey/s1/sms",
  "/launch-survey/s1/schedule",
  "/launch-survey/s1/confirmation",
  "/launch-survey/s1/launched",
];

const routes = buildRoutes();

describe("route table", () => {
  it.each(SPEC_PATHS)("registers %s (not the catch-all)", (path) => {
    const matches = matchRoutes(routes, path);
    expect(matches).not.toBeNull();
    const last = matches![matches!.length - 1]!;
    expect(last.route.path).not.toBe("*");
    expect(findRouteMeta(path).pattern).not.toBe("/*");
  });

  it("unknown paths fall to the catch-all", () => {
    expect(findRouteMeta("/no/such/page").pattern).toBe("/*");
  });

  it("every route has a title and an access kind", () => {
    for (const path of SPEC_PATHS) {
      const meta = findRouteMeta(path);
      expect(meta.title, path).toBeTruthy();
      expect(["open", "tokenAllowed", "requiresLogin"]).toContain(meta.access);
    }
  });

  it("marks the open pages and the token pages", () => {
    const open = SPEC_PATHS.filter((p) => findRouteMeta(p).access === "open").sort();
    expect(open).toEqual(["/auth-callback", "/components", "/logout", "/signup", "/signup/verify-email", "/unsubscribe"]);
    const token = [...SPEC_PATHS, "/settings/billing-history/in_1/pdf"].filter((p) => findRouteMeta(p).access === "tokenAllowed");
    expect(token.sort()).toEqual(["/accept-invitation", "/customer-journey/analytics/j1", "/results", "/settings/billing-history/in_1/pdf"]);
  });

  it("redirects /settings, /surveys, /customer-journey, /notifications/{id} and /launch-survey/{id}", () => {
    const redirectOf = (path: string) => {
      const matches = matchRoutes(routes, path)!;
      const last = matches[matches.length - 1]!;
      const element = last.route.element as { props?: { to?: string } } | undefined;
      return element?.props?.to;
    };
    expect(redirectOf("/settings")).toBe("user");
    expect(redirectOf("/surveys")).toBe("list");
    expect(redirectOf("/customer-journey")).toBe("list");
    expect(redirectOf("/notifications/n1")).toBe("preliminary");
    expect(redirectOf("/launch-survey/s1")).toBe("channel-select");
  });

  it("knows menu membership for children", () => {
    expect(findRouteMeta("/surveys/s1/edit").menu).toBe("surveys");
    expect(findRouteMeta("/touchpoints/contactLists/blockList").menu).toBe("touchpoints");
    expect(findRouteMeta("/settings/user").menu).toBe("settings");
    expect(findRouteMeta("/pings").menu).toBeUndefined();
  });

  it("hides the menu on components, root, callback, signup and verify-email", () => {
    for (const p of ["/components", "/", "/auth-callback", "/signup", "/signup/verify-email"]) {
      expect(findRouteMeta(p).hideMenu, p).toBe(true);
    }
    expect(findRouteMeta("/summary").hideMenu).toBe(false);
  });

  it("builds the named route CustomerJourneyBuilder.edit", () => {
    expect(pathFor("CustomerJourneyBuilder.edit", { id: "j 1" })).toBe("/customer-journey/j%201");
    expect(() => pathFor("Nope", {})).toThrow();
  });

  it("lists /scaffold-2 without putting it in the menu", () => {
    expect(allRoutePatterns()).toContain("/scaffold-2");
    expect(findRouteMeta("/scaffold-2").menu).toBeUndefined();
  });
});
