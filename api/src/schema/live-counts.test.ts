// Live response counts through the real server (Subscription.responseCountChanged over graphql-ws):
// the shared execution of an event (graphql/shared-subscriptions.ts) and the merged bursts
// (domain/responses/live-counts.ts) keep every subscriber's own selection, every refusal, the
// tenancy and the final count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, subscribeWs } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";

type Fixture = { surveyId: string; questionId: string; touchpoints: string[] };

async function surveyWithTouchpoints(t: TestApp, org: OrganizationFixture, name: string): Promise<Fixture> {
  const organizationId = org.organization.id;
  const unitId = org.units.unitA.id;
  const survey = await t.prisma.survey.create({ data: { organizationId, unitId, name, languages: ["en"] } });
  const question = await t.prisma.question.create({ data: { organizationId, surveyId: survey.id, position: 0, type: "nps", title: { en: "NPS" } } });
  const touchpoints = [];
  for (const label of ["Link 1", "Link 2"]) {
    touchpoints.push((await t.prisma.touchpoint.create({ data: { organizationId, unitId, name: label, type: "link", activeSurveyId: survey.id } })).id);
  }
  return { surveyId: survey.id, questionId: question.id, touchpoints };
}

describe.skipIf(noDatabase)("live response counts (responseCountChanged)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let mine: Fixture;
  let theirs: Fixture;
  const tokens: Record<string, string> = {};
  let address = 1;

  /** Stores one response through the respondent endpoint (each from its own address: the per-address limit stays out of the way). */
  const respond = async (f: Fixture, touchpoint = f.touchpoints[0]!) => {
    const r = await fetch(`${t.baseUrl}/r/${touchpoint}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${address++ % 250}` },
      body: JSON.stringify({
        idempotencyKey: `k-${randomBytes(8).toString("hex")}`,
        surveyId: f.surveyId,
        language: "en",
        answers: [{ questionId: f.questionId, value: 9 }],
      }),
    });
    expect(r.status).toBe(201);
  };
  const stored = async (f: Fixture) => ({
    survey: (await t.prisma.survey.findUniqueOrThrow({ where: { id: f.surveyId } })).responseCount,
    touchpoints: await Promise.all(f.touchpoints.map(async (id) => (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).responseCount)),
  });
  const counts = `responseCount touchpoints { touchpointId responseCount }`;
  const watch = (f: Fixture, selection: string, token: string) =>
    subscribeWs(t.baseUrl, `subscription { responseCountChanged(surveyId: "${globalId("Survey", f.surveyId)}") { ${selection} } }`, token);
  const settle = () => new Promise((r) => setTimeout(r, 300));

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    org = await createOrganizationFixture(t.prisma, "Live");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    mine = await surveyWithTouchpoints(t, org, "Watched");
    theirs = await surveyWithTouchpoints(t, other, "Theirs");
    for (const [name, user] of Object.entries({
      admin: org.users.admin,
      viewerA: org.users.viewerA,
      editorA: org.users.editorA,
      adminB: org.users.adminB,
      otherAdmin: other.users.admin,
    })) {
      tokens[name] = (await signInWithPassword(t.baseUrl, user.email, testPassword)).accessToken;
    }
  });
  afterAll(async () => t?.close());

  it("subscribers with different rights and selections each get their own selection; refused callers and another organisation get nothing", async () => {
    const admin = watch(mine, counts, tokens.admin!);
    const viewer = watch(mine, counts, tokens.viewerA!);
    const editor = watch(mine, "surveyId created", tokens.editorA!);
    const noRights = watch(mine, counts, tokens.adminB!);
    const foreign = watch(mine, counts, tokens.otherAdmin!);
    const elsewhere = watch(theirs, counts, tokens.otherAdmin!);
    try {
      await Promise.all([admin, viewer, editor, noRights, foreign, elsewhere].map((s) => s.connected));
      await noRights.waitFor(1);
      await foreign.waitFor(1);
      expect(JSON.stringify([...noRights.events, ...noRights.errors])).toMatch(/rights/);
      expect(JSON.stringify([...foreign.events, ...foreign.errors])).toMatch(/not found/i);
      await settle();

      await respond(mine, mine.touchpoints[1]);
      await Promise.all([admin, viewer, editor].map((s) => s.waitFor(1)));
      const now = await stored(mine);
      const expected = {
        responseCountChanged: { responseCount: now.survey, touchpoints: [{ touchpointId: mine.touchpoints[1], responseCount: now.touchpoints[1] }] },
      };
      expect(admin.events.map((e) => e.data)).toEqual([expected]);
      expect(viewer.events.map((e) => e.data)).toEqual([expected]);
      expect(editor.events.map((e) => e.data)).toEqual([{ responseCountChanged: { surveyId: mine.surveyId, created: 1 } }]);

      // The other organisation's survey: only its own watcher hears of it.
      await respond(theirs);
      await elsewhere.waitFor(1);
      const theirsNow = await stored(theirs);
      expect(elsewhere.events.map((e) => e.data)).toEqual([
        {
          responseCountChanged: {
            responseCount: theirsNow.survey,
            touchpoints: [{ touchpointId: theirs.touchpoints[0], responseCount: theirsNow.touchpoints[0] }],
          },
        },
      ]);
      await settle();
      for (const s of [admin, viewer, editor]) expect(s.events).toHaveLength(1);
      expect([...admin.errors, ...viewer.errors, ...editor.errors, ...elsewhere.errors]).toEqual([]);
      // The refused subscriptions stay refused: nothing after the refusal.
      expect(noRights.events.filter((e) => e.data)).toEqual([]);
      expect(foreign.events.filter((e) => e.data)).toEqual([]);
    } finally {
      await Promise.all([admin, viewer, editor, noRights, foreign, elsewhere].map((s) => s.close()));
    }
  });

  it("a burst ends with the stored counts at every subscriber, every response accounted for", async () => {
    const admin = watch(mine, `${counts} created`, tokens.admin!);
    const viewer = watch(mine, `${counts} created`, tokens.viewerA!);
    try {
      await Promise.all([admin.connected, viewer.connected]);
      await settle();
      const before = await stored(mine);
      const burst = 40;
      await Promise.all(Array.from({ length: burst }, (_, i) => respond(mine, mine.touchpoints[i % 2])));
      // The counters are applied a moment after the responses are stored (the counter flush).
      await expect.poll(async () => (await stored(mine)).survey, { timeout: 10_000 }).toBe(before.survey + burst);
      const after = await stored(mine);
      expect(after.survey).toBe(await t.prisma.response.count({ where: { surveyId: mine.surveyId } }));
      const last = (s: typeof admin) =>
        (s.events.at(-1)?.data as { responseCountChanged: { responseCount: number } } | undefined)?.responseCountChanged.responseCount;
      const deadline = Date.now() + 10_000;
      while ((last(admin) !== after.survey || last(viewer) !== after.survey) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      for (const s of [admin, viewer]) {
        expect(s.errors).toEqual([]);
        const events = s.events.map(
          (e) =>
            (e.data as { responseCountChanged: { responseCount: number; created: number; touchpoints: { touchpointId: string; responseCount: number }[] } })
              .responseCountChanged,
        );
        expect(events.at(-1)!.responseCount).toBe(after.survey);
        // Each response once: the merged events' responses add up to the burst.
        expect(events.reduce((n, e) => n + e.created, 0)).toBe(burst);
        // Counts only go up during arrivals, and each touchpoint's latest count is the stored one.
        expect(events.map((e) => e.responseCount)).toEqual([...events.map((e) => e.responseCount)].sort((a, b) => a - b));
        const latest = new Map<string, number>();
        for (const e of events) for (const tp of e.touchpoints) latest.set(tp.touchpointId, tp.responseCount);
        expect(mine.touchpoints.map((id) => latest.get(id))).toEqual(after.touchpoints);
      }
    } finally {
      await Promise.all([admin.close(), viewer.close()]);
    }
  });
});
