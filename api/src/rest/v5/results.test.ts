// Summary and results calls on the real server and PostgreSQL, on known data: the formulas
// (satisfaction, NPS, EVI, means, shares), now against earlier, utcOffset day boundaries, every
// groupBy, restrict by answer, metadata strict, the roll-ups answering the same as the raw rows,
// visibility (a viewer of one team), other organisations, bad input, anonymous callers and share links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../test/rest-client.js";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import { loadViewer } from "../../domain/viewer.js";
import type { DomainContext } from "../../domain/context.js";
import { getSummary } from "../../domain/analytics/summary.js";
import { getQuestionResult } from "../../domain/analytics/results.js";
import { generateShareToken } from "../../domain/results-scope/share-token.js";
import { analyticsMessages } from "../../domain/results-scope/filters.js";
import { globalId, gql } from "../../test/graphql-client.js";

describe.skipIf(noDatabase)("summary and results", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let otherSurvey: TestSurvey;
  const tp: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const at = (d: number, h: number, m = 0) => new Date(Date.UTC(2026, 9, d, h, m));
  const window = { from: "2026-10-08", to: "2026-10-14" };
  const ctxOf = async (userId: string): Promise<DomainContext> => ({
    prisma: t.prisma,
    bus: t.bus,
    jobs: t.jobs,
    config: t.config,
    viewer: (await loadViewer(t.prisma, userId, "accessToken"))!,
  });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Results");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.root.id);
    otherSurvey = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.root.id);
    tp.a = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Alpha door", s.survey.id)).id;
    tp.a1 = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA1.id, "Alpha one", s.survey.id)).id;
    tp.b = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitB.id, "Beta web", s.survey.id)).id;
    tp.other = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.root.id, "Other", otherSurvey.survey.id)).id;
    const q = s.questions;
    const u = org.units;
    const r = (
      touchpoint: "a" | "a1" | "b",
      unitId: string,
      createdAt: Date,
      smiley: number,
      nps: number,
      extra: { metadata?: Record<string, string>; hidden?: boolean; choice?: string; multi?: string[]; emotion?: string; slider?: number } = {},
    ) => ({
      surveyId: s.survey.id,
      touchpointId: tp[touchpoint]!,
      unitId,
      createdAt,
      metadata: extra.metadata,
      hidden: extra.hidden,
      answers: [
        { questionId: q.smiley.id, n: smiley },
        { questionId: q.nps.id, n: nps },
        { questionId: q.single.id, choices: [extra.choice ?? "ca"] },
        ...(extra.multi ? [{ questionId: q.multi.id, choices: extra.multi }] : []),
        ...(extra.emotion
          ? [{ questionId: q.emotion.id, choices: [extra.emotion], n: { happy: 1, safe: 0.66, curious: 0.33, angry: -1 }[extra.emotion] }]
          : []),
        ...(extra.slider !== undefined ? [{ questionId: q.slider.id, n: extra.slider }] : []),
      ],
    });
    await insertTestResponses(t.prisma, org.organization.id, [
      // now: 8–14 Oct
      r("a", u.unitA.id, at(8, 10), 1, 10, { metadata: { store: "1", region: "north" }, multi: ["mx", "my"], emotion: "happy", slider: 0.8 }),
      r("a", u.unitA.id, at(9, 14), 0.5, 6, { metadata: { store: "2", region: "north" }, choice: "cb", multi: ["mx"], emotion: "angry", slider: 0.4 }),
      r("b", u.unitB.id, at(10, 23, 30), 0, 8, { metadata: { store: "1", region: "south" }, multi: ["mz"], emotion: "safe" }),
      r("b", u.unitB.id, at(11, 9), 1, 10, { hidden: true }),
      // earlier: 1–7 Oct
      r("a1", u.unitA1.id, at(3, 12), 0.75, 9),
    ]);
    await insertTestResponses(t.prisma, other.organization.id, [
      {
        surveyId: otherSurvey.survey.id,
        touchpointId: tp.other!,
        unitId: other.units.root.id,
        createdAt: at(9, 12),
        answers: [{ questionId: otherSurvey.questions.nps.id, n: 0 }],
      },
    ]);
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  describe("POST /summary", () => {
    it("answers the ranking, average, NPS and count now and earlier beside the organisation's, with a daily series", async () => {
      const res = await call("POST", "/summary", tokens.admin, { ...window, utcOffset: 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const b = res.body;
      expect([b.from, b.to]).toEqual(["2026/10/08", "2026/10/14"]);
      expect(b.count).toEqual({ now: 3, earlier: 1 });
      // (1 + 1.0 + .5 + .6 + 0 + .8) / 6 × 100; earlier (.75 + .9) / 2 × 100
      expect(b.average).toEqual({ now: 65, earlier: 82.5 });
      expect(b.nps).toEqual({ now: 0, earlier: 100 });
      expect(b.orgCount).toEqual(b.count);
      expect(b.ranking.now.map((x: { name: string; position: number; average: number; count: number }) => [x.position, x.name, x.average, x.count])).toEqual([
        [1, "Alpha door", 77.5, 2],
        [2, "Beta web", 40, 1],
      ]);
      expect(b.ranking.earlier.map((x: { name: string }) => x.name)).toEqual(["Alpha one"]);
      expect(b.charts.daily).toHaveLength(7);
      expect(b.charts.daily.slice(0, 4).map((d: { date: string; count: number }) => [d.date, d.count])).toEqual([
        ["2026/10/08", 1],
        ["2026/10/09", 1],
        ["2026/10/10", 1],
        ["2026/10/11", 0],
      ]);
    });

    it("honours utcOffset at day boundaries: 23:30 UTC is the next day at +120", async () => {
      const res = await call("POST", "/summary", tokens.admin, { ...window, utcOffset: 120 });
      expect(res.body.charts.daily.slice(2, 4).map((d: { date: string; count: number }) => [d.date, d.count])).toEqual([
        ["2026/10/10", 0],
        ["2026/10/11", 1],
      ]);
      // A window ending on the 10th local time no longer holds the 23:30 UTC response at +120.
      const short = await call("POST", "/summary", tokens.admin, { from: "2026-10-08", to: "2026-10-10", utcOffset: 120 });
      expect(short.body.count.now).toBe(2);
      const west = await call("POST", "/summary", tokens.admin, { from: "2026-10-08", to: "2026-10-10", utcOffset: -60 });
      expect(west.body.count.now).toBe(3);
    });

    it("a viewer of one team sees only its touchpoints, with the organisation's figures beside", async () => {
      const res = await call("POST", "/summary", tokens.viewerA, window);
      expect(res.status).toBe(200);
      expect(res.body.count).toEqual({ now: 2, earlier: 1 });
      expect(res.body.average.now).toBe(77.5);
      expect(res.body.orgCount).toEqual({ now: 3, earlier: 1 });
      expect(res.body.orgAverage.now).toBe(65);
      expect(res.body.ranking.now.map((x: { name: string }) => x.name)).toEqual(["Alpha door"]);
    });

    it("another organisation sees its own data only; its survey ids give no data here", async () => {
      const mine = await call("POST", "/summary", tokens.otherAdmin, window);
      expect(mine.body.count.now).toBe(1);
      expect(mine.body.ranking.now.map((x: { name: string }) => x.name)).toEqual(["Other"]);
      const foreign = await call("POST", "/summary", tokens.admin, { ...window, surveyId: [otherSurvey.survey.id] });
      expect(foreign.body.count.now).toBe(0);
      expect(foreign.body.orgCount.now).toBe(3);
      expect(foreign.body.average.now).toBeNull();
    });

    it("refuses bad input and anonymous callers", async () => {
      expect((await call("POST", "/summary", tokens.admin, { from: "2026-10-14", to: "2026-10-08" })).body.error).toBe(analyticsMessages.reversedRange);
      expect((await call("POST", "/summary", tokens.admin, { from: "1990-01-01", to: "2026-10-08" })).status).toBe(400);
      const unknown = await call("POST", "/summary", tokens.admin, { colour: "red" });
      expect(unknown).toMatchObject({ status: 400, body: { error: "Unknown filter 'colour'" } });
      expect((await call("POST", "/summary", undefined, window)).status).toBe(401);
    });

    it("the roll-ups answer exactly what the raw rows answer", async () => {
      const ctx = await ctxOf(org.users.admin.id);
      for (const utcOffset of [0, 120, -300, 330]) {
        const input = { ...window, utcOffset };
        expect(await getSummary(ctx, input)).toEqual(await getSummary(ctx, input, { source: "raw" }));
      }
    });
  });

  describe("results", () => {
    const question = (token: string | undefined, questionId: string, filters: Record<string, unknown> = {}) =>
      call("POST", "/results/question", token, { questionId, ...window, utcOffset: 0, ...filters });

    it("smiley: distribution per button, mean, satisfaction; earlier; organisation count", async () => {
      const res = await question(tokens.admin, s.questions.smiley.id, { options: { satisfactionReport: true } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const b = res.body;
      expect(b.mainResult).toMatchObject({ count: 3, mean: 0.5, satisfaction: 50 });
      expect(b.mainResult.distribution.map((d: { label: string; count: number; percent: number }) => [d.label, d.count, d.percent])).toEqual([
        ["0", 1, 33.3],
        ["1", 0, 0],
        ["2", 1, 33.3],
        ["3", 0, 0],
        ["4", 1, 33.3],
      ]);
      expect(b.earlier).toMatchObject({ count: 1, satisfaction: 75 });
      expect(b.organizationNowCount.overallCount).toBe(3);
      expect(b.satisfactionReport).toMatchObject({ dissatisfied: { count: 1 }, neutral: { count: 1 }, satisfied: { count: 1 } });
      expect(b.source).toBe("rollup");
    });

    it("NPS, EVI, multiple choice shares and slider means", async () => {
      const nps = (await question(tokens.admin, s.questions.nps.id)).body.mainResult;
      expect(nps).toMatchObject({ count: 3, nps: 0, promoters: 1, passives: 1, detractors: 1, mean: 8 });
      expect(nps.distribution).toHaveLength(11);
      const evi = (await question(tokens.admin, s.questions.emotion.id)).body.mainResult;
      expect(evi.evi).toBe(22); // (1 − 1 + 0.66) / 3 × 100
      expect(evi.distribution.map((d: { label: string; count: number }) => [d.label, d.count])).toEqual([
        ["Happy", 1],
        ["Safe", 1],
        ["Curious", 0],
        ["Angry", 1],
      ]);
      const multi = (await question(tokens.admin, s.questions.multi.id)).body.mainResult;
      expect(multi.count).toBe(3);
      expect(multi.distribution.map((d: { value: string; percent: number }) => [d.value, d.percent])).toEqual([
        ["mx", 66.7],
        ["my", 33.3],
        ["mz", 33.3],
      ]);
      const slider = (await question(tokens.admin, s.questions.slider.id)).body.mainResult;
      expect(slider).toMatchObject({ count: 2, mean: 6, satisfaction: 60 });
    });

    it("EVI per cluster and per emotion, from the roll-ups and the raw rows alike, in REST and GraphQL (hand-computed)", async () => {
      // Clusters configured on the question: advocacy 1, trust 0.5, attention 0, destroying −1. "gone"
      // was an emotion of the trust cluster that the question no longer lists: its answers carry 0.5.
      const choice = (id: string, text: string, cluster: string) => ({ id, text: { en: text }, cluster });
      const q = await t.prisma.question.create({
        data: {
          organizationId: org.organization.id,
          surveyId: s.survey.id,
          position: 7,
          type: "emotion",
          title: { en: "How do you feel?" },
          options: { clusters: { advocacy: 1, trust: 0.5, attention: 0, destroying: -1 } },
          choices: [
            choice("love", "Love", "advocacy"),
            choice("calm", "Calm", "trust"),
            choice("bored", "Bored", "attention"),
            choice("mad", "Mad", "destroying"),
          ],
        },
      });
      const values: Record<string, number> = { love: 1, calm: 0.5, bored: 0, mad: -1, gone: 0.5 };
      // 8 Oct: love ×2, calm, mad; 9 Oct: love, calm, bored, mad, gone.
      const answers: [number, string][] = [
        [8, "love"],
        [8, "love"],
        [8, "calm"],
        [8, "mad"],
        [9, "love"],
        [9, "calm"],
        [9, "bored"],
        [9, "mad"],
        [9, "gone"],
      ];
      await insertTestResponses(
        t.prisma,
        org.organization.id,
        answers.map(([day, emotion], i) => ({
          surveyId: s.survey.id,
          touchpointId: tp.b!,
          unitId: org.units.unitB.id,
          createdAt: at(day, 8, i),
          answers: [{ questionId: q.id, choices: [emotion], n: values[emotion] }],
        })),
      );
      // 9 answers; sum 3 + 1 + 0 − 2 + 0.5 = 2.5; EVI = 2.5 / 9 × 100 = 27.8.
      const expected = [
        { cluster: "advocacy", value: 1, count: 3, percent: 33.3 },
        { cluster: "trust", value: 0.5, count: 3, percent: 33.3 },
        { cluster: "attention", value: 0, count: 1, percent: 11.1 },
        { cluster: "destroying", value: -1, count: 2, percent: 22.2 },
      ];
      const ctx = await ctxOf(org.users.admin.id);
      const filters = { ...window, utcOffset: 0, groupBy: "daily" };
      const fromRollup = await getQuestionResult(ctx, q.id, filters, { source: "rollup" });
      const fromRaw = await getQuestionResult(ctx, q.id, filters, { source: "raw" });
      expect({ ...fromRollup, source: "x" }).toEqual({ ...fromRaw, source: "x" });
      expect(fromRollup.mainResult).toMatchObject({ count: 9, evi: 27.8, eviClusters: expected });
      expect(fromRollup.mainResult!.distribution.map((d) => [d.value, d.count])).toEqual([
        ["love", 3],
        ["calm", 2],
        ["bored", 1],
        ["mad", 2],
        ["gone", 1],
      ]);
      // Per day: 8 Oct (2 + 0.5 − 1) / 4 = 37.5; 9 Oct (1 + 0.5 + 0 − 1 + 0.5) / 5 = 20.
      expect(fromRollup.series.map((p) => [p.label, p.metrics.evi, p.eviClusters!.map((c) => c.count)])).toEqual([
        ["2026/10/08", 37.5, [2, 1, 0, 1]],
        ["2026/10/09", 20, [1, 2, 1, 1]],
      ]);

      const rest = await question(tokens.admin, q.id);
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.mainResult.eviClusters).toEqual(expected);
      const graph = await gql(
        t.baseUrl,
        `query ($q: ID!, $f: ResultsFilterInput) { questionResult(questionId: $q, filters: $f) { mainResult { evi eviClusters { cluster value count percent } } } }`,
        { q: globalId("Question", q.id), f: { ...window, utcOffset: 0 } },
        tokens.admin,
      );
      expect(graph.data?.questionResult.mainResult).toEqual({ evi: 27.8, eviClusters: expected });
      // Other question types carry no clusters; the default clusters apply when a question sets none.
      expect((await question(tokens.admin, s.questions.nps.id)).body.mainResult.eviClusters).toBeNull();
      expect(
        (await question(tokens.admin, s.questions.emotion.id)).body.mainResult.eviClusters.map((c: { cluster: string; value: number; count: number }) => [
          c.cluster,
          c.value,
          c.count,
        ]),
      ).toEqual([
        ["advocacy", 1, 1],
        ["trust", 0.66, 1],
        ["attention", 0.33, 0],
        ["destroying", -1, 1],
      ]);
      await t.prisma.question.delete({ where: { id: q.id } });
    });

    it("groups by every groupBy, rollup and raw alike", async () => {
      const ctx = await ctxOf(org.users.admin.id);
      const groups = async (groupBy: string, extra: Record<string, unknown> = {}) => {
        const filters = { ...window, utcOffset: 0, groupBy, ...extra };
        const fromRollup = await getQuestionResult(ctx, s.questions.nps.id, filters);
        const fromRaw = await getQuestionResult(ctx, s.questions.nps.id, filters, { source: "raw" });
        expect({ ...fromRollup, source: "x" }).toEqual({ ...fromRaw, source: "x" });
        return fromRollup.series.map((p) => [p.label, p.metrics.count]);
      };
      expect(await groups("daily")).toEqual([
        ["2026/10/08", 1],
        ["2026/10/09", 1],
        ["2026/10/10", 1],
      ]);
      expect(await groups("daily", { utcOffset: 120 })).toEqual([
        ["2026/10/08", 1],
        ["2026/10/09", 1],
        ["2026/10/11", 1],
      ]);
      expect(await groups("hourly")).toEqual([
        ["10", 1],
        ["14", 1],
        ["23", 1],
      ]);
      expect(await groups("weekday")).toEqual([
        ["Thursday", 1],
        ["Friday", 1],
        ["Saturday", 1],
      ]);
      expect(await groups("weekNumber")).toEqual([["2026-W41", 3]]);
      expect(await groups("monthly")).toEqual([["2026-10", 3]]);
      expect((await groups("source")).sort()).toEqual([
        ["Alpha door", 2],
        ["Beta web", 1],
      ]);
      expect(await groups("metadata", { groupByMetaKey: "store" })).toEqual([
        ["1", 2],
        ["2", 1],
      ]);
      const stacked = await getQuestionResult(ctx, s.questions.single.id, { ...window, groupBy: "source", options: { stackGraphsTo100: true } });
      expect(stacked.stackedTo100).toBe(true);
      for (const p of stacked.series) expect(p.distribution.reduce((a, d) => a + d.percent, 0)).toBeCloseTo(100, 0);
    });

    it("restrict by answer (one single-choice item and two items: the response bit strings) and metadata match (strict and not)", async () => {
      const restricted = (await question(tokens.admin, s.questions.smiley.id, { restrictByAnswer: [{ questionId: s.questions.single.id, values: ["cb"] }] }))
        .body;
      expect(restricted.source).toBe("rollup");
      expect(restricted.mainResult).toMatchObject({ count: 1, satisfaction: 50 });
      const two = (
        await question(tokens.admin, s.questions.smiley.id, {
          restrictByAnswer: [
            { questionId: s.questions.single.id, values: ["cb"] },
            { questionId: s.questions.smiley.id, values: [0.5] },
          ],
        })
      ).body;
      // Served without the raw rows: the response bit strings (analytics/response-bits.ts).
      expect(two.source).toBe("rollup");
      expect(two.mainResult).toMatchObject({ count: 1, satisfaction: 50 });
      const meta = (strict: boolean) =>
        question(tokens.admin, s.questions.nps.id, {
          metaDataMatch: {
            strict,
            items: [
              { key: "region", value: "north" },
              { key: "store", value: "1" },
            ],
          },
        }).then((r) => r.body.mainResult.count);
      expect(await meta(false)).toBe(3);
      expect(await meta(true)).toBe(1);
    });

    it("the touchpoint filter narrows the result but not the organisation's count; a viewer sees their team only", async () => {
      const b = (await question(tokens.admin, s.questions.nps.id, { channelId: [tp.b] })).body;
      expect(b.mainResult.count).toBe(1);
      expect(b.organizationNowCount.overallCount).toBe(3);
      expect((await question(tokens.viewerA, s.questions.nps.id)).body.mainResult.count).toBe(2);
    });

    it("bad input, another organisation's question, anonymous callers", async () => {
      expect((await question(tokens.admin, s.questions.nps.id, { colour: 1 })).body).toMatchObject({ error: "Unknown filter 'colour'" });
      expect((await question(tokens.admin, s.questions.nps.id, { from: "2026-10-14", to: "2026-10-01" })).status).toBe(400);
      expect((await question(tokens.admin, "nope")).status).toBe(400);
      expect((await question(tokens.admin, otherSurvey.questions.nps.id)).status).toBe(404);
      expect((await question(tokens.otherAdmin, s.questions.nps.id)).status).toBe(404);
      expect((await question(undefined, s.questions.nps.id)).status).toBe(401);
    });

    it("GET /results/defaults and /results/preflight", async () => {
      const d = await call("GET", "/results/defaults?utcOffset=120", tokens.admin);
      expect(d.status).toBe(200);
      expect(d.body.from).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      expect(d.body.utcOffset).toBe(120);
      const p = await call("GET", `/results/preflight?from=${window.from}&to=${window.to}&channelId=${tp.a},${tp.other}`, tokens.admin);
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      expect(p.body).toMatchObject({ from: "2026/10/08", to: "2026/10/14", surveyId: [s.survey.id], channelId: [tp.a] });
      expect(p.body.usedMeta).toEqual([
        { key: "region", count: 2 },
        { key: "store", count: 2 },
      ]);
      const viewer = await call("GET", `/results/preflight?from=${window.from}&to=${window.to}`, tokens.viewerA);
      expect(viewer.body.sourceList.flatMap((g: { touchpoints: { name: string }[] }) => g.touchpoints.map((x) => x.name)).sort()).toEqual([
        "Alpha door",
        "Alpha one",
      ]);
      expect((await call("GET", "/results/preflight?colour=red", tokens.admin)).status).toBe(400);
      expect((await call("GET", "/results/preflight", undefined)).status).toBe(401);
    });

    it("POST /results/get-used-meta-per-key", async () => {
      const r = await call("POST", "/results/get-used-meta-per-key", tokens.admin, { ...window, metaKey: "store" });
      expect(r.body).toEqual({
        key: "store",
        values: [
          { value: "1", count: 2 },
          { value: "2", count: 1 },
        ],
      });
      expect((await call("POST", "/results/get-used-meta-per-key", tokens.viewerA, { ...window, metaKey: "store" })).body.values).toEqual([
        { value: "1", count: 1 },
        { value: "2", count: 1 },
      ]);
      expect((await call("POST", "/results/get-used-meta-per-key", tokens.otherAdmin, { ...window, metaKey: "store" })).body.values).toEqual([]);
      expect((await call("POST", "/results/get-used-meta-per-key", tokens.admin, { ...window, metaKey: "" })).status).toBe(400);
    });

    it("a share link opens question results without sign-in, within its filters and organisation", async () => {
      const { token, tokenHash } = generateShareToken();
      await t.prisma.shareToken.create({
        data: {
          organizationId: org.organization.id,
          createdByUserId: org.users.admin.id,
          token: tokenHash,
          filters: { ...window, channelId: [tp.a!] },
          allowChanges: ["groupBy"],
        },
      });
      const r = await call("POST", `/results/token/${token}`, undefined, { questionId: s.questions.nps.id, channelId: [tp.b] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.mainResult.count).toBe(2); // the link's touchpoint, not the visitor's
      const viaQuery = await call("POST", `/results/question?token=${token}`, undefined, { questionId: s.questions.nps.id });
      expect(viaQuery.body.mainResult.count).toBe(2);
      const pre = await call("GET", `/results/preflight?token=${token}`, undefined);
      expect(pre.status).toBe(200);
      expect(pre.body.channelId).toEqual([tp.a]);
      // The link's organisation only: another organisation's question is not found.
      expect((await call("POST", `/results/token/${token}`, undefined, { questionId: otherSurvey.questions.nps.id })).status).toBe(404);
      expect((await call("POST", `/results/token/${"x".repeat(43)}`, undefined, { questionId: s.questions.nps.id })).status).toBe(404);
      await t.prisma.shareToken.updateMany({ where: { token: tokenHash }, data: { expiredAt: new Date(Date.now() - 1000) } });
      expect((await call("POST", `/results/token/${token}`, undefined, { questionId: s.questions.nps.id })).status).toBe(410);
    });
  });
});
