// The widget's public calls against the real server and database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { defaultWebsiteSettings } from "@feedback/shared/website-settings";
import { registerWidgetRoutes } from "./widget.js";

describe.skipIf(noDatabase)("GET /r/{touchpointId}/widget-settings", () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const suffix = randomBytes(4).toString("hex");
    const featureSet = await t.prisma.featureSet.create({ data: { name: `widget-${suffix}`, features: [] } });
    const org = await t.prisma.organization.create({ data: { name: `Widget ${suffix}`, featureSetId: featureSet.id, countryCode: "FI" } });
    const unit = await t.prisma.unit.create({ data: { organizationId: org.id, name: "Web" } });
    const survey = await t.prisma.survey.create({ data: { organizationId: org.id, unitId: unit.id, name: "Web survey" } });
    const make = async (key: string, data: { type?: "website" | "terminal"; settings?: object; activeSurveyId?: string | null; deleted?: boolean }) => {
      const tp = await t.prisma.touchpoint.create({
        data: {
          organizationId: org.id,
          unitId: unit.id,
          name: key,
          type: data.type ?? "website",
          activeSurveyId: data.activeSurveyId === undefined ? survey.id : data.activeSurveyId,
          settings: data.settings ?? {},
          deleted: data.deleted ?? false,
        },
      });
      ids[key] = tp.id;
    };
    await make("seeded", { settings: { website: defaultWebsiteSettings("shop.test") } });
    await make("inactive", { settings: { website: { ...defaultWebsiteSettings("shop.test"), state: { active: false } } } });
    await make("ended", { settings: { website: { state: { active: true, activeTime: { from: null, to: "2020-01-01T00:00:00Z" } } } } });
    await make("soon", { settings: { website: { state: { active: true, activeTime: { from: new Date(Date.now() + 20_000).toISOString() } } } } });
    await make("noSurvey", { activeSurveyId: null, settings: { website: {} } });
    await make("terminal", { type: "terminal" });
    await make("deleted", { deleted: true, settings: { website: {} } });
    ids.survey = survey.id;
  });
  afterAll(async () => t?.close());

  const get = (id: string, init?: RequestInit) => fetch(`${t.baseUrl}/r/${id}/widget-settings`, init);

  it("answers the settings with every default applied, open to every origin, cached briefly", async () => {
    const res = await get(ids.seeded!, { headers: { origin: "http://shop.test" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      active: true,
      touchpointId: ids.seeded,
      surveyId: ids.survey,
      displayOptions: { type: "cornerWindow", placement: "bottom-right" },
      sample: 100,
      pages: { whitelist: [{ host: "shop.test" }], blacklist: [] },
      recurrence: { declined: 7, responded: 7 },
      showAfterOtherSurvey: 12,
      displayAfterTimeOnPage: 0,
      displayAfterTimeOnSite: 0,
      showFrequency: "untilDeclineOrResponse",
      saveUrlAsMeta: false,
    });
    expect(Date.parse(body.serverTime as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers { active: false } for a switched-off widget, an ended period, or no survey", async () => {
    for (const key of ["inactive", "ended", "noSurvey"]) {
      const res = await get(ids[key]!);
      expect(res.status, key).toBe(200);
      expect(await res.json(), key).toEqual({ active: false });
    }
  });

  it("caches no longer than until the next bound of the active period", async () => {
    const res = await get(ids.soon!);
    expect(await res.json()).toEqual({ active: false });
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(20);
  });

  it("answers 404 for unknown, deleted, malformed and non-website touchpoints", async () => {
    for (const id of ["ffffffffffffffffffffffff", ids.deleted!, ids.terminal!, "not-an-id"]) {
      const res = await get(id);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("answers a CORS preflight", async () => {
    const res = await fetch(`${t.baseUrl}/r/${ids.seeded}/widget-settings`, {
      method: "OPTIONS",
      headers: { origin: "http://shop.test", "access-control-request-method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("GET /widget.js", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "widget-js-"));
  const file = path.join(dir, "widget.js");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves the built script with CORS, caching and revalidation, and 404 before a build", async () => {
    const app = Fastify();
    await registerWidgetRoutes(app, { prisma: {} as never, widgetFile: file });
    expect((await app.inject({ url: "/widget.js" })).statusCode).toBe(404);
    writeFileSync(file, "(function(){})();");
    const res = await app.inject({ url: "/widget.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.body).toBe("(function(){})();");
    const again = await app.inject({ url: "/widget.js", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await app.close();
  });
});
