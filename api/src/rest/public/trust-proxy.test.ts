// With the default configuration no proxy is trusted: a respondent naming a new address in
// X-Forwarded-For on every submission is still limited as the one connection it is. With
// TRUST_PROXY naming the proxy, its X-Forwarded-For is the client's address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture } from "../../test/fixtures.js";
import { defaultRateLimits } from "../../domain/respondent/rate-limit.js";

async function linkTouchpoint(t: TestApp) {
  const org = await createOrganizationFixture(t.prisma, "Proxy");
  const organizationId = org.organization.id;
  const unitId = org.units.unitA.id;
  const survey = await t.prisma.survey.create({ data: { organizationId, unitId, name: "Proxy", languages: ["en"] } });
  await t.prisma.question.create({ data: { organizationId, surveyId: survey.id, position: 0, type: "nps", title: { en: "NPS" } } });
  const touchpoint = await t.prisma.touchpoint.create({ data: { organizationId, unitId, name: "Link", type: "link", activeSurveyId: survey.id } });
  return { touchpointId: touchpoint.id, surveyId: survey.id };
}

const { points } = defaultRateLimits.writesPerAddress;

/** `count` submissions (no answers: 400 once counted), each naming another address; their statuses. */
async function rotate(t: TestApp, f: { touchpointId: string; surveyId: string }, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${t.baseUrl}/r/${f.touchpointId}/responses`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${(i % 250) + 1}, 203.0.113.${i % 250}` },
        body: JSON.stringify({ idempotencyKey: `k-${randomBytes(8).toString("hex")}`, surveyId: f.surveyId, answers: [] }),
      }).then((r) => r.status),
    ),
  );
}

describe.skipIf(noDatabase)("X-Forwarded-For and the respondent limits", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  describe("default: no proxy trusted", () => {
    let t: TestApp;
    let f: Awaited<ReturnType<typeof linkTouchpoint>>;
    beforeAll(async () => {
      t = await startTestApp();
      apps.push(t);
      f = await linkTouchpoint(t);
    });

    it("rotating X-Forwarded-For does not escape the per-address limit", async () => {
      // More than two windows' worth: even a machine slow enough to see a second window refuses some.
      const statuses = await rotate(t, f, 2 * points + 1);
      expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(points * 2);
    });
  });

  describe("TRUST_PROXY=127.0.0.1", () => {
    let t: TestApp;
    let f: Awaited<ReturnType<typeof linkTouchpoint>>;
    beforeAll(async () => {
      t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
      apps.push(t);
      f = await linkTouchpoint(t);
    });

    it("the trusted proxy's X-Forwarded-For names the client: different clients have their own limits", async () => {
      const statuses = await rotate(t, f, 2 * points + 1);
      expect(statuses).toEqual(Array.from({ length: 2 * points + 1 }, () => 400));
    });
  });
});
